import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from './http/http-error';

/**
 * The rules every body of the API follows, whatever its route, applied in app.ts: a field the operation
 * does not know is refused by name (a creation or an action too: `{"nonsense": true}` must not rotate an
 * export address, nor a price a client sends pass silently with a guest's request), and a change (PUT
 * replaces, PATCH amends) names at least one field: a body that a change reads as "nothing said" must never
 * be taken as "everything back to its default".
 */

// A change of no field: a PATCH would change nothing, and a PUT, which replaces, would set every field to
// its default (a PUT of the pricing rules with an empty body reset every rule of the property).
const EMPTY_CHANGE_MESSAGES: Record<string, string> = {
  PATCH: 'Send at least one field to change',
  PUT: 'Send the fields to save: an empty body would set every one of them to its default',
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of `schema` with a changed definition that keeps its description and other metadata. */
function rebuild(schema: z.ZodType, def: object): z.ZodType {
  const copy = schema.clone(def as typeof schema.def);
  const meta = z.globalRegistry.get(schema);
  if (meta) z.globalRegistry.add(copy, meta);
  return copy;
}

function makeStrict(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(
      Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => [
        name,
        makeStrict(field),
      ]),
    );
    return rebuild(schema, { ...schema.def, shape, catchall: schema.def.catchall ?? z.never() });
  }
  if (schema instanceof z.ZodArray) {
    const element = makeStrict(schema.def.element as z.ZodType);
    return element === schema.def.element ? schema : rebuild(schema, { ...schema.def, element });
  }
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    const innerType = makeStrict(schema.def.innerType as z.ZodType);
    return innerType === schema.def.innerType ? schema : rebuild(schema, { ...schema.def, innerType });
  }
  return schema;
}

/**
 * The schema with every object in it strict (its own refinements kept), so that a field the operation
 * does not know is refused instead of silently dropped: dropped, `{"nonsense": true}` parsed as an empty
 * body, and a misspelt field (`clening_fee`, or `min_night` in a season) quietly took its default. An
 * object that says what else it takes (`.loose()`, `.catchall()`) keeps that.
 */
export function refuseUnknownFields<T extends z.ZodType>(schema: T): T {
  return makeStrict(schema) as T;
}

/** Whether a route's methods may carry a body (everything but GET, HEAD and OPTIONS). */
export function takesBody(method: string | string[]): boolean {
  return [method].flat().some((item) => !['GET', 'HEAD', 'OPTIONS'].includes(item));
}

/** For an operation without a body schema: a body that names any field is refused (an empty one is not). */
export async function refuseBodyFields(request: { body: unknown }): Promise<void> {
  const { body } = request;
  if (body === undefined || body === null || (isPlainObject(body) && Object.keys(body).length === 0)) return;
  const fields = isPlainObject(body) ? Object.keys(body) : [];
  throw new HttpError(
    400,
    fields.length > 0
      ? `Unknown field${fields.length === 1 ? '' : 's'}: ${fields.join(', ')} (this operation takes no body)`
      : 'This operation takes no request body',
  );
}

/** Whether a route's methods change a resource field by field (PUT replaces, PATCH amends). */
export function isChangeMethod(method: string | string[]): boolean {
  return [method].flat().some((item) => item === 'PUT' || item === 'PATCH');
}

/**
 * The validator of every route (zod's), which also refuses a PUT or PATCH body of no field, in words that
 * say why (the operation's own schema cannot tell a field left out from one set to its default).
 */
export const compileRequestValidator: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  const emptyMessage = EMPTY_CHANGE_MESSAGES[route.method];
  if (route.httpPart !== 'body' || !emptyMessage) return validate;
  return (data: unknown) =>
    isPlainObject(data) && Object.keys(data).length === 0
      ? { error: new HttpError(400, emptyMessage) }
      : validate(data);
};

/** The first unknown field a validation error names, as a message and a field path; none: undefined. */
export function describeUnknownFields(
  issues: { keyword: string; instancePath: string; params: Record<string, unknown> }[],
): { message: string; field: string } | undefined {
  const issue = issues.find((item) => item.keyword === 'unrecognized_keys');
  const keys = issue?.params.keys;
  if (!issue || !Array.isArray(keys) || keys.length === 0) return undefined;
  const at = issue.instancePath.split('/').filter(Boolean);
  const paths = keys.map((key) => [...at, String(key)]);
  return {
    message: `Unknown field${paths.length === 1 ? '' : 's'}: ${paths.map((path) => path.join('.')).join(', ')}`,
    field: paths[0]!.join('/'),
  };
}
