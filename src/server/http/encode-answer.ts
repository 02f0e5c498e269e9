import { z } from 'zod';
import type { MinorUnits } from '../../domain/money';
import { encodeWireAmount, holdsWireAmount, isWireAmount } from '../../domain/wire-amount';

type Encode = (value: unknown) => unknown;

const sendAsItIs: Encode = (data) => data;

/**
 * How an answer becomes JSON: a schema holding amounts gets a function that walks the answer along the
 * paths to its amounts only, turning each from minor units into the API's major-unit number (zod's own
 * encode walks and checks every field: 5 ms on a page of 100 bookings, against ~0.1 ms for this); any other
 * answer is sent as it is. Tests check each answer against its schema, so a path missed here fails them.
 */
export function compileAnswerEncoder(schema: unknown): Encode {
  if (!(schema instanceof z.ZodType)) return sendAsItIs;
  return compileEncoder(schema, new Map()) ?? sendAsItIs;
}

/** The encoder of a schema's values, or undefined when the schema holds no amount. */
function compileEncoder(schema: z.ZodType, seen: Map<z.ZodType, Encode | undefined>): Encode | undefined {
  if (seen.has(schema)) return seen.get(schema);
  // A schema that refers to itself (z.lazy) is encoded through this indirection once compiled.
  seen.set(schema, (value) => (compiled ? compiled(value) : value));
  const compiled = compileShape(schema, seen);
  seen.set(schema, compiled);
  return compiled;
}

function compileShape(schema: z.ZodType, seen: Map<z.ZodType, Encode | undefined>): Encode | undefined {
  if (isWireAmount(schema))
    return (value) => (typeof value === 'number' ? encodeWireAmount(value as MinorUnits) : value);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (child: unknown) => (child instanceof z.ZodType ? compileEncoder(child, seen) : undefined);
  switch (def.type) {
    case 'object': {
      const fields = Object.entries(def.shape as Record<string, z.ZodType>)
        .map(([key, child]) => [key, inner(child)] as const)
        .filter((field): field is readonly [string, Encode] => field[1] !== undefined);
      if (fields.length === 0) return undefined;
      return (value) => {
        if (typeof value !== 'object' || value === null) return value;
        const copy: Record<string, unknown> = { ...value };
        for (const [key, encode] of fields) if (key in copy) copy[key] = encode(copy[key]);
        return copy;
      };
    }
    case 'array': {
      const encode = inner(def.element);
      return encode && ((value) => (Array.isArray(value) ? value.map(encode) : value));
    }
    case 'record': {
      const encode = inner(def.valueType);
      return (
        encode &&
        ((value) =>
          typeof value === 'object' && value !== null
            ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, encode(item)]))
            : value)
      );
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch': {
      const encode = inner(def.innerType);
      return encode && ((value) => (value === null || value === undefined ? value : encode(value)));
    }
    // An answer holds the output of a pipe.
    case 'pipe':
      return inner(def.out);
    case 'lazy':
      return inner((def.getter as () => unknown)());
    // A union, an intersection or a tuple with an amount in it: zod's own encode, which tells the options apart.
    default:
      return holdsWireAmount(schema) ? (value) => z.encode(schema, value) : undefined;
  }
}
