/** Noto Sans Devanagari's Devanagari file (400), which the words are cut from. */
export declare const DEVANAGARI_FONT_FILE: string;

/** A word and its language (a BCP 47 tag), which the shaping follows as a browser follows `lang`. */
export type Word = { text: string; language: string };

/** Each word's glyphs (outline and position), one string per word, drawn with the font (any format). */
export declare function describeShaping(fontFile: Uint8Array, words: Word[]): Promise<string[]>;

/** A WOFF2 font of only the glyphs the words need, and the unicode-range of their characters. */
export declare function buildWordsFont(
  words: Word[],
  sourceFile?: string,
): Promise<{ woff2: Buffer; unicodeRange: string }>;
