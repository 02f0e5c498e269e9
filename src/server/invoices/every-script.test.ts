import { spawnSync } from 'node:child_process';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { loadFont } from './pdf-fonts';
import { findUnprintableCharacters, layOutText, type TextStyle } from './pdf-text';
import { renderInvoicePdf } from './render-invoice-pdf';
import { SAMPLE_GUESTS_BY_SCRIPT, makeSampleScriptInvoice } from './test/sample-invoice-documents';

// The PDFs are read back as a person's PDF reader would, with poppler (Debian: poppler-utils).
const hasPoppler =
  spawnSync('pdftotext', ['-v']).error === undefined && spawnSync('pdftoppm', ['-v']).error === undefined;

function runPoppler(tool: 'pdftotext' | 'pdftoppm', pdf: Buffer, args: string[]): Buffer {
  const result = spawnSync(tool, [...args, '-', ...(tool === 'pdftotext' ? ['-'] : [])], {
    input: pdf,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr.toString()}`);
  return result.stdout;
}

/** The text as poppler reads it, without the embedding marks it puts around right-to-left text. */
const readText = (pdf: Buffer) =>
  runPoppler('pdftotext', pdf, [])
    .toString('utf8')
    .replace(/[\u202a-\u202e]/g, '');

type Word = { text: string; x0: number; y0: number; x1: number; y1: number };

function readWords(pdf: Buffer): Word[] {
  const xml = runPoppler('pdftotext', pdf, ['-bbox', '-l', '1']).toString('utf8');
  return [...xml.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g)].map(
    (match) => ({
      x0: Number(match[1]),
      y0: Number(match[2]),
      x1: Number(match[3]),
      y1: Number(match[4]),
      text: match[5]!,
    }),
  );
}

/** The share of dark pixels in a region of page 1 (in points), drawn by pdftoppm in grey at 144 dpi. */
function measureInk(pdf: Buffer, region: { x: number; y: number; width: number; height: number }): number {
  const scale = 144 / 72;
  const pgm = runPoppler('pdftoppm', pdf, [
    '-gray',
    '-r',
    '144',
    '-f',
    '1',
    '-l',
    '1',
    '-x',
    String(Math.floor(region.x * scale)),
    '-y',
    String(Math.floor(region.y * scale)),
    '-W',
    String(Math.ceil(region.width * scale)),
    '-H',
    String(Math.ceil(region.height * scale)),
  ]);
  // A binary PGM: "P5 width height 255" then one byte a pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.toString('latin1', 0, 40))!;
  const pixels = pgm.subarray(header[0].length);
  let dark = 0;
  for (const pixel of pixels) if (pixel < 128) dark += 1;
  return dark / pixels.length;
}

const NAME_STYLE: TextStyle = { face: 'strong', size: 9, color: '#000' };
const ADDRESS_STYLE: TextStyle = { face: 'text', size: 9, color: '#000' };

/** Every glyph the text is drawn with, as fontkit shapes each run in its font: 0 is .notdef, a box. */
function listGlyphIds(text: string, style: TextStyle): number[] {
  const doc = new PDFDocument();
  return layOutText(doc, text, style, 240).lines.flatMap((line) =>
    line.runs.flatMap((run) =>
      loadFont(run.source)
        .layout(run.text)
        .glyphs.map((glyph) => glyph.id),
    ),
  );
}

describe('a guest in any script', () => {
  it.each(SAMPLE_GUESTS_BY_SCRIPT)(
    'has a glyph for every character of a $script name and address',
    (guest) => {
      expect(findUnprintableCharacters(`${guest.name} ${guest.address}`)).toEqual([]);
      for (const [text, style] of [
        [guest.name, NAME_STYLE],
        [guest.address, ADDRESS_STYLE],
      ] as const) {
        const ids = listGlyphIds(text, style);
        expect(ids.length).toBeGreaterThan(0);
        expect(ids.filter((id) => id === 0)).toEqual([]);
      }
    },
  );

  it('draws emoji from their own font, sequences whole', () => {
    const name = 'Asha 😀 Rao 👨‍👩‍👧 🇮🇳 ❤️';
    expect(findUnprintableCharacters(name)).toEqual([]);
    const doc = new PDFDocument();
    const runs = layOutText(doc, name, NAME_STYLE, 400).lines.flatMap((line) => line.runs);
    const family = runs.find((run) => run.actual === '👨‍👩‍👧')!;
    expect(family.source.key).toMatch(/^noto-emoji-/);
    // One glyph for the family: its three people and the joiners make one ligature.
    expect(
      loadFont(family.source)
        .layout(family.text)
        .glyphs.map((glyph) => glyph.id),
    ).toHaveLength(1);
    expect(listGlyphIds(name, NAME_STYLE).filter((id) => id === 0)).toEqual([]);
  });

  it('names what no font draws or what steers the direction of text, each once', () => {
    expect(findUnprintableCharacters('김민준')).toEqual(['김', '민', '준']);
    expect(findUnprintableCharacters('Asha \u202eoaR\u202c \ue000 \u200b Asha')).toEqual([
      '\u202e',
      '\u202c',
      '\ue000',
      '\u200b',
    ]);
    expect(findUnprintableCharacters('Ananya Deshpande, अनन्या देशपांडे')).toEqual([]);
  });

  it('lays a right-to-left line out in visual order, numbers and Latin left to right inside it', () => {
    const doc = new PDFDocument();
    const [line] = layOutText(doc, 'فيلا (محمد) رقم ١٢٣، Jumeirah 2 - دبي', ADDRESS_STYLE, 400).lines;
    const runs = [...line!.runs].sort((a, b) => a.x - b.x);
    expect(runs.map((run) => run.actual)).toEqual([
      'دبي',
      '-',
      'Jumeirah',
      '2',
      '،',
      '١٢٣',
      'رقم',
      ')',
      'محمد',
      '(',
      'فيلا',
    ]);
    // Brackets face the way they do in right-to-left text; the digits keep their order.
    expect(runs[7]!.text).toBe('(');
    expect(runs[9]!.text).toBe(')');
    const digits = runs[5]!;
    const glyphs = loadFont(digits.source).layout(digits.text).glyphs;
    expect(glyphs.map((glyph) => glyph.codePoints[0])).toEqual([0x661, 0x662, 0x663]);
  });
});

describe.skipIf(!hasPoppler)('an invoice to a guest in any script, read back and looked at', () => {
  it.each(SAMPLE_GUESTS_BY_SCRIPT)('prints a $script name that reads back as typed', async (guest) => {
    const pdf = await renderInvoicePdf(makeSampleScriptInvoice(guest));
    const text = readText(pdf);
    expect(text).toContain(guest.name);
    // A line that mixes directions reads back in the order it stands; each of its words is as typed.
    if (guest.rightToLeft) for (const word of guest.address.split(/[\s،,]+/)) expect(text).toContain(word);
    else expect(text).toContain(guest.address);

    // The name is drawn: ink under the heading "BILLED TO", in the recipient's column.
    const words = readWords(pdf);
    const heading = words.find((word) => word.text === 'BILLED')!;
    const nameRegion = { x: heading.x0, y: heading.y1 + 1, width: 230, height: 11 };
    expect(measureInk(pdf, nameRegion)).toBeGreaterThan(0.01);

    if (guest.rightToLeft) {
      // Right to left: the first word of the name stands rightmost (poppler lists a word's letters as drawn).
      const [first, second] = guest.name.split(' ').map((part) => [...part].reverse().join(''));
      const firstWord = words.find((word) => word.text === first)!;
      const secondWord = words.find((word) => word.text === second)!;
      expect(firstWord.x0).toBeGreaterThan(secondWord.x1);
    }
  });

  it('prints an empty name column as no ink at all (the ink measure sees what it should)', async () => {
    const pdf = await renderInvoicePdf(
      makeSampleScriptInvoice({ name: ' ', address: 'Flat 12, Shivaji Nagar, Pune' }),
    );
    const heading = readWords(pdf).find((word) => word.text === 'BILLED')!;
    expect(measureInk(pdf, { x: heading.x0, y: heading.y1 + 1, width: 230, height: 11 })).toBe(0);
  });
});
