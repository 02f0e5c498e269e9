// A font of only the glyphs that a few words need once shaped (the language switch's "हिन्दी" and "मराठी"
// on the English pages), cut from Noto Sans Devanagari with HarfBuzz: small enough to inline in every page,
// so that a system without a Devanagari font shows the words, not empty boxes, and `/` never fetches the
// whole face. See docs/decisions/0108-public-pages-figures-and-language-names-font.md.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontverter from 'fontverter';
import * as hb from 'harfbuzzjs';

const require = createRequire(import.meta.url);

/** The Devanagari face the words are cut from (the same file the Hindi and Marathi pages use). */
export const DEVANAGARI_FONT_FILE =
  require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2');

const HB_MEMORY_MODE_WRITABLE = 2;
const HB_SUBSET_SETS_DROP_TABLE_TAG = 3;
const HB_SUBSET_SETS_LAYOUT_FEATURE_TAG = 6;
// Tables a browser needs nothing of for drawing a few words: the style attributes and the grid-fitting
// table (the hints are dropped too). The names stay: Chromium refuses a font without them (and they carry
// the copyright notice the font's licence asks to keep).
const DROPPED_TABLES = ['STAT', 'gasp'];
const tag = (name) => [...name].reduce((value, character) => (value << 8) + character.charCodeAt(0), 0);
const HB_SUBSET_FLAGS_NO_HINTING = 0x1;
const HB_SUBSET_FLAGS_NO_LAYOUT_CLOSURE = 0x200;

/** A HarfBuzz buffer of a word in its language (the browser shapes by the element's `lang`). */
function wordBuffer({ text, language }) {
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.setLanguage(language);
  buffer.guessSegmentProperties();
  return buffer;
}

/** Shapes each word with `font` (TrueType bytes): every glyph any step of the shaping produced. */
function collectGlyphs(font, words) {
  const hbFont = new hb.Font(new hb.Face(new hb.Blob(font)));
  const glyphs = new Set();
  for (const word of words) {
    const buffer = wordBuffer(word);
    // The trace has the buffer after each lookup: intermediate forms (a half form later ligated) included.
    for (const step of hb.shapeWithTrace(hbFont, buffer, [], 0, 0))
      for (const glyph of step.glyphs ? step.t : []) glyphs.add(glyph.g);
  }
  return glyphs;
}

/**
 * The words' shaping, as a string to compare fonts by: each glyph's outline and position. Equal for the cut
 * font and the whole face when the cut font draws the words exactly as the face does.
 */
export async function describeShaping(fontFile, words) {
  return describeTrueTypeShaping(await fontverter.convert(fontFile, 'truetype'), words);
}

function describeTrueTypeShaping(font, words) {
  const hbFont = new hb.Font(new hb.Face(new hb.Blob(font)));
  return words.map((word) => {
    const buffer = wordBuffer(word);
    hb.shape(hbFont, buffer);
    const positions = buffer.getGlyphPositions();
    return buffer
      .getGlyphInfos()
      .map((glyph, i) => {
        const { xAdvance, xOffset, yOffset } = positions[i];
        return `${hbFont.glyphToPath(glyph.codepoint)} ${xAdvance} ${xOffset} ${yOffset}`;
      })
      .join('\n');
  });
}

/** HarfBuzz's subsetter: the glyphs given and the characters' own, no closure over the layout rules. */
async function subset(font, codePoints, glyphs) {
  const { instance } = await WebAssembly.instantiate(
    readFileSync(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm')),
  );
  const wasm = instance.exports;
  wasm._initialize();
  const heap = () => new Uint8Array(wasm.memory.buffer);
  const input = wasm.hb_subset_input_create_or_fail();
  const fontPointer = wasm.malloc(font.byteLength);
  heap().set(font, fontPointer);
  const blob = wasm.hb_blob_create(fontPointer, font.byteLength, HB_MEMORY_MODE_WRITABLE, 0, 0);
  const face = wasm.hb_face_create(blob, 0);
  wasm.hb_blob_destroy(blob);
  // Every layout feature kept (the browser's shaper applies them); only the glyphs are cut.
  const features = wasm.hb_subset_input_set(input, HB_SUBSET_SETS_LAYOUT_FEATURE_TAG);
  wasm.hb_set_clear(features);
  wasm.hb_set_invert(features);
  for (const codePoint of codePoints) wasm.hb_set_add(wasm.hb_subset_input_unicode_set(input), codePoint);
  for (const glyph of glyphs) wasm.hb_set_add(wasm.hb_subset_input_glyph_set(input), glyph);
  for (const table of DROPPED_TABLES)
    wasm.hb_set_add(wasm.hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG), tag(table));
  wasm.hb_subset_input_set_flags(
    input,
    wasm.hb_subset_input_get_flags(input) | HB_SUBSET_FLAGS_NO_LAYOUT_CLOSURE | HB_SUBSET_FLAGS_NO_HINTING,
  );
  const result = wasm.hb_subset_or_fail(face, input);
  wasm.hb_subset_input_destroy(input);
  if (!result) throw new Error('HarfBuzz could not subset the Devanagari font');
  const resultBlob = wasm.hb_face_reference_blob(result);
  const offset = wasm.hb_blob_get_data(resultBlob, 0);
  const bytes = Buffer.from(heap().subarray(offset, offset + wasm.hb_blob_get_length(resultBlob)));
  wasm.hb_blob_destroy(resultBlob);
  wasm.hb_face_destroy(result);
  wasm.hb_face_destroy(face);
  wasm.free(fontPointer);
  return bytes;
}

/**
 * The font for `words` (`{ text, language }`, the language a BCP 47 tag): WOFF2 bytes, the `unicode-range` of exactly their characters (so that the face is
 * used for nothing else), and both fonts' shaping of the words (equal, or this throws).
 */
export async function buildWordsFont(words, sourceFile = DEVANAGARI_FONT_FILE) {
  const whole = await fontverter.convert(readFileSync(sourceFile), 'truetype');
  const codePoints = [
    ...new Set([...words.map(({ text }) => text).join('')].map((character) => character.codePointAt(0))),
  ].sort((a, b) => a - b);
  const cut = await subset(whole, codePoints, collectGlyphs(whole, words));
  const expected = describeTrueTypeShaping(whole, words);
  if (describeTrueTypeShaping(cut, words).join('\n\n') !== expected.join('\n\n'))
    throw new Error(
      `The cut font does not draw ${words.map(({ text }) => text).join(', ')} as the face does`,
    );
  return {
    woff2: Buffer.from(await fontverter.convert(cut, 'woff2', 'truetype')),
    unicodeRange: codePoints
      .map((codePoint) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`)
      .join(', '),
  };
}
