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
 * Calendar dates the system takes. Bounded, so that date arithmetic never leaves four-digit years, and
 * so that `yyyy-MM-dd` strings compare in the same order as the dates they name.
 */
export const DATE_BOUNDS = { min: '2000-01-01', max: '2100-12-31' } as const;
