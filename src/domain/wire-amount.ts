import { z } from 'zod';
import { toMajor, toMinorUnits, type MinorUnits, type Money } from './money';

/**
 * The one place where the API's amounts meet the server's: JSON carries a major-unit number (2800.5), the
 * server holds whole minor units (280050). A contract's amount field is this codec, so a request is decoded
 * to minor units when it is validated and an answer encoded back to major units when it is sent; nothing
 * else converts between the two.
 */

// A JSON Schema of `number` on the answer's side too (the output side of a codec documents the answer).
const MinorUnitsSchema = z
  .number()
  .refine(Number.isSafeInteger, 'An amount in minor units is a whole number') as unknown as z.ZodType<
  MinorUnits,
  MinorUnits
>;

/** An amount as the API sends it: `major` checks the JSON number (limits, decimals); minor units inside. */
export function wireAmount<Major extends z.ZodType<number, number>>(major: Major) {
  return z.codec(major, MinorUnitsSchema, {
    decode: (value) => toMinorUnits(value),
    encode: (minor) => encodeWireAmount(minor) as z.output<Major>,
  });
}

/** An amount as JSON sends it: minor units as the major-unit number (280050 → 2800.5). */
export function encodeWireAmount(minor: MinorUnits): number {
  return toMajor(minor);
}

/** An amount of an answer: any JSON number of whole minor units. */
export const AmountSchema = wireAmount(z.number());

/**
 * A value as it travels as JSON: every amount a major-unit number. What a client receives and sends, and
 * what the server's answer becomes once encoded.
 */
export type Wire<T> = T extends MinorUnits
  ? number
  : T extends readonly (infer Item)[]
    ? Wire<Item>[]
    : T extends object
      ? { [Key in keyof T]: Wire<T[Key]> }
      : T;

/** Whether a schema is an amount of the API (AmountSchema, wireAmount(…), or a described copy of one). */
export function isWireAmount(schema: z.ZodType): boolean {
  // A described or refined copy of the codec keeps its definition, and so its minor-unit side.
  return (schema._zod.def as { out?: unknown }).out === MinorUnitsSchema;
}

/**
 * Whether a schema holds an amount anywhere in it, so its answers must be encoded before they are sent
 * (the others are sent as they are, which costs nothing).
 */
export function holdsWireAmount(schema: z.ZodType, seen = new Set<z.ZodType>()): boolean {
  if (isWireAmount(schema)) return true;
  if (seen.has(schema)) return false;
  seen.add(schema);
  return readInnerSchemas(schema).some((inner) => holdsWireAmount(inner, seen));
}

function readInnerSchemas(schema: z.ZodType): z.ZodType[] {
  const def = schema._zod.def as unknown as Record<string, unknown>;
  const found: unknown[] = [def.innerType, def.in, def.out, def.element, def.keyType, def.valueType];
  if (def.shape && typeof def.shape === 'object') found.push(...Object.values(def.shape));
  if (Array.isArray(def.options)) found.push(...def.options);
  if (Array.isArray(def.items)) found.push(...def.items);
  if (def.rest) found.push(def.rest);
  if (def.left) found.push(def.left, def.right);
  if (typeof def.getter === 'function') found.push((def.getter as () => unknown)());
  return found.filter((item): item is z.ZodType => item instanceof z.ZodType);
}

function isMoney(value: unknown): value is Money {
  if (typeof value !== 'object' || value === null) return false;
  const keys = Object.keys(value);
  return (
    keys.length === 2 &&
    typeof (value as Money).minor === 'number' &&
    typeof (value as Money).currency === 'string'
  );
}

/**
 * A refusal's parameters as JSON: each amount in them (a Money, at any depth) becomes the major-unit number
 * the API gives amounts in; the rest is kept as it is.
 */
export function encodeAmountParams(value: unknown): unknown {
  if (isMoney(value)) return toMajor(value);
  if (Array.isArray(value)) return value.map(encodeAmountParams);
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, encodeAmountParams(item)]));
  }
  return value;
}
