/**
 * Rules on text and dates that need no schema library, so that code which must start fast (the worker
 * thread that reads channel calendars) can load them without zod or date-fns. `fields.ts` builds the
 * request schemas on them and re-exports them.
 */

// Control characters have no place in names, addresses or notes, and PostgreSQL refuses NUL outright.
// Multi-line fields keep tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_CHARACTERS_MULTILINE : CONTROL_CHARACTERS).test(value);
}

/** The text without the characters `hasControlCharacters` finds (for text read from elsewhere, not typed). */
export function stripControlCharacters(value: string, options: { multiline?: boolean } = {}): string {
  const pattern = options.multiline ? CONTROL_CHARACTERS_MULTILINE : CONTROL_CHARACTERS;
  return value.replace(new RegExp(pattern.source, 'g'), '');
}

/**
 * The characters that steer the direction of text without showing (embeddings, overrides, isolates and the
 * marks), with their Unicode names. In a name they can make it read as another (after U+202E the rest of
 * it shows backwards) and print as boxes, so names refuse them.
 */
const BIDI_CONTROL_NAMES: Record<number, string> = {
  0x061c: 'ARABIC LETTER MARK',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
};

/** The first character of `value` that steers the direction of text, or undefined. */
export function findBidiControl(value: string): string | undefined {
  for (const char of value) if (BIDI_CONTROL_NAMES[char.codePointAt(0)!]) return char;
  return undefined;
}

const INVISIBLE = /^[\p{C}\p{Z}\p{Default_Ignorable_Code_Point}]+$/u;

/**
 * A character (or a cluster of them) as a message names it: itself and its code points, "😀 (U+1F600)";
 * only the code points (and the name, where known) for one that does not show, "U+202E (RIGHT-TO-LEFT OVERRIDE)".
 */
export function describeCharacter(character: string): string {
  const codePoints = [...character].map((char) => char.codePointAt(0)!);
  const codes = codePoints
    .map((codePoint) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`)
    .join(' ');
  if (!INVISIBLE.test(character)) return `${character} (${codes})`;
  const name = codePoints.length === 1 ? BIDI_CONTROL_NAMES[codePoints[0]!] : undefined;
  return name ? `${codes} (${name})` : codes;
}

/**
 * Calendar dates the system takes. Bounded, so that date arithmetic never leaves four-digit years, and
 * so that `yyyy-MM-dd` strings compare in the same order as the dates they name.
 */
export const DATE_BOUNDS = { min: '2000-01-01', max: '2100-12-31' } as const;
