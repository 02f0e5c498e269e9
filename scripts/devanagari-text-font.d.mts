import type { Word } from './language-names-font.mjs';

/** Noto Sans Devanagari's Devanagari subset, as inclusive ranges of code points. */
export declare const DEVANAGARI_RANGES: [number, number][];

/** Each run of characters the Devanagari face draws in the texts, once each, in the language given. */
export declare function devanagariWords(texts: string[], language: string): Word[];

/** Month and weekday names, and dates, as Intl writes them in the locale. */
export declare function intlDateTexts(locale: string): string[];

/** The texts of a language's content folder and the site's names. */
export declare function contentTexts(root: string, language: string): string[];

/** The Devanagari ranges without the code points, as a CSS unicode-range. */
export declare function rangesBesides(codePoints: number[]): string;

/** A WOFF2 face of only the glyphs the words need, its unicode-range and its code points. */
export declare function buildTextFont(
  words: Word[],
  sourceFile: string,
): Promise<{ woff2: Buffer; unicodeRange: string; codePoints: number[] }>;
