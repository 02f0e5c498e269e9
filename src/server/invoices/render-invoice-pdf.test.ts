import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from '../../domain/dates';
import type { InvoiceDocument, InvoiceParty } from '../../domain/invoice-document';
import { renderInvoicePdf } from './render-invoice-pdf';
import {
  makeSampleBillOfSupply,
  makeSampleCreditNote,
  makeSampleDevanagariInvoice,
  makeSampleInterStateInvoice,
  makeSampleLine,
  makeSampleReceipt,
  makeSampleTaxInvoice,
} from './test/sample-invoice-documents';

// The PDFs are read back as a person's PDF reader would, with poppler's pdftotext (Debian: poppler-utils).
const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;
if (!hasPdftotext)
  console.warn('Skipping the invoice PDF tests: pdftotext is missing (apt-get install poppler-utils)');

function runPdftotext(pdf: Buffer, args: string[]): string {
  const result = spawnSync('pdftotext', [...args, '-', '-'], { input: pdf, maxBuffer: 16 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr.toString()}`);
  return result.stdout.toString('utf8');
}

/** The PDF's text as `pdftotext -layout` reads it, with every run of spaces made one. */
async function readPdfText(document: InvoiceDocument): Promise<string> {
  const pdf = await renderInvoicePdf(document);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  return runPdftotext(pdf, ['-layout']).replace(/[ \t]+/g, ' ');
}

/** An address wraps inside its column, beside the other column: each of its parts is read whole. */
function expectAddress(text: string, address: string | null) {
  for (const part of address!.split(', ')) expect(text).toContain(part);
}

function expectParty(text: string, party: InvoiceParty) {
  expect(text).toContain(party.name);
  expectAddress(text, party.address);
  if (party.gstin) expect(text).toContain(`GSTIN: ${party.gstin}`);
}

/** What CGST Rule 46 asks every tax invoice (and credit note) to show, tax columns apart. */
function expectRule46Fields(text: string, document: InvoiceDocument) {
  expectParty(text, document.supplier);
  expectParty(text, document.recipient);
  expect(text).toContain(`No. ${document.number}`);
  expect(text).toContain(`Date: ${formatCalendarDate(document.issued_on)}`);
  expect(text).toContain('996311');
  expect(text).toContain('Place of supply: Maharashtra (27)');
  expect(text).toContain('Reverse charge: No');
  expect(text).toContain(`Amount in words: ${document.total_in_words}`);
  expect(text).toContain(`For ${document.supplier.name}`);
  expect(text).toContain('Authorised signatory');
  expect(text).toContain(document.signatory!);
  expect(text).not.toMatch(/\bnull\b|undefined|NaN/);
}

/** A4 in points, and the page margin no word may cross. */
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 40;

/** Words (as pdftotext -bbox places them) that overlap another word or reach into the page's margin. */
function findMisplacedWords(pdf: Buffer): string[] {
  const misplaced: string[] = [];
  for (const page of runPdftotext(pdf, ['-bbox']).split('<page ').slice(1)) {
    const words = [
      ...page.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g),
    ].map((match) => ({
      box: match.slice(1, 5).map(Number) as [number, number, number, number],
      word: match[5]!,
    }));
    for (const [index, { box, word }] of words.entries()) {
      const [x0, y0, x1, y1] = box;
      if (x0 < MARGIN || y0 < MARGIN || x1 > PAGE_WIDTH - MARGIN || y1 > PAGE_HEIGHT - MARGIN)
        misplaced.push(`${word} in the margin`);
      for (const other of words.slice(index + 1)) {
        const [bx0, by0, bx1, by1] = other.box;
        // Half a point of leeway: a line's box touches the next line's.
        if (x0 < bx1 - 0.5 && bx0 < x1 - 0.5 && y0 < by1 - 0.5 && by0 < y1 - 0.5)
          misplaced.push(`${word} over ${other.word}`);
      }
    }
  }
  return misplaced;
}

describe.skipIf(!hasPdftotext)('an invoice PDF read back as text', () => {
  it('shows a tax invoice within the state with CGST and SGST at half of each rate band', async () => {
    const document = makeSampleTaxInvoice();
    const text = await readPdfText(document);
    expectRule46Fields(text, document);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('PAN: AABCS1234F');
    // 5 % on ₹21,000 and 18 % on ₹80,000: CGST and SGST of ₹525 and ₹7,200 each.
    expect(text).toMatch(/₹21,000 5% ₹525 ₹525 ₹22,050/);
    expect(text).toMatch(/₹80,000 18% ₹7,200 ₹7,200 ₹94,400/);
    expect(text).toMatch(/@ 2\.5% @ 2\.5%/);
    expect(text).toMatch(/@ 9% @ 9%/);
    expect(text).toContain('Taxable value ₹1,01,000');
    expect(text).toContain('CGST ₹7,725');
    expect(text).toContain('SGST ₹7,725');
    expect(text).toContain('Total ₹1,16,450');
    expect(text).not.toContain('IGST');
  });

  it('shows IGST and the recipient’s GSTIN on an invoice to another state', async () => {
    const document = makeSampleInterStateInvoice();
    const text = await readPdfText(document);
    expectRule46Fields(text, document);
    expect(text).toContain('GSTIN: 29AAJFB9876K1Z2');
    expect(text).toContain('State: Karnataka (29)');
    expect(text).toMatch(/₹93,500 18% ₹16,830 ₹1,10,330/);
    expect(text).toContain('IGST ₹16,830');
    expect(text).toContain('Total ₹1,10,330');
    expect(text).toContain('Indian Rupees One Lakh Ten Thousand Three Hundred Thirty Only');
    expect(text).not.toMatch(/CGST|SGST/);
  });

  it('shows a bill of supply with its value and no tax', async () => {
    const document = makeSampleBillOfSupply();
    const text = await readPdfText(document);
    expect(text).toContain('Bill of Supply');
    expectParty(text, document.supplier);
    expectParty(text, document.recipient);
    expect(text).toContain('996311');
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toContain('Reverse charge: No');
    expect(text).toContain('Total ₹21,000');
    expect(text).not.toMatch(/GSTIN|CGST|SGST|IGST|Taxable value/);
  });

  it('shows a receipt in dirhams without any GST field', async () => {
    const document = makeSampleReceipt();
    const text = await readPdfText(document);
    expect(text).toContain('Receipt');
    expect(text).toContain(`No. ${document.number}`);
    expect(text).toContain(document.supplier.name);
    expect(text).toContain(document.recipient.name);
    expect(text).toContain('Total AED 2,400.50');
    expect(text).toContain(`Amount in words: ${document.total_in_words}`);
    expect(text).not.toMatch(/GSTIN|SAC|CGST|SGST|IGST|Reverse charge|Place of supply|null/);
  });

  it('shows a credit note with the invoice it corrects and why', async () => {
    const document = makeSampleCreditNote();
    const text = await readPdfText(document);
    expectRule46Fields(text, document);
    expect(text).toContain('Credit Note');
    expect(text).toContain(
      `Against invoice SV/26-27/0042 dated ${formatCalendarDate('2026-12-15')} — Stay shortened by one night`,
    );
    expect(text).toContain('Total ₹7,350');
  });

  it('leaves out what is not given instead of printing it empty', async () => {
    const text = await readPdfText(
      makeSampleTaxInvoice({
        supplier: { ...makeSampleTaxInvoice().supplier, trade_name: null, pan: null },
        signatory: null,
        notes: [],
      }),
    );
    expect(text).not.toMatch(/Trade name|PAN|null/);
    expect(text).toContain('Authorised signatory');
  });

  it('reads Devanagari names back as the same Unicode text', async () => {
    const document = makeSampleDevanagariInvoice();
    const pdf = await renderInvoicePdf(document);
    const text = runPdftotext(pdf, []);
    // The shaped glyphs stand in visual order; the text read back is still the name as written.
    expect(text).toContain('अनन्या देशपांडे');
    expect(text).toContain('सूर्यास्त व्हिला, लोणावळा');
    expect(text).toContain('शिवाजीनगर, पुणे, महाराष्ट्र ४११००५');
    expect(text).toContain('सूर्यास्त व्हिला येथे मुक्काम, ३ रात्री');
  });

  it('wraps long names and addresses inside their columns', async () => {
    const recipient = {
      ...makeSampleTaxInvoice().recipient,
      name: 'Maharashtra State Cooperative Agricultural and Rural Multipurpose Development Bank Limited',
      address:
        'Plot 17, Sahakar Bhavan, Near Old Vidhan Bhavan, Shivajinagar, Pune, Maharashtra 411005\nAttention: accounts@maharashtra-cooperative-rural-development-bank.example.com',
    };
    const document = makeSampleTaxInvoice({
      recipient,
      stay: { ...makeSampleTaxInvoice().stay, property_name: 'सूर्यास्त व्हिला, लोणावळा, '.repeat(6) },
    });
    const pdf = await renderInvoicePdf(document);
    const text = runPdftotext(pdf, ['-layout']).replace(/[ \t]+/g, ' ');
    for (const word of recipient.name.split(' ')) expect(text).toContain(word);
    expect(text).toContain('Attention:');
    expect(findMisplacedWords(pdf)).toEqual([]);
  });

  it('carries many lines over to more pages, words never overlapping', async () => {
    const lines = Array.from({ length: 40 }, (_, index) =>
      makeSampleLine(
        `Night ${index + 1}: accommodation at Sunset Villa, a description long enough to wrap in its column`,
        700_000,
        500,
        'intra_state',
        1,
      ),
    );
    const document = makeSampleTaxInvoice({ lines });
    const pdf = await renderInvoicePdf(document);
    const text = runPdftotext(pdf, ['-layout']);
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (let night = 1; night <= 40; night += 1) expect(text).toContain(`Night ${night}:`);
    expect(text).toContain(`Page ${pages.length} of ${pages.length}`);
    // The table's headings start each page it goes on.
    expect(pages.slice(1).some((page) => page.includes('DESCRIPTION'))).toBe(true);

    expect(findMisplacedWords(pdf)).toEqual([]);
  });
});
