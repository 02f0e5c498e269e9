import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import type PDFDocument from 'pdfkit';

/**
 * Text for the invoice PDFs: the site's faces (Manrope, Cormorant Garamond) with Noto Sans Devanagari for
 * Hindi and Marathi names, wrapped and drawn a word at a time so each script gets a font that has it.
 * Fontsource ships each face as per-script subsets, so a face here is a chain of subset files and each
 * character takes the first file that has its glyph.
 */

type Doc = InstanceType<typeof PDFDocument>;

export type FaceName = 'text' | 'strong' | 'display';

export type TextStyle = { face: FaceName; size: number; color: string; lineGap?: number };

const FACE_FILES: Record<FaceName, string[]> = {
  text: [
    '@fontsource/manrope/files/manrope-latin-400-normal.woff',
    '@fontsource/manrope/files/manrope-latin-ext-400-normal.woff',
    '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff',
  ],
  strong: [
    '@fontsource/manrope/files/manrope-latin-600-normal.woff',
    '@fontsource/manrope/files/manrope-latin-ext-600-normal.woff',
    '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-600-normal.woff',
  ],
  display: [
    '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff',
    '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-ext-600-normal.woff',
    '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-600-normal.woff',
  ],
};
/** The Devanagari file is last in every chain. */
const DEVANAGARI_INDEX = 2;

type LoadedFont = { key: string; font: fontkit.Font };

let loadedFaces: Record<FaceName, LoadedFont[]> | undefined;

/** The packages' exports only name their stylesheets, so a file is found beside the package's index. */
function readPackageFile(specifier: string): Buffer {
  const [scope, name, ...rest] = specifier.split('/');
  const packageIndex = createRequire(import.meta.url).resolve(`${scope}/${name}`);
  return readFileSync(join(dirname(packageIndex), ...rest));
}

/**
 * A WOFF file as the plain OpenType font it wraps. fontkit reads WOFF tables by inflating them in
 * JavaScript on every read (each glyph of every PDF's subset): unwrapped once here, a warm render
 * takes 20 ms instead of 120.
 */
export function unwrapWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compressedLength = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compressedLength);
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compressedLength < length ? inflateSync(stored) : stored,
    };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    table.tag.copy(header, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padding = (4 - (table.data.length % 4)) % 4;
    parts.push(table.data, Buffer.alloc(padding));
    offset += table.data.length + padding;
  });
  return Buffer.concat(parts);
}

/** Fonts are read and parsed once per process; every PDF embeds its own subset of them. */
function loadFaces(): Record<FaceName, LoadedFont[]> {
  if (loadedFaces) return loadedFaces;
  const parsed = new Map<string, fontkit.Font>();
  const load = (file: string): LoadedFont => {
    let font = parsed.get(file);
    if (!font) {
      font = fontkit.create(unwrapWoff(readPackageFile(file))) as fontkit.Font;
      parsed.set(file, font);
    }
    return { key: file.slice(file.lastIndexOf('/') + 1, -'.woff'.length), font };
  };
  loadedFaces = {
    text: FACE_FILES.text.map(load),
    strong: FACE_FILES.strong.map(load),
    display: FACE_FILES.display.map(load),
  };
  return loadedFaces;
}

/** Registers the faces' fonts with one document (pdfkit takes a parsed fontkit font as a source). */
export function registerInvoiceFonts(doc: Doc): void {
  for (const chain of Object.values(loadFaces()))
    for (const { key, font } of chain) doc.registerFont(key, font as unknown as string);
}

/**
 * Characters drawn with the Devanagari font whatever the Latin fonts hold: the block (with the danda),
 * its extensions, the joiners that steer conjuncts, and the dotted circle a lone vowel sign shows on.
 */
function isDevanagari(codePoint: number): boolean {
  return (
    (codePoint >= 0x0900 && codePoint <= 0x097f) ||
    (codePoint >= 0xa8e0 && codePoint <= 0xa8ff) ||
    (codePoint >= 0x1cd0 && codePoint <= 0x1cff) ||
    codePoint === 0x200c ||
    codePoint === 0x200d ||
    codePoint === 0x25cc
  );
}

/** A stretch of one word in one font. */
type Run = { text: string; fontIndex: number };

function splitRuns(word: string, chain: LoadedFont[]): Run[] {
  const runs: Run[] = [];
  for (const char of word) {
    const codePoint = char.codePointAt(0)!;
    let fontIndex = isDevanagari(codePoint)
      ? DEVANAGARI_INDEX
      : chain.findIndex(({ font }) => font.hasGlyphForCodePoint(codePoint));
    if (fontIndex < 0) fontIndex = 0;
    const last = runs[runs.length - 1];
    if (last && last.fontIndex === fontIndex) last.text += char;
    else runs.push({ text: char, fontIndex });
  }
  return runs;
}

type PlacedRun = Run & { x: number; width: number };
export type TextLine = { runs: PlacedRun[]; width: number };
export type TextBlock = { lines: TextLine[]; lineHeight: number; height: number; style: TextStyle };

function measureRun(doc: Doc, chain: LoadedFont[], run: Run, size: number): number {
  return doc.font(chain[run.fontIndex]!.key).fontSize(size).widthOfString(run.text);
}

/**
 * Lays `text` out in lines no wider than `width`: words wrap at spaces, a newline starts a new line, and a
 * word wider than the line (a long e-mail address) is cut between its characters.
 */
export function layOutText(doc: Doc, text: string, style: TextStyle, width: number): TextBlock {
  const chain = loadFaces()[style.face];
  const spaceWidth = doc.font(chain[0]!.key).fontSize(style.size).widthOfString(' ');
  const lines: TextLine[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line: TextLine = { runs: [], width: 0 };
    const words = paragraph.split(/\s+/).filter((word) => word !== '');
    for (const word of words) {
      const pieces = fitWord(doc, chain, word, style.size, width);
      for (const piece of pieces) {
        const gap = line.runs.length > 0 ? spaceWidth : 0;
        if (line.runs.length > 0 && line.width + gap + piece.width > width) {
          lines.push(line);
          line = { runs: [], width: 0 };
        }
        let x = line.width + (line.runs.length > 0 ? spaceWidth : 0);
        for (const run of piece.runs) {
          line.runs.push({ ...run, x });
          x += run.width;
        }
        line.width = x;
      }
    }
    lines.push(line);
  }
  const lineHeight = style.size * 1.32 + (style.lineGap ?? 0);
  return { lines, lineHeight, height: lines.length * lineHeight, style };
}

type WordPiece = { runs: { text: string; fontIndex: number; width: number }[]; width: number };

function fitWord(doc: Doc, chain: LoadedFont[], word: string, size: number, width: number): WordPiece[] {
  const measure = (text: string): WordPiece => {
    const runs = splitRuns(text, chain).map((run) => ({ ...run, width: measureRun(doc, chain, run, size) }));
    return { runs, width: runs.reduce((sum, run) => sum + run.width, 0) };
  };
  const whole = measure(word);
  if (whole.width <= width) return [whole];
  // Cut between grapheme clusters, so a vowel sign never leaves its consonant.
  const graphemes = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(word)].map(
    (part) => part.segment,
  );
  const pieces: WordPiece[] = [];
  let current = '';
  for (const grapheme of graphemes) {
    if (current !== '' && measure(current + grapheme).width > width) {
      pieces.push(measure(current));
      current = '';
    }
    current += grapheme;
  }
  if (current !== '') pieces.push(measure(current));
  return pieces;
}

/** UTF-16BE with its byte-order mark, as a PDF text string in hex. */
function toPdfTextHex(text: string): string {
  let hex = 'FEFF';
  for (let index = 0; index < text.length; index += 1)
    hex += text.charCodeAt(index).toString(16).padStart(4, '0').toUpperCase();
  return hex;
}

/**
 * Draws one run at (x, top). A Devanagari run is drawn inside a span whose ActualText is the run as
 * written: the shaped glyphs stand in visual order (the i-matra before its consonant, the reph after),
 * so without it a reader copying or searching the PDF gets the letters reordered. The span is opened
 * inside the text object because poppler places ActualText with the transformation in force at its end.
 */
function drawRun(
  doc: Doc,
  key: string,
  run: { text: string; fontIndex: number },
  x: number,
  top: number,
  style: TextStyle,
) {
  doc.font(key).fontSize(style.size).fillColor(style.color);
  if (run.fontIndex !== DEVANAGARI_INDEX) {
    doc.text(run.text, x, top, { lineBreak: false });
    return;
  }
  const addContent = doc.addContent;
  const patched = function (this: Doc, content: string) {
    if (content === 'ET') addContent.call(this, 'EMC');
    addContent.call(this, content);
    if (content === 'BT') addContent.call(this, `/Span <</ActualText <${toPdfTextHex(run.text)}>>> BDC`);
    return this;
  };
  doc.addContent = patched;
  try {
    doc.text(run.text, x, top, { lineBreak: false });
  } finally {
    doc.addContent = addContent;
  }
}

export type Align = 'left' | 'right' | 'center';

/**
 * Draws a laid-out block with its first line's top at `top`, within `width` from `x`. Every run of a line
 * sits on the line's baseline (that of the face's first font), whatever its own font's ascent.
 */
export function drawTextBlock(
  doc: Doc,
  block: TextBlock,
  x: number,
  top: number,
  width: number,
  align: Align = 'left',
) {
  const chain = loadFaces()[block.style.face];
  const primary = chain[0]!.font;
  const ascent = (primary.ascent / primary.unitsPerEm) * block.style.size;
  block.lines.forEach((line, index) => {
    const offset = align === 'right' ? width - line.width : align === 'center' ? (width - line.width) / 2 : 0;
    const baseline = top + index * block.lineHeight + ascent;
    for (const run of line.runs) {
      const { font, key } = chain[run.fontIndex]!;
      const runAscent = (font.ascent / font.unitsPerEm) * block.style.size;
      drawRun(doc, key, run, x + offset + run.x, baseline - runAscent, block.style);
    }
  });
}

/** Lays out and draws `text`; returns the height it took. */
export function drawText(
  doc: Doc,
  text: string,
  style: TextStyle,
  x: number,
  top: number,
  width: number,
  align: Align = 'left',
): number {
  const block = layOutText(doc, text, style, width);
  drawTextBlock(doc, block, x, top, width, align);
  return block.height;
}
