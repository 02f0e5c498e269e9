import { zodResolver } from '@hookform/resolvers/zod';
import { get, type FieldError, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { readFieldRefusal, type FieldRefusal } from '@/domain/field-refusals';

/** A field's error with the refusal its schema named (a code and its figures), where it named one. */
export type RefusedFieldError = FieldError & { refusal?: FieldRefusal };

/**
 * zodResolver, with each field's error carrying its issue's refusal: the resolver keeps only the English
 * message, and a form words the refusal in its reader's language from the code instead.
 */
export function resolveWithRefusals<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  const resolve = zodResolver(schema) as Resolver<Input, unknown, Output>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    // Only a refused form is parsed again, for the issues' params.
    const parsed = await schema.safeParseAsync(values);
    for (const issue of parsed.error?.issues ?? []) {
      const error = get(result.errors, issue.path.join('.')) as RefusedFieldError | undefined;
      // A field shows its first issue: the refusal goes with that one.
      if (error && error.message === issue.message && !error.refusal)
        error.refusal = readFieldRefusal((issue as { params?: unknown }).params);
    }
    return result;
  };
}
