// The Hindi and Marathi pages' Devanagari in faces of only the glyphs their texts need once shaped (about a
// third of the whole Devanagari face, for each weight): the faces are on the path to the pages' first paint.
// See docs/decisions/0108-public-pages-figures-and-language-names-font.md.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWordsFont } from './language-names-font.mjs';

/** Noto Sans Devanagari's Devanagari subset, as its font face declares it (src/client/styles/fonts.css). */
export const DEVANAGARI_RANGES = [
  [0x0900, 0x097f],
  [0x1cd0, 0x1cf9],
  [0x200c, 0x200d],
  [0x25cc, 0x25cc],
  [0xa830, 0xa839],
  [0xa8e0, 0xa8ff],
];
const inRanges = (codePoint) => DEVANAGARI_RANGES.some(([from, to]) => codePoint >= from && codePoint <= to);

/**
 * Each run of characters the Devanagari face draws in `texts` (a browser shapes each such run on its own:
 * the characters around it are in other faces), as `{ text, language }` words, once each.
 */
export function devanagariWords(texts, language) {
  const words = new Set();
  for (const text of texts) {
    let run = '';
    for (const character of [...text, ' ']) {
      if (inRanges(character.codePointAt(0))) run += character;
      else if (run) {
        words.add(run);
        run = '';
      }
    }
  }
  return [...words].map((text) => ({ text, language }));
}

/**
 * What the pages' script can show in a language besides its texts: the dates Intl writes (month and weekday
 * names, long and short), as the booking form's calendar and the dates of a request show them.
 */
export function intlDateTexts(locale) {
  // Each month's first day, and a week of days (every weekday).
  const days = [
    ...Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2026, month, 1, 12))),
    ...Array.from({ length: 7 }, (_, day) => new Date(Date.UTC(2026, 0, 4 + day, 12))),
  ];
  const options = [
    { month: 'long', year: 'numeric' },
    { weekday: 'short' },
    { weekday: 'long' },
    { weekday: 'narrow' },
    { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
    { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
    { day: 'numeric', month: 'short', year: 'numeric' },
    { day: 'numeric', month: 'short' },
  ];
  return options.flatMap((option) =>
    days.map((day) => new Intl.DateTimeFormat(locale, { ...option, timeZone: 'UTC' }).format(day)),
  );
}

/** The texts of a language's content (src/content/<language>/) and the site's names in every language. */
export function contentTexts(root, language) {
  const folder = join(root, 'src/content', language);
  return [
    ...readdirSync(folder)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => readFileSync(join(folder, name), 'utf8')),
    readFileSync(join(root, 'src/content/site.ts'), 'utf8'),
  ];
}

/** The face's ranges without `codePoints`, as a CSS `unicode-range`: what the whole face still draws. */
export function rangesBesides(codePoints) {
  const taken = new Set(codePoints);
  const ranges = [];
  for (const [from, to] of DEVANAGARI_RANGES) {
    let start = null;
    for (let codePoint = from; codePoint <= to + 1; codePoint++) {
      const free = codePoint <= to && !taken.has(codePoint);
      if (free && start === null) start = codePoint;
      if (!free && start !== null) {
        ranges.push([start, codePoint - 1]);
        start = null;
      }
    }
  }
  const hex = (codePoint) => codePoint.toString(16).toUpperCase().padStart(4, '0');
  return ranges
    .map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`))
    .join(', ');
}

/**
 * A face for `words` cut from `sourceFile` (a weight of Noto Sans Devanagari): its WOFF2 bytes, the
 * `unicode-range` of its characters and the code points themselves. Throws unless the cut face draws every
 * word glyph for glyph as the whole face does (so every character of the texts is in it).
 */
export async function buildTextFont(words, sourceFile) {
  const font = await buildWordsFont(words, sourceFile);
  const codePoints = [
    ...new Set(words.flatMap(({ text }) => [...text].map((character) => character.codePointAt(0)))),
  ];
  return { ...font, codePoints };
}
