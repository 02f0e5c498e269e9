import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_NAMES } from '../src/content/languages';
import { buildWordsFont, describeShaping, DEVANAGARI_FONT_FILE } from './language-names-font.mjs';

const words = [
  { text: LANGUAGE_NAMES.hi, language: 'hi' },
  { text: LANGUAGE_NAMES.mr, language: 'mr' },
];

describe('the font of the language names', () => {
  it('draws हिन्दी and मराठी glyph for glyph as Noto Sans Devanagari does, in about 2 KB', async () => {
    const font = await buildWordsFont(words);
    expect(font.woff2.length).toBeLessThan(2_500);
    // The conjunct न्द and the reordered ि included: a missing glyph or rule would change the outlines.
    expect(await describeShaping(font.woff2, words)).toEqual(
      await describeShaping(readFileSync(DEVANAGARI_FONT_FILE), words),
    );
    expect(font.unicodeRange).toBe(
      'U+0920, U+0926, U+0928, U+092E, U+0930, U+0939, U+093E, U+093F, U+0940, U+094D',
    );
  });
});
