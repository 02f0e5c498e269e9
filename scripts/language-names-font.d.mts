/** Noto Sans Devanagari's Devanagari file (400), which the words are cut from. */
export declare const DEVANAGARI_FONT_FILE: string;

/** Each word's glyphs (outline and position), one string per word, drawn with the font (any format). */
export declare function describeShaping(fontFile: Uint8Array, words: string[]): Promise<string[]>;

/** A WOFF2 font of only the glyphs the words need, and the unicode-range of their characters. */
export declare function buildWordsFont(
  words: string[],
  sourceFile?: string,
): Promise<{ woff2: Buffer; unicodeRange: string }>;
