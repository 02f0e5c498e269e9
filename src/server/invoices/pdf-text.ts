import bidiFactory from 'bidi-js';
import type PDFDocument from 'pdfkit';
import { coversCodePoints, listFaceChains, loadFont, type FaceName, type FontSource } from './pdf-fonts';

export { unwrapWoff, type FaceName } from './pdf-fonts';

/**
 * Text for the invoice PDFs in any script a guest writes their name in: each grapheme takes the first font
 * that draws all of it (pdf-fonts.ts), fontkit shapes each run (conjuncts, Arabic joining), and the Unicode
 * bidirectional algorithm orders a line's runs, so an Arabic name reads right to left beside a Latin
 * street name. Wrapped and drawn a run at a time.
 */

type Doc = InstanceType<typeof PDFDocument>;

export type TextStyle = { face: FaceName; size: number; color: string; lineGap?: number };

const bidi = bidiFactory();
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** Punctuation and marks shared by scripts (the danda, Arabic comma…): they stay in the font of the text around them. */
const SHARED_CHARACTERS = /^[\p{Script=Common}\p{Script=Inherited}]+$/u;
/** Invisible characters that only steer the bidirectional algorithm: never drawn (names refuse them). */
const BIDI_CONTROL = /^\p{Bidi_Control}+$/u;
/** Characters that must never reach a page (names and addresses refuse them; old documents may hold some). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/u;

function chainFor(face: FaceName, text: string): FontSource[] {
  const chain = listFaceChains()[face];
  return KANA.test(text) ? chain.japanese : chain.chinese;
}

function listCodePoints(text: string): number[] {
  return [...text].map((char) => char.codePointAt(0)!);
}

/** The font that draws a grapheme, or undefined when none has all of it. */
function chooseSource(
  chain: FontSource[],
  grapheme: string,
  previous: FontSource | undefined,
): FontSource | undefined {
  const codePoints = listCodePoints(grapheme);
  if (
    previous &&
    !previous.site &&
    SHARED_CHARACTERS.test(grapheme) &&
    coversCodePoints(previous, codePoints)
  )
    return previous;
  return chain.find((source) => coversCodePoints(source, codePoints));
}

/** The characters of `text` that no font here draws, or that must not be printed; each once, in order. */
export function findUnprintableCharacters(text: string): string[] {
  const found = new Set<string>();
  const normalized = text.normalize('NFC');
  for (const face of ['text', 'strong', 'display'] as const) {
    const chain = chainFor(face, normalized);
    for (const word of normalized.split(/\s+/)) {
      let previous: FontSource | undefined;
      for (const { segment } of graphemes.segment(word)) {
        if (CONTROL.test(segment) || BIDI_CONTROL.test(segment)) {
          for (const char of segment) found.add(char);
          continue;
        }
        const source = chooseSource(chain, segment, previous);
        if (source) {
          previous = source;
          continue;
        }
        // The characters of the grapheme that no font has, else the whole grapheme (its parts exist but
        // never together).
        const missing = [...segment].filter(
          (char) => !chain.some((entry) => coversCodePoints(entry, listCodePoints(char))),
        );
        for (const char of missing.length > 0 ? missing : [segment]) found.add(char);
      }
    }
  }
  return [...found];
}

/** A stretch of one word in one font at one bidi level, as drawn (`text`) and as written (`actual`). */
type Run = { text: string; actual: string; source: FontSource; level: number; width: number };

type PlacedRun = Run & { x: number };
export type TextLine = { runs: PlacedRun[]; width: number };
export type TextBlock = { lines: TextLine[]; lineHeight: number; height: number; style: TextStyle };

/** Registers a source's font with a document the first time the document uses it. */
const registered = new WeakMap<Doc, Set<string>>();
function useSource(doc: Doc, source: FontSource, size: number): Doc {
  let keys = registered.get(doc);
  if (!keys) registered.set(doc, (keys = new Set()));
  if (!keys.has(source.key)) {
    // pdfkit takes a parsed fontkit font as a source, so one parse serves every document.
    doc.registerFont(source.key, loadFont(source) as unknown as string);
    keys.add(source.key);
  }
  return doc.font(source.key).fontSize(size);
}

function reverseGraphemes(text: string): string {
  return [...graphemes.segment(text)]
    .map((part) => part.segment)
    .reverse()
    .join('');
}

/**
 * The text to hand pdfkit for a run so that its glyphs come out in visual order. fontkit lays a run out
 * right to left when its script is (Arabic), whatever its bidi level: a run whose level says otherwise
 * (punctuation between Arabic words, Arabic-Indic digits) is reversed first. Mirrored brackets face the
 * right way in a right-to-left run.
 */
function prepareRun(actual: string, source: FontSource, level: number): string {
  const rightToLeft = level % 2 === 1;
  let text = actual;
  if (rightToLeft) text = [...text].map((char) => bidi.getMirroredCharacter(char) ?? char).join('');
  const fontkitRightToLeft = !source.site && loadFont(source).layout(actual).direction === 'rtl';
  return rightToLeft === fontkitRightToLeft ? text : reverseGraphemes(text);
}

/** A word (from `offset` in its paragraph) as runs, measured. */
function splitRuns(
  doc: Doc,
  chain: FontSource[],
  word: string,
  offset: number,
  levels: Uint8Array,
  size: number,
): Run[] {
  const pieces: { actual: string; source: FontSource; level: number }[] = [];
  let index = offset;
  for (const { segment } of graphemes.segment(word)) {
    const level = levels[index] ?? 0;
    index += segment.length;
    if (BIDI_CONTROL.test(segment) || CONTROL.test(segment)) continue;
    const last = pieces[pieces.length - 1];
    // A grapheme no font draws is drawn (as boxes) by the first font: refused at issue, it only shows on
    // documents issued before that check.
    const source = chooseSource(chain, segment, last?.source) ?? chain[0]!;
    if (last && last.source === source && last.level === level) last.actual += segment;
    else pieces.push({ actual: segment, source, level });
  }
  return pieces.map((piece) => {
    const text = prepareRun(piece.actual, piece.source, piece.level);
    const width = useSource(doc, piece.source, size).widthOfString(text);
    return { ...piece, text, width };
  });
}

type WordPiece = { runs: Run[]; width: number; level: number };
type LineItem = { run: Run } | { gap: number; level: number };

function fitWord(
  doc: Doc,
  chain: FontSource[],
  word: string,
  offset: number,
  levels: Uint8Array,
  size: number,
  width: number,
): WordPiece[] {
  const measure = (text: string, at: number): WordPiece => {
    const runs = splitRuns(doc, chain, text, at, levels, size);
    return { runs, width: runs.reduce((sum, run) => sum + run.width, 0), level: levels[at] ?? 0 };
  };
  const whole = measure(word, offset);
  if (whole.width <= width) return [whole];
  // Cut between grapheme clusters, so a vowel sign never leaves its consonant.
  const pieces: WordPiece[] = [];
  let current = '';
  let start = offset;
  for (const { segment } of graphemes.segment(word)) {
    if (current !== '' && measure(current + segment, start).width > width) {
      pieces.push(measure(current, start));
      start += current.length;
      current = '';
    }
    current += segment;
  }
  if (current !== '') pieces.push(measure(current, start));
  return pieces;
}

/**
 * A line's items in visual order (rule L2 of the bidirectional algorithm): from the highest level down to
 * the lowest odd one, every stretch at that level or above is reversed.
 */
function orderVisually(items: LineItem[]): LineItem[] {
  const levelOf = (item: LineItem) => ('run' in item ? item.run.level : item.level);
  const ordered = [...items];
  const highest = Math.max(0, ...ordered.map(levelOf));
  const lowestOdd = Math.min(...ordered.map(levelOf).filter((level) => level % 2 === 1), Infinity);
  for (let level = highest; level >= lowestOdd && level > 0; level -= 1) {
    let index = 0;
    while (index < ordered.length) {
      if (levelOf(ordered[index]!) < level) {
        index += 1;
        continue;
      }
      let end = index;
      while (end < ordered.length && levelOf(ordered[end]!) >= level) end += 1;
      ordered.splice(index, end - index, ...ordered.slice(index, end).reverse());
      index = end;
    }
  }
  return ordered;
}

function placeLine(items: LineItem[]): TextLine {
  const runs: PlacedRun[] = [];
  let x = 0;
  for (const item of orderVisually(items)) {
    if ('gap' in item) x += item.gap;
    else {
      runs.push({ ...item.run, x });
      x += item.run.width;
    }
  }
  return { runs, width: x };
}

/**
 * Lays `text` out in lines no wider than `width`: words wrap at spaces, a newline starts a new line, and a
 * word wider than the line (a long e-mail address) is cut between its characters. Each paragraph takes its
 * direction from its first strong character; its lines keep the column's alignment.
 */
export function layOutText(doc: Doc, text: string, style: TextStyle, width: number): TextBlock {
  const normalized = text.normalize('NFC');
  const chain = chainFor(style.face, normalized);
  const spaceWidth = useSource(doc, chain[0]!, style.size).widthOfString(' ');
  const lines: TextLine[] = [];
  for (const paragraph of normalized.split(/\r?\n/)) {
    const { levels } = bidi.getEmbeddingLevels(paragraph);
    let items: LineItem[] = [];
    let lineWidth = 0;
    for (const match of paragraph.matchAll(/\S+/g)) {
      const pieces = fitWord(doc, chain, match[0], match.index, levels, style.size, width);
      for (const [index, piece] of pieces.entries()) {
        // The space before a word takes its own level: between two Arabic words it is right to left too.
        const gap = items.length > 0 && index === 0 ? spaceWidth : 0;
        if (items.length > 0 && lineWidth + gap + piece.width > width) {
          lines.push(placeLine(items));
          items = [];
          lineWidth = 0;
        } else if (gap > 0) {
          items.push({ gap, level: levels[match.index - 1] ?? 0 });
          lineWidth += gap;
        }
        for (const run of piece.runs) items.push({ run });
        lineWidth += piece.width;
      }
    }
    lines.push(placeLine(items));
  }
  const lineHeight = style.size * 1.32 + (style.lineGap ?? 0);
  return { lines, lineHeight, height: lines.length * lineHeight, style };
}

/** UTF-16BE with its byte-order mark, as a PDF text string in hex. */
function toPdfTextHex(text: string): string {
  let hex = 'FEFF';
  for (let index = 0; index < text.length; index += 1)
    hex += text.charCodeAt(index).toString(16).padStart(4, '0').toUpperCase();
  return hex;
}

/**
 * Draws one run with its top at (x, top). A run in another script than the site's is drawn inside a span
 * whose ActualText is the run as written: shaped glyphs stand in visual order (the i-matra before its
 * consonant, Arabic right to left), so without it a reader copying or searching the PDF gets the letters
 * reordered. The span is opened inside the text object because poppler places ActualText with the
 * transformation in force at its end.
 */
function drawRun(doc: Doc, run: Run, x: number, top: number, style: TextStyle) {
  useSource(doc, run.source, style.size).fillColor(style.color);
  if (run.source.site && run.text === run.actual) {
    doc.text(run.text, x, top, { lineBreak: false });
    return;
  }
  // Readers put the text of a page in reading order from where it stands, as they do for any PDF whose
  // right-to-left glyphs stand in visual order: so a right-to-left run's text is given in that order too.
  const actualText = run.level % 2 === 1 ? [...run.actual].reverse().join('') : run.actual;
  const addContent = doc.addContent;
  const patched = function (this: Doc, content: string) {
    if (content === 'ET') addContent.call(this, 'EMC');
    addContent.call(this, content);
    if (content === 'BT') addContent.call(this, `/Span <</ActualText <${toPdfTextHex(actualText)}>>> BDC`);
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
  const primary = loadFont(listFaceChains()[block.style.face].chinese[0]!);
  const ascent = (primary.ascent / primary.unitsPerEm) * block.style.size;
  block.lines.forEach((line, index) => {
    const offset = align === 'right' ? width - line.width : align === 'center' ? (width - line.width) / 2 : 0;
    const baseline = top + index * block.lineHeight + ascent;
    for (const run of line.runs) {
      const font = loadFont(run.source);
      const runAscent = (font.ascent / font.unitsPerEm) * block.style.size;
      drawRun(doc, run, x + offset + run.x, baseline - runAscent, block.style);
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
