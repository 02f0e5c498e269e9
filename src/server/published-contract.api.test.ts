import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/test-app';
import { listTestDatabaseKinds } from './test/test-database';

type JsonSchema = Record<string, unknown>;

/** What a client relies on in a value of a schema, one line: its type and constraints, without the prose. */
function describeValue(schema: JsonSchema): string {
  const facts = [String(schema.type ?? (schema.$ref ? `ref ${String(schema.$ref)}` : 'any'))];
  for (const key of [
    'format',
    'enum',
    'const',
    'nullable',
    'default',
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'minLength',
    'maxLength',
    'pattern',
    'minItems',
    'maxItems',
    'minProperties',
  ]) {
    // A format's own pattern (a UUID's, a date's) says nothing more than the format.
    if (key === 'pattern' && schema.format !== undefined) continue;
    if (schema[key] !== undefined) facts.push(`${key} ${JSON.stringify(schema[key])}`);
  }
  return facts.join(', ');
}

/** A schema as one line per field (`.stays[].guest_name?: string`), so a change reads as a one-line diff. */
function listFields(schema: JsonSchema | undefined, at: string, lines: string[]): void {
  if (!schema) return;
  lines.push(`${at || '.'}: ${describeValue(schema)}`);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const variants = schema[key] as JsonSchema[] | undefined;
    variants?.forEach((variant, index) => listFields(variant, `${at}<${key} ${index}>`, lines));
  }
  const required = new Set((schema.required as string[] | undefined) ?? []);
  for (const [name, field] of Object.entries((schema.properties as Record<string, JsonSchema>) ?? {})) {
    listFields(field, `${at}.${name}${required.has(name) ? '' : '?'}`, lines);
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    listFields(schema.additionalProperties as JsonSchema, `${at}.*`, lines);
  }
  if (schema.items) listFields(schema.items as JsonSchema, `${at}[]`, lines);
}

type Content = Record<string, { schema?: JsonSchema }>;
type Operation = {
  operationId: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Content };
  responses?: Record<string, { content?: Content }>;
};

/**
 * The published contract, pinned: every operation with its parameters, request body and answers, as a client
 * relies on them. A change shows up here as a diff to review (and `vitest -u` when it is meant); moving code
 * behind the endpoints must leave it as it is.
 */
describe('the published contract', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext(listTestDatabaseKinds()[0]!);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('keeps every operation, parameter, field and status', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const lines: string[] = [];
    let errorShape: string | undefined;
    const operations = Object.entries(document.paths)
      .flatMap(([path, item]) =>
        Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
      )
      .sort((a, b) => a.operation.operationId.localeCompare(b.operation.operationId));
    for (const { path, method, operation } of operations) {
      lines.push(`${operation.operationId} ${method.toUpperCase()} ${path}`);
      for (const parameter of operation.parameters ?? []) {
        const where = `  ${parameter.in} ${parameter.name}${parameter.required ? '' : '?'}`;
        listFields(parameter.schema, where, lines);
      }
      for (const [type, content] of Object.entries(operation.requestBody?.content ?? {})) {
        listFields(
          content.schema,
          `  body${type === 'application/json' ? '' : ` ${type}`}${operation.requestBody?.required ? '' : '?'}`,
          lines,
        );
      }
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        const contents = Object.entries(answer.content ?? {});
        if (contents.length === 0) lines.push(`  ${status}: no body`);
        for (const [type, content] of contents) {
          const fields: string[] = [];
          listFields(content.schema, '', fields);
          // The one error shape, said once below, instead of at every refusal of every operation.
          const shape = fields.join('\n');
          if (type === 'application/json' && errorShape !== undefined && shape === errorShape) {
            lines.push(`  ${status}: the error shape`);
          } else if (
            type === 'application/json' &&
            errorShape === undefined &&
            /^\.: object\n\.error: object\n/.test(shape)
          ) {
            errorShape = shape;
            lines.push(`  ${status}: the error shape`);
          } else {
            const at = `  ${status}${type === 'application/json' ? '' : ` ${type}`}`;
            lines.push(...fields.map((field) => `${at}${field.startsWith('.:') ? field.slice(1) : field}`));
          }
        }
      }
    }
    lines.push('the error shape:', ...(errorShape ?? '').split('\n').map((field) => `  ${field}`));
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./published-contract.txt');
  });
});
