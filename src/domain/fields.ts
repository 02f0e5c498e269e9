import { z } from 'zod';
import { isRealDate } from './dates';
import { hasWholeMinorUnits } from './money';
import { FIELD_REFUSALS, refuseField, refuseWith } from './field-refusals';
import { DATE_BOUNDS, findBidiControl, hasControlCharacters } from './text-rules';

export {
  DATE_BOUNDS,
  describeCharacter,
  findBidiControl,
  hasControlCharacters,
  stripControlCharacters,
} from './text-rules';

/**
 * The field builders every request schema is made of, so that a rule (what a date is, which characters
 * text may hold, that a number must be a JSON number) is written once. Forms and routes parse the same
 * schemas: forms send numbers as numbers (`valueAsNumber`), never as text.
 */

/**
 * `maxLines`: for text printed in a block of a page (an address on an invoice), which must fit on one.
 * `name`: a person's or a company's name, which refuses the characters that steer the direction of text.
 */
type TextOptions = { max?: number; multiline?: boolean; maxLines?: number; name?: boolean };

/** Refuses, naming it, a character that steers the direction of text in a name. */
function refuseBidiControls(label: string, options: TextOptions) {
  return (value: string | null | undefined, context: z.RefinementCtx) => {
    const control = options.name && value ? findBidiControl(value) : undefined;
    if (control)
      context.addIssue({ code: 'custom', ...refuseField(label, FIELD_REFUSALS.notAllowed(control)) });
  };
}

function hasNoControlCharacters(multiline = false) {
  return (value: string) => !hasControlCharacters(value, { multiline });
}

const countLines = (value: string) => value.split(/\r\n|\r|\n/).length;

/** A text that must not be blank after trimming; `required` is the message for blank or missing. */
export function requiredText(label: string, options: TextOptions & { required?: string } = {}) {
  const max = options.max ?? 200;
  const required = refuseWith(label, FIELD_REFUSALS.required(), options.required);
  return z
    .string({
      error: (issue) => (issue.input === undefined ? required.error(issue) : `${label} must be text`),
    })
    .trim()
    .min(1, required)
    .max(max, refuseWith(label, FIELD_REFUSALS.tooLong(max)))
    .refine(hasNoControlCharacters(options.multiline), refuseWith(label, FIELD_REFUSALS.notAllowed()))
    .refine((value) => countLines(value) <= (options.maxLines ?? Infinity), {
      message: `${label} can have at most ${options.maxLines} lines`,
    })
    .superRefine(refuseBidiControls(label, options));
}

/** An optional text: missing, null or blank all become null. */
export function optionalText(label: string, options: TextOptions = {}) {
  const max = options.max ?? 200;
  const text = z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, refuseWith(label, FIELD_REFUSALS.tooLong(max)))
    .refine(hasNoControlCharacters(options.multiline), refuseWith(label, FIELD_REFUSALS.notAllowed()))
    .refine((value) => countLines(value) <= (options.maxLines ?? Infinity), {
      message: `${label} can have at most ${options.maxLines} lines`,
    })
    .superRefine(refuseBidiControls(label, options))
    .nullish();
  // A codec rather than a transform, so that an answer holding the text can be encoded (its amounts
  // turned into major units) as it is sent: a blank is null either way.
  return z.codec(text, z.custom<string | null>(), {
    decode: (value) => (value ? value : null),
    encode: (value) => value,
  });
}

/**
 * A JSON number, never text or a boolean: `"0x10"`, `" 5 "` and `true` are refused, not coerced. A form
 * field left blank arrives as NaN (`valueAsNumber`) and is reported as required.
 */
function number(label: string) {
  return z.number({
    error: (issue) =>
      issue.input === undefined || issue.input === null || Number.isNaN(issue.input)
        ? refuseWith(label, FIELD_REFUSALS.required()).error(issue)
        : `${label} must be a number`,
  });
}

/** A whole number within [min, max]; `maxMessage` says why the maximum is what it is, where that helps. */
export function wholeNumber(label: string, options: { min: number; max: number; maxMessage?: string }) {
  return number(label)
    .int(`${label} must be a whole number`)
    .min(options.min, `${label} must be at least ${options.min}`)
    .max(
      options.max,
      options.maxMessage ?? `${label} must be at most ${options.max.toLocaleString('en-US')}`,
    );
}

/** An amount of money: 0 or more, at most two decimals. */
export function money(label: string, options: { max?: number } = {}) {
  const max = options.max ?? 10_000_000;
  return number(label)
    .min(0, `${label} must be at least 0`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')}`)
    .refine(hasWholeMinorUnits, {
      message: `${label} can have at most two decimals`,
    });
}

/** A whole number given as text in a query string ("3"), where JSON numbers cannot be sent. */
export function queryWholeNumber(label: string, options: { min: number; max: number }) {
  return z
    .string({ error: `${label} must be a whole number` })
    .regex(/^\d{1,9}$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(wholeNumber(label, options));
}

/** A calendar date `yyyy-MM-dd` within DATE_BOUNDS: the one date schema of requests. */
export function isoDate(label = 'Date') {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? refuseWith(label, FIELD_REFUSALS.required()).error(issue)
          : `${label} must be a date (yyyy-MM-dd)`,
    })
    .min(1, refuseWith(label, FIELD_REFUSALS.required()))
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (yyyy-MM-dd)`)
    .refine(isRealDate, { message: `${label} is not a real date` })
    .refine(
      (value) => value >= DATE_BOUNDS.min && value <= DATE_BOUNDS.max,
      refuseWith(label, FIELD_REFUSALS.outOfRange()),
    );
}

export const IsoDateSchema = isoDate();

/** A month `yyyy-MM` within DATE_BOUNDS. */
export const MonthSchema = z
  .string({ error: 'Month must be given as yyyy-MM' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be given as yyyy-MM, for example 2026-11')
  .refine((value) => value >= DATE_BOUNDS.min.slice(0, 7) && value <= DATE_BOUNDS.max.slice(0, 7), {
    message: `Month must be between ${DATE_BOUNDS.min.slice(0, 7)} and ${DATE_BOUNDS.max.slice(0, 7)}`,
  });

export function email(label = 'Email', message = 'Enter a valid email address') {
  return z
    .string({ error: message })
    .trim()
    .max(254, refuseWith(label, FIELD_REFUSALS.tooLong(254)))
    .pipe(z.email({ error: message }));
}
