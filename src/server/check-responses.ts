import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';
import { holdsWireAmount } from '../domain/wire-amount';
import { compileAnswerEncoder } from './http/encode-answer';

/**
 * Response checking, on in tests only: each JSON answer is read back as a client reads it and must be
 * exactly what its contract's schema for that status describes (no field the schema leaves out, none
 * missing, no value of another type). In production answers are serialised as they are: checking every
 * one cost more than half the time of a 10,000-booking list.
 */
export class ResponseContractError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResponseContractError';
    // The test sees only a 500 (the test app's logger is silent): the reason goes to the test's output.
    console.error(message);
  }
}

/** The first place where two JSON values differ, as a path and what differs there. */
function findDifference(sent: unknown, allowed: unknown, path: string): string | undefined {
  if (isDeepStrictEqual(sent, allowed)) return undefined;
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (Array.isArray(sent) && Array.isArray(allowed) && sent.length === allowed.length) {
    for (const [index, item] of sent.entries()) {
      const found = findDifference(item, allowed[index], `${path}[${index}]`);
      if (found) return found;
    }
  }
  if (isObject(sent) && isObject(allowed)) {
    for (const key of Object.keys(sent)) {
      if (!Object.hasOwn(allowed, key)) return `${path}.${key} is not in the contract`;
      const found = findDifference(sent[key], allowed[key], `${path}.${key}`);
      if (found) return found;
    }
    for (const key of Object.keys(allowed)) {
      if (!Object.hasOwn(sent, key)) return `${path}.${key} is missing (the contract gives it a default)`;
    }
  }
  return `${path || 'the body'} is ${JSON.stringify(sent)}, the contract reads ${JSON.stringify(allowed)}`;
}

/** Throws when the JSON text is not what the schema describes; answers the text unchanged otherwise. */
export function checkResponseBody(schema: z.ZodType, json: string, where: string): string {
  const sent: unknown = JSON.parse(json);
  const result = schema.safeParse(sent);
  if (!result.success) {
    throw new ResponseContractError(
      `${where} answered a body its contract refuses: ${z.prettifyError(result.error)}`,
    );
  }
  // A zod object drops fields it does not know: a field that leaked into the answer shows up here.
  // Amounts were decoded to minor units: encoded again, they must read as sent.
  const allowed = holdsWireAmount(schema) ? z.encode(schema, result.data) : result.data;
  const difference = findDifference(sent, allowed, '');
  if (difference)
    throw new ResponseContractError(`${where} answered a body its contract refuses: ${difference}`);
  return json;
}

const compileCheckedSerializer: FastifySerializerCompiler<unknown> = ({
  schema,
  method,
  url,
  httpStatus,
}) => {
  const where = `${method} ${url} (${httpStatus})`;
  const encode = compileAnswerEncoder(schema);
  if (!(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
  return (data) => checkResponseBody(schema, JSON.stringify(encode(data)), where);
};

/**
 * Turns response checking on: JSON bodies are checked by the serializer, and a successful status that
 * the route's contract does not document is refused (a 500, so the test that caused it fails).
 */
export function checkResponsesAgainstContracts(app: FastifyInstance): void {
  app.setSerializerCompiler(compileCheckedSerializer);
  app.addHook('onSend', async (request, reply, payload) => {
    const responses = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    const status = reply.statusCode;
    if (!responses || status < 200 || status >= 300) return payload;
    if (!Object.hasOwn(responses, String(status)) && !Object.hasOwn(responses, '2xx')) {
      throw new ResponseContractError(
        `${request.method} ${request.routeOptions.url} answered ${status}, which its contract does not document`,
      );
    }
    return payload;
  });
}
