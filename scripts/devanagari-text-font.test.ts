import { describe, expect, it } from 'vitest';
import { landingHi } from '../src/content/hi/landing';
import { landingMr } from '../src/content/mr/landing';
import { devanagariWords, intlDateTexts, rangesBesides } from './devanagari-text-font.mjs';

describe("the Hindi and Marathi pages' text faces", () => {
  it('takes each run of Devanagari as the browser shapes it, apart from the Latin and spaces around it', () => {
    expect(devanagariWords(['Shanti Villa में विलासिता, विलासिता।', '5-सितारा'], 'hi')).toEqual([
      { text: 'में', language: 'hi' },
      { text: 'विलासिता', language: 'hi' },
      { text: 'विलासिता।', language: 'hi' },
      { text: 'सितारा', language: 'hi' },
    ]);
    expect(devanagariWords([landingHi.hero.headline, landingMr.hero.headline], 'mr').length).toBeGreaterThan(
      4,
    );
  });

  it("includes the month and weekday names Intl writes in each page's locale", () => {
    const texts = intlDateTexts('hi-IN').join(' ');
    expect(texts).toContain('नवंबर');
    expect(texts).toContain('रविवार');
    expect(intlDateTexts('mr-IN-u-nu-latn').join(' ')).toContain('डिसें');
  });

  it('leaves the whole face exactly the characters the cut face does not have', () => {
    expect(rangesBesides([0x0901, 0x0902, 0x0905, 0x097f])).toBe(
      'U+0900, U+0903-0904, U+0906-097E, U+1CD0-1CF9, U+200C-200D, U+25CC, U+A830-A839, U+A8E0-A8FF',
    );
  });
});
