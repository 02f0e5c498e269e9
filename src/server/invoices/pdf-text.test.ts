import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { unwrapWoff } from './pdf-text';

const fontsDir = join(
  dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-devanagari')),
  'files',
);

describe('a WOFF font unwrapped to OpenType', () => {
  it('is the same font, shaping Devanagari to the same glyphs', () => {
    const woff = readFileSync(join(fontsDir, 'noto-sans-devanagari-devanagari-400-normal.woff'));
    const unwrapped = unwrapWoff(woff);
    expect(unwrapped.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    const original = fontkit.create(woff) as fontkit.Font;
    const plain = fontkit.create(unwrapped) as fontkit.Font;
    expect(plain.numGlyphs).toBe(original.numGlyphs);
    expect(plain.postscriptName).toBe(original.postscriptName);
    const shape = (font: fontkit.Font) => {
      const run = font.layout('सूर्यास्त व्हिला क्षत्रिय');
      return run.glyphs.map((glyph, index) => [glyph.id, run.positions[index]!.xAdvance]);
    };
    expect(shape(plain)).toEqual(shape(original));
  });

  it('leaves a font that is not WOFF as it is', () => {
    const notWoff = Buffer.from('OTTO\0\0\0\0');
    expect(unwrapWoff(notWoff)).toBe(notWoff);
  });
});
