import { z } from 'zod';
import { holdsWireAmount } from '../../domain/wire-amount';

/**
 * How an answer becomes JSON: a schema holding amounts encodes it first (minor units to the API's
 * major-unit numbers); any other is sent as it is, which costs nothing.
 */
export function compileAnswerEncoder(schema: unknown): (data: unknown) => unknown {
  if (!(schema instanceof z.ZodType) || !holdsWireAmount(schema)) return (data) => data;
  return (data) => z.encode(schema, data);
}
