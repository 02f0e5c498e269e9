import PDFDocument from 'pdfkit';
import { formatCalendarDate } from '../../domain/dates';
import type { InvoiceDocument, InvoiceLine, InvoiceParty } from '../../domain/invoice-document';
import { formatMoney, makeMoney } from '../../domain/money';
import { drawText, drawTextBlock, layOutText, type Align, type TextBlock, type TextStyle } from './pdf-text';

/**
 * An issued document (tax invoice, bill of supply, receipt, credit note) as an A4 PDF in the site's look,
 * carrying what CGST Rule 46 asks of a tax invoice. Its text is real text: it can be searched and copied,
 * in whatever script a guest's name or address is written (pdf-text.ts).
 */

type Doc = InstanceType<typeof PDFDocument>;

/** The site's palette (src/client/styles/app.css). */
const COLOURS = {
  foreground: '#1f2a24',
  muted: '#5a615b',
  primary: '#2d4a3e',
  accent: '#8a5a2b',
  border: '#d9d0c0',
  band: '#ece6da',
  card: '#f7f3ec',
};

const STYLES = {
  brand: { face: 'display', size: 20, color: COLOURS.primary },
  title: { face: 'display', size: 26, color: COLOURS.accent },
  heading: { face: 'strong', size: 7.5, color: COLOURS.muted },
  text: { face: 'text', size: 9, color: COLOURS.foreground },
  strong: { face: 'strong', size: 9, color: COLOURS.foreground },
  small: { face: 'text', size: 8, color: COLOURS.muted },
  cell: { face: 'text', size: 8.5, color: COLOURS.foreground },
  cellMuted: { face: 'text', size: 7.5, color: COLOURS.muted },
  cellHeading: { face: 'strong', size: 7.5, color: COLOURS.primary },
  total: { face: 'strong', size: 11, color: COLOURS.primary },
} satisfies Record<string, TextStyle>;

const PAGE = { width: 595.28, height: 841.89, margin: 48, footer: 28 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const LEFT = PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - PAGE.footer;

function formatAmount(minor: number, currency: string): string {
  return formatMoney(makeMoney(minor, currency));
}

/** 500 → "5%", 250 → "2.5%". */
function formatRate(basisPoints: number): string {
  return `${(basisPoints / 100).toString()}%`;
}

function formatState(party: { state_name: string | null; state_code: string | null }): string | null {
  if (!party.state_name) return null;
  return party.state_code ? `${party.state_name} (${party.state_code})` : party.state_name;
}

/** A cursor down the page that starts a new page when what comes next does not fit. */
class PageFlow {
  y = PAGE.margin;
  constructor(private readonly doc: Doc) {}

  /** Makes room for `height`; returns whether a new page was started for it. */
  ensure(height: number): boolean {
    if (this.y + height <= BOTTOM) return false;
    this.doc.addPage();
    this.y = PAGE.margin;
    return true;
  }

  gap(height: number) {
    this.y += height;
  }
}

type Column = {
  heading: string;
  width: number;
  align: Align;
  cell: (line: InvoiceLine) => { text: string; note?: string };
};

function chooseColumns(document: InvoiceDocument): Column[] {
  const money = (minor: number) => formatAmount(minor, document.currency);
  const columns: Column[] = [];
  const fixed: Column[] = [];
  if (document.lines.some((line) => line.sac !== null))
    fixed.push({ heading: 'SAC', width: 40, align: 'left', cell: (line) => ({ text: line.sac ?? '' }) });
  if (document.lines.some((line) => line.nights !== null))
    fixed.push({
      heading: 'Nights',
      width: 46,
      align: 'right',
      cell: (line) => ({ text: line.nights === null ? '' : String(line.nights) }),
    });
  if (document.tax_split === 'none') {
    fixed.push({
      heading: document.kind === 'receipt' ? 'Amount' : 'Value of supply',
      width: 84,
      align: 'right',
      cell: (line) => ({ text: money(line.taxable_minor) }),
    });
  } else {
    fixed.push(
      {
        heading: 'Taxable value',
        width: 64,
        align: 'right',
        cell: (line) => ({ text: money(line.taxable_minor) }),
      },
      { heading: 'Rate', width: 32, align: 'right', cell: (line) => ({ text: formatRate(line.rate_bp) }) },
    );
    if (document.tax_split === 'intra_state') {
      // CGST and SGST are each half the rate.
      fixed.push(
        {
          heading: 'CGST',
          width: 56,
          align: 'right',
          cell: (line) => ({ text: money(line.cgst_minor), note: `@ ${formatRate(line.rate_bp / 2)}` }),
        },
        {
          heading: 'SGST',
          width: 56,
          align: 'right',
          cell: (line) => ({ text: money(line.sgst_minor), note: `@ ${formatRate(line.rate_bp / 2)}` }),
        },
      );
    } else {
      fixed.push({
        heading: 'IGST',
        width: 60,
        align: 'right',
        cell: (line) => ({ text: money(line.igst_minor), note: `@ ${formatRate(line.rate_bp)}` }),
      });
    }
    fixed.push({
      heading: 'Amount',
      width: 66,
      align: 'right',
      cell: (line) => ({ text: money(line.total_minor) }),
    });
  }
  const fixedWidth = fixed.reduce((sum, column) => sum + column.width, 0);
  columns.push({
    heading: 'Description',
    width: CONTENT_WIDTH - fixedWidth,
    align: 'left',
    cell: (line) => ({ text: line.description }),
  });
  return [...columns, ...fixed];
}

const CELL_PADDING = { x: 4, y: 5 };

function drawTableHeader(doc: Doc, flow: PageFlow, columns: Column[]) {
  const blocks = columns.map((column) =>
    layOutText(doc, column.heading.toUpperCase(), STYLES.cellHeading, column.width - 2 * CELL_PADDING.x),
  );
  const height = Math.max(...blocks.map((block) => block.height)) + 2 * CELL_PADDING.y;
  doc.rect(LEFT, flow.y, CONTENT_WIDTH, height).fill(COLOURS.band);
  let x = LEFT;
  columns.forEach((column, index) => {
    drawTextBlock(
      doc,
      blocks[index]!,
      x + CELL_PADDING.x,
      flow.y + CELL_PADDING.y,
      column.width - 2 * CELL_PADDING.x,
      column.align,
    );
    x += column.width;
  });
  flow.gap(height);
}

function drawLinesTable(doc: Doc, flow: PageFlow, document: InvoiceDocument) {
  const columns = chooseColumns(document);
  const headerHeight = 2 * CELL_PADDING.y + STYLES.cellHeading.size * 2.7;
  flow.ensure(headerHeight + 40);
  drawTableHeader(doc, flow, columns);
  for (const line of document.lines) {
    const cells = columns.map((column) => {
      const { text, note } = column.cell(line);
      const inner = column.width - 2 * CELL_PADDING.x;
      return {
        main: layOutText(doc, text, STYLES.cell, inner),
        note: note ? layOutText(doc, note, STYLES.cellMuted, inner) : null,
      };
    });
    const height =
      Math.max(...cells.map((cell) => cell.main.height + (cell.note?.height ?? 0))) + 2 * CELL_PADDING.y;
    // A row is never split: it moves whole to the next page, under the table's headings again.
    if (flow.ensure(height)) drawTableHeader(doc, flow, columns);
    let x = LEFT;
    columns.forEach((column, index) => {
      const cell = cells[index]!;
      const inner = column.width - 2 * CELL_PADDING.x;
      drawTextBlock(doc, cell.main, x + CELL_PADDING.x, flow.y + CELL_PADDING.y, inner, column.align);
      if (cell.note)
        drawTextBlock(
          doc,
          cell.note,
          x + CELL_PADDING.x,
          flow.y + CELL_PADDING.y + cell.main.height,
          inner,
          column.align,
        );
      x += column.width;
    });
    flow.gap(height);
    drawRule(doc, {
      y: flow.y,
      from: LEFT,
      to: LEFT + CONTENT_WIDTH,
      lineWidth: 0.5,
      colour: COLOURS.border,
    });
  }
}

/** A horizontal rule at `y`, from `from` to `to`. */
function drawRule(
  doc: Doc,
  rule: { y: number; from: number; to: number; lineWidth: number; colour: string },
) {
  doc
    .moveTo(rule.from, rule.y)
    .lineTo(rule.to, rule.y)
    .lineWidth(rule.lineWidth)
    .strokeColor(rule.colour)
    .stroke();
}

/** A party's lines as Rule 46 lists them; GSTIN and PAN only where GST applies (never on a receipt). */
function partyLines(party: InvoiceParty, showTax: boolean): { text: string; style: TextStyle }[] {
  const lines: { text: string; style: TextStyle }[] = [{ text: party.name, style: STYLES.strong }];
  if (party.trade_name && party.trade_name !== party.name)
    lines.push({ text: `Trade name: ${party.trade_name}`, style: STYLES.text });
  if (party.address) lines.push({ text: party.address, style: STYLES.text });
  const state = formatState(party);
  if (state) lines.push({ text: `State: ${state}`, style: STYLES.text });
  if (showTax && party.gstin) lines.push({ text: `GSTIN: ${party.gstin}`, style: STYLES.text });
  if (showTax && party.pan) lines.push({ text: `PAN: ${party.pan}`, style: STYLES.text });
  if (party.phone) lines.push({ text: `Phone: ${party.phone}`, style: STYLES.text });
  if (party.email) lines.push({ text: `E-mail: ${party.email}`, style: STYLES.text });
  return lines;
}

type Paragraph = { text: string; style: TextStyle };

/** A labelled block of lines (supplier, recipient, stay) laid out for a column, with its height. */
function layOutSection(doc: Doc, heading: string, paragraphs: Paragraph[], width: number) {
  const blocks = [
    layOutText(doc, heading.toUpperCase(), STYLES.heading, width),
    ...paragraphs.map((paragraph) => layOutText(doc, paragraph.text, paragraph.style, width)),
  ];
  const height = blocks.reduce((sum, block, index) => sum + block.height + (index === 0 ? 3 : 1), 0);
  return { blocks, height };
}

function drawSection(doc: Doc, section: { blocks: TextBlock[] }, x: number, top: number, width: number) {
  let y = top;
  section.blocks.forEach((block, index) => {
    drawTextBlock(doc, block, x, y, width);
    y += block.height + (index === 0 ? 3 : 1);
  });
}

function drawHeader(doc: Doc, flow: PageFlow, document: InvoiceDocument) {
  const half = CONTENT_WIDTH / 2;
  const brand = document.supplier.trade_name ?? document.supplier.name;
  const brandHeight = drawText(doc, brand, STYLES.brand, LEFT, flow.y, half - 12);
  let right = flow.y;
  right += drawText(doc, document.title, STYLES.title, LEFT + half, right, half, 'right');
  right += drawText(doc, `No. ${document.number}`, STYLES.strong, LEFT + half, right, half, 'right');
  right += drawText(
    doc,
    `Date: ${formatCalendarDate(document.issued_on)}`,
    STYLES.text,
    LEFT + half,
    right,
    half,
    'right',
  );
  flow.y = Math.max(flow.y + brandHeight, right) + 8;
  drawRule(doc, { y: flow.y, from: LEFT, to: LEFT + CONTENT_WIDTH, lineWidth: 1.2, colour: COLOURS.accent });
  flow.gap(14);
}

function drawParties(doc: Doc, flow: PageFlow, document: InvoiceDocument) {
  const showTax = document.kind !== 'receipt';
  const columnWidth = (CONTENT_WIDTH - 24) / 2;
  const supplier = layOutSection(doc, 'Supplier', partyLines(document.supplier, showTax), columnWidth);
  const recipient = layOutSection(
    doc,
    document.kind === 'receipt' ? 'Received from' : 'Billed to',
    partyLines(document.recipient, showTax),
    columnWidth,
  );
  flow.ensure(Math.max(supplier.height, recipient.height));
  drawSection(doc, supplier, LEFT, flow.y, columnWidth);
  drawSection(doc, recipient, LEFT + columnWidth + 24, flow.y, columnWidth);
  flow.gap(Math.max(supplier.height, recipient.height) + 10);

  const facts: string[] = [];
  if (document.place_of_supply)
    facts.push(
      `Place of supply: ${document.place_of_supply.state_name} (${document.place_of_supply.state_code})`,
    );
  if (document.kind !== 'receipt') facts.push(`Reverse charge: ${document.reverse_charge ? 'Yes' : 'No'}`);
  if (facts.length > 0) {
    // Side by side in the parties' columns: one line each, however they wrap.
    const blocks = facts.map((fact) => layOutText(doc, fact, STYLES.strong, columnWidth));
    const height = Math.max(...blocks.map((block) => block.height));
    flow.ensure(height);
    blocks.forEach((block, index) =>
      drawTextBlock(doc, block, LEFT + index * (columnWidth + 24), flow.y, columnWidth),
    );
    flow.gap(height + 10);
  }
}

function drawStay(doc: Doc, flow: PageFlow, document: InvoiceDocument) {
  const { stay } = document;
  const padding = 10;
  const inner = CONTENT_WIDTH - 2 * padding;
  const nights = `${stay.nights} ${stay.nights === 1 ? 'night' : 'nights'}`;
  const guests = stay.guests === null ? null : `${stay.guests} ${stay.guests === 1 ? 'guest' : 'guests'}`;
  const section = layOutSection(
    doc,
    'Stay',
    [
      { text: stay.property_name, style: STYLES.strong },
      { text: stay.property_address, style: STYLES.text },
      {
        text: `Check-in ${formatCalendarDate(stay.check_in)}  ·  Check-out ${formatCalendarDate(stay.check_out)}  ·  ${nights}${guests ? `  ·  ${guests}` : ''}  ·  Booking ${stay.booking_reference}`,
        style: STYLES.text,
      },
    ],
    inner,
  );
  const height = section.height + 2 * padding;
  flow.ensure(height);
  doc.roundedRect(LEFT, flow.y, CONTENT_WIDTH, height, 4).fill(COLOURS.card);
  drawSection(doc, section, LEFT + padding, flow.y + padding, inner);
  flow.gap(height + 12);
}

function drawCorrection(doc: Doc, flow: PageFlow, document: InvoiceDocument) {
  if (!document.corrects) return;
  const { number, issued_on, reason } = document.corrects;
  const block = layOutText(
    doc,
    `Against invoice ${number} dated ${formatCalendarDate(issued_on)} — ${reason}`,
    STYLES.strong,
    CONTENT_WIDTH,
  );
  flow.ensure(block.height);
  drawTextBlock(doc, block, LEFT, flow.y, CONTENT_WIDTH);
  flow.gap(block.height + 10);
}

function drawTotals(doc: Doc, flow: PageFlow, document: InvoiceDocument) {
  const money = (minor: number) => formatAmount(minor, document.currency);
  const rows: { label: string; amount: string; style: TextStyle }[] = [];
  if (document.tax_split !== 'none') {
    rows.push({ label: 'Taxable value', amount: money(document.taxable_minor), style: STYLES.text });
    if (document.tax_split === 'intra_state') {
      rows.push({ label: 'CGST', amount: money(document.cgst_minor), style: STYLES.text });
      rows.push({ label: 'SGST', amount: money(document.sgst_minor), style: STYLES.text });
    } else {
      rows.push({ label: 'IGST', amount: money(document.igst_minor), style: STYLES.text });
    }
  }
  rows.push({ label: 'Total', amount: money(document.total_minor), style: STYLES.total });
  const width = 220;
  const x = LEFT + CONTENT_WIDTH - width;
  const rowHeight = (style: TextStyle) => style.size * 1.32 + 4;
  const height = rows.reduce((sum, row) => sum + rowHeight(row.style), 0) + 8;
  flow.gap(8);
  flow.ensure(height);
  for (const [index, row] of rows.entries()) {
    if (index === rows.length - 1) {
      drawRule(doc, { y: flow.y + 2, from: x, to: x + width, lineWidth: 0.8, colour: COLOURS.primary });
      flow.gap(6);
    }
    drawText(doc, row.label, row.style, x, flow.y, width / 2);
    drawText(doc, row.amount, row.style, x + width / 2, flow.y, width / 2, 'right');
    flow.gap(rowHeight(row.style));
  }
  flow.gap(8);
  const words = layOutText(doc, `Amount in words: ${document.total_in_words}`, STYLES.text, CONTENT_WIDTH);
  flow.ensure(words.height);
  drawTextBlock(doc, words, LEFT, flow.y, CONTENT_WIDTH);
  flow.gap(words.height + 10);
}

function drawNotes(doc: Doc, flow: PageFlow, document: InvoiceDocument) {
  for (const note of document.notes) {
    const block = layOutText(doc, note, STYLES.small, CONTENT_WIDTH);
    flow.ensure(block.height);
    drawTextBlock(doc, block, LEFT, flow.y, CONTENT_WIDTH);
    flow.gap(block.height + 2);
  }
}

function drawSignatory(doc: Doc, flow: PageFlow, document: InvoiceDocument) {
  const width = 220;
  const x = LEFT + CONTENT_WIDTH - width;
  const forLine = layOutText(doc, `For ${document.supplier.name}`, STYLES.strong, width);
  const signedBy = [
    layOutText(doc, 'Authorised signatory', STYLES.small, width),
    ...(document.signatory ? [layOutText(doc, document.signatory, STYLES.text, width)] : []),
  ];
  const space = 34;
  const height = forLine.height + space + signedBy.reduce((sum, block) => sum + block.height, 0) + 4;
  flow.gap(16);
  flow.ensure(height);
  drawTextBlock(doc, forLine, x, flow.y, width, 'right');
  flow.gap(forLine.height + space);
  drawRule(doc, { y: flow.y, from: x + 60, to: x + width, lineWidth: 0.5, colour: COLOURS.muted });
  flow.gap(4);
  for (const block of signedBy) {
    drawTextBlock(doc, block, x, flow.y, width, 'right');
    flow.gap(block.height);
  }
}

/** "Tax Invoice SV/26-27/0042 · Page 1 of 2" at the foot of every page. */
function drawFooters(doc: Doc, document: InvoiceDocument) {
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    drawText(
      doc,
      `${document.title} ${document.number}  ·  Page ${index + 1} of ${range.count}`,
      STYLES.small,
      LEFT,
      PAGE.height - PAGE.margin - 10,
      CONTENT_WIDTH,
      'center',
    );
  }
}

export async function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    // Fixed metadata dates keep the same document's PDF the same bytes.
    info: {
      Title: `${document.title} ${document.number}`,
      Author: document.supplier.name,
      CreationDate: new Date(`${document.issued_on}T00:00:00Z`),
    },
    lang: 'en-IN',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const flow = new PageFlow(doc);
  drawHeader(doc, flow, document);
  drawParties(doc, flow, document);
  drawStay(doc, flow, document);
  drawCorrection(doc, flow, document);
  drawLinesTable(doc, flow, document);
  drawTotals(doc, flow, document);
  drawNotes(doc, flow, document);
  drawSignatory(doc, flow, document);
  drawFooters(doc, document);
  doc.end();
  return finished;
}
