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

/**
 * The words of a field's common refusals, said once: the schemas write them (fields.ts, check-in), and a
 * page in another language reads them back with readFieldMessage to say them in its own.
 */
export const FIELD_MESSAGES = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  notAllowed: (label: string) => `${label} contains characters that are not allowed`,
  outOfRange: (label: string) => `${label} must be between ${DATE_BOUNDS.min} and ${DATE_BOUNDS.max}`,
};

export type FieldMessage =
  | { kind: 'required' }
  | { kind: 'tooLong'; max: string }
  | { kind: 'notAllowed' }
  | { kind: 'outOfRange'; min: string; max: string };

/** Which of FIELD_MESSAGES a message is, with its figures; undefined for any other. */
export function readFieldMessage(message: string): FieldMessage | undefined {
  if (message.endsWith(' is required')) return { kind: 'required' };
  if (message.endsWith(' contains characters that are not allowed')) return { kind: 'notAllowed' };
  const tooLong = / must be at most (\d+) characters$/.exec(message);
  if (tooLong) return { kind: 'tooLong', max: tooLong[1]! };
  const range = / must be between (\d{4}-\d{2}-\d{2}) and (\d{4}-\d{2}-\d{2})$/.exec(message);
  if (range) return { kind: 'outOfRange', min: range[1]!, max: range[2]! };
  return undefined;
}
