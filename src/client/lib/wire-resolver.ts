import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { holdsWireAmount } from '@/domain/wire-amount';

/**
 * The resolver of a form sent as a request whose schema decodes amounts: the values are checked and
 * shaped by that schema, but its amounts are handed on as typed (rupees, not the paise the schema decodes
 * them to), since the server decodes them itself. A plain zodResolver would send them a hundred times too
 * large.
 */
export function wireResolver<Schema extends z.ZodObject>(
  schema: Schema,
): Resolver<z.input<Schema>, unknown, z.input<Schema>> {
  const amountFields = Object.keys(schema.shape).filter((key) => holdsWireAmount(schema.shape[key]!));
  const parse = zodResolver(schema) as unknown as Resolver<FieldValues>;
  return (async (values, context, options) => {
    const result = await parse(values, context, options as unknown as Parameters<typeof parse>[2]);
    if (Object.keys(result.errors).length > 0) return result;
    const typed = Object.fromEntries(amountFields.map((key) => [key, values[key]]));
    return { ...result, values: { ...result.values, ...typed } };
  }) as Resolver<z.input<Schema>, unknown, z.input<Schema>>;
}
