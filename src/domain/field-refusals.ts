import { z } from 'zod';
import { DATE_BOUNDS, describeCharacter } from './text-rules';

/**
 * The common refusals of a field, as a code with its figures: schemas attach one to the issue they raise
 * (in the issue's `params`), the API answers it beside the English message, and a client words it in its
 * reader's language from the code, never from the sentence.
 */
export const FieldRefusalSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('required'), params: z.object({}) }),
  z.object({ code: z.literal('too_long'), params: z.object({ max: z.number() }) }),
  z.object({
    code: z.literal('not_allowed'),
    params: z.object({ character: z.string().optional() }),
  }),
  z.object({ code: z.literal('out_of_range'), params: z.object({ min: z.string(), max: z.string() }) }),
]);
export type FieldRefusal = z.infer<typeof FieldRefusalSchema>;
export type FieldRefusalCode = FieldRefusal['code'];

export const FIELD_REFUSAL_CODES = FieldRefusalSchema.options.map(
  (option) => option.shape.code.value,
) as FieldRefusalCode[];

/** The refusals, made: the one place that pairs each code with its figures. */
export const FIELD_REFUSALS = {
  required: (): FieldRefusal => ({ code: 'required', params: {} }),
  tooLong: (max: number): FieldRefusal => ({ code: 'too_long', params: { max } }),
  notAllowed: (character?: string): FieldRefusal => ({
    code: 'not_allowed',
    params: character ? { character } : {},
  }),
  outOfRange: (): FieldRefusal => ({ code: 'out_of_range', params: { ...DATE_BOUNDS } }),
};

/** A refusal in English, the words the API has always given (published: keep them as they are). */
export function sayFieldRefusal(refusal: FieldRefusal, label: string): string {
  switch (refusal.code) {
    case 'required':
      return `${label} is required`;
    case 'too_long':
      return `${label} must be at most ${refusal.params.max} characters`;
    case 'not_allowed':
      return refusal.params.character
        ? `${label} contains a character that is not allowed: ${describeCharacter(refusal.params.character)}`
        : `${label} contains characters that are not allowed`;
    case 'out_of_range':
      return `${label} must be between ${refusal.params.min} and ${refusal.params.max}`;
  }
}

/**
 * What a schema's check or issue takes: the English message, and the code with its figures flat in
 * `params` (zod keeps an issue's params as they are, so the HTTP edge and the form read them back).
 */
export function refuseField(label: string, refusal: FieldRefusal) {
  return {
    message: sayFieldRefusal(refusal, label),
    params: { code: refusal.code, ...refusal.params },
  };
}

/**
 * A check's error option (`.max(n, …)`, `.refine(f, …)`) whose issue carries the refusal: zod keeps the
 * params an error function sets on its issue. `message` replaces the English words where a field says more.
 */
export function refuseWith(label: string, refusal: FieldRefusal, message?: string) {
  const refused = refuseField(label, refusal);
  return {
    error: (issue: object) => {
      (issue as { params?: object }).params = refused.params;
      return message ?? refused.message;
    },
  };
}

/** The refusal an issue's `params` carry (as refuseField wrote them), or undefined for any other issue. */
export function readFieldRefusal(params: unknown): FieldRefusal | undefined {
  if (!params || typeof params !== 'object') return undefined;
  const { code, ...figures } = params as Record<string, unknown>;
  return readRefusalAnswer({ code, params: figures });
}

/** The refusal of an answer's `{ code, params }` (the API's error body), or undefined for any other. */
export function readRefusalAnswer(answer: { code?: unknown; params?: unknown }): FieldRefusal | undefined {
  const parsed = FieldRefusalSchema.safeParse({ code: answer.code, params: answer.params ?? {} });
  return parsed.success ? parsed.data : undefined;
}
