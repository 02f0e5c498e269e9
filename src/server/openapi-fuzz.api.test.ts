import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from './security-headers';
import { createTestContext, insertTestBooking, insertTestProperty, type TestContext } from './test/test-app';
import { listTestDatabaseKinds } from './test/test-database';
import { waitUntil } from '../test/wait-until';

/**
 * Malformed requests for every operation of the OpenAPI document, generated from the document itself:
 * an operation added later is fuzzed without touching this file. Every answer must be below 500, every
 * error must be `{ "error": { "message": string } }` with the security headers, a request that breaks
 * the document's schema must be refused, and no refused request may change any table.
 *
 * The seed is fixed so that a failure reproduces; change it to explore further.
 */
const SEED = 20_261_123;
/**
 * Requests per operation, signed in and signed out each: 5,280 for 44. The two that hash passwords get as many
 * as the rest, as tests hash at a low cost (createTestConfig).
 */
const REQUESTS_PER_OPERATION_AND_STATE = 60;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  minProperties?: number;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
};

type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: JsonSchema };

type Operation = {
  id: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  /** The document names a security requirement (the session cookie). */
  secured: boolean;
};

type FuzzRequest = {
  operation: string;
  signedIn: boolean;
  mutation: string;
  /** The request breaks the document (or names an impossible date): it must be refused. */
  mustRefuse: boolean;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

/** Ids that name nothing: fixed, so that the seed alone decides every request. */
const UNKNOWN_ID = '7d4f2c1a-5b3e-4f6a-8c9d-0e1f2a3b4c5d';

const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function readOperations(document: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      const operation = raw as {
        operationId?: string;
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        security?: unknown[];
      };
      operations.push({
        id: operation.operationId ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content['application/json']?.schema,
        secured: (operation.security ?? []).length > 0,
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------------
// A small JSON Schema checker: the subset zod's export uses. It decides whether a generated request
// breaks the document, so that an answer of 2xx to it shows the document and the server disagree.

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isOfType(type: string, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isPlainObject(value);
    default:
      return true;
  }
}

function matchesSchema(schema: JsonSchema, value: unknown): boolean {
  if (schema.anyOf) return schema.anyOf.some((branch) => matchesSchema(branch, value));
  if (schema.enum && !schema.enum.includes(value)) return false;
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((type) => isOfType(type, value))) return false;
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) return false;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
    if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value)) return false;
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return false;
    if (schema.maximum !== undefined && value > schema.maximum) return false;
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return false;
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) return false;
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return false;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return false;
    if (schema.items && !value.every((item) => matchesSchema(schema.items!, item))) return false;
  }
  if (isPlainObject(value)) {
    if (schema.minProperties !== undefined && Object.keys(value).length < schema.minProperties) return false;
    for (const name of schema.required ?? []) if (value[name] === undefined) return false;
    for (const [name, item] of Object.entries(value)) {
      const property = schema.properties?.[name];
      if (property) {
        if (!matchesSchema(property, item)) return false;
      } else if (schema.additionalProperties === false) {
        return false;
      }
    }
  }
  return true;
}

/** A calendar date that cannot exist (2026-02-30): the document's pattern lets it through, the server must not. */
function isImpossibleDate(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value.padStart(10, '0');
}

function containsImpossibleDate(value: unknown): boolean {
  if (isImpossibleDate(value)) return true;
  if (Array.isArray(value)) return value.some(containsImpossibleDate);
  if (isPlainObject(value)) return Object.values(value).some(containsImpossibleDate);
  return false;
}

// ---------------------------------------------------------------------------------------------------
// Valid examples (the starting point of each mutation) and hostile values.

type Ids = Record<string, string>;

function exampleOf(schema: JsonSchema, name: string, ids: Ids): unknown {
  if (schema.anyOf) {
    const branch = schema.anyOf.find((item) => item.type !== 'null') ?? schema.anyOf[0]!;
    return exampleOf(branch, name, ids);
  }
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.min(Math.max(2, schema.minimum ?? 2), schema.maximum ?? 2);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => exampleOf(schema.items ?? {}, name, ids));
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, item]) => [key, exampleOf(item, key, ids)]),
      );
    case 'string': {
      if (schema.format === 'uuid') return ids[name] ?? UNKNOWN_ID;
      if (schema.pattern === DATE_PATTERN) {
        return /out|end|to$/.test(name) ? '2027-03-13' : '2027-03-10';
      }
      if (schema.pattern === '^\\d{4}-(0[1-9]|1[0-2])$') return '2027-03';
      if (schema.pattern === '^\\d{1,9}$') return '2';
      if (/email/.test(name)) return 'guest@example.com';
      if (/url/.test(name)) return 'https://calendar.example.com/feed.ics';
      if (/password/i.test(name)) return 'a long enough password 1';
      return 'Fuzz'.padEnd(schema.minLength ?? 1, 'z').slice(0, schema.maxLength ?? 100);
    }
    default:
      return 'x';
  }
}

const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0008', '\u001b', '\u007f', '\u2028', '\u202e', '\ufeff'];

/** Strings a form never sends: control characters and NUL, lone surrogates, very long text. */
const hostileText = fc.oneof(
  fc.string({ unit: fc.constantFrom(...CONTROL_CHARACTERS, 'a', ' ', '\ud800', '\udfff'), maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('', ' ', '   ', 'null', 'undefined', '[object Object]', '<script>', "'; drop table x; --"),
  fc.integer({ min: 201, max: 20_000 }).map((length) => 'a'.repeat(length)),
);

/** Numbers as a lax parser would read them, and numbers no field takes. */
const numberLikeText = fc.constantFrom(
  '0x10',
  ' 5 ',
  '1e1',
  '5',
  '-1',
  '0',
  '1.5',
  '+3',
  '0b11',
  'NaN',
  'Infinity',
);
const awkwardNumbers = fc.oneof(
  fc.constantFrom(-1, 0, 0.5, 1.5, -0, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 1e-7),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const awkwardDates = fc.constantFrom(
  '2026-02-30',
  '2026-02-29',
  '2026-13-01',
  '2026-00-10',
  '2026-04-31',
  '9999-12-31',
  '0000-01-01',
  '1900-01-01',
  '2026-1-1',
  ' 2026-01-01',
  '2026-01-01 ',
  '2026-01-01T00:00:00Z',
  '+02026-01-01',
  '2026/01/01',
  '20260101',
  '2026-01',
  '2026-01-01\u0000',
);
const wrongTypes = fc.constantFrom<unknown>(
  true,
  false,
  null,
  [],
  ['a'],
  [1, 2],
  {},
  { a: 1 },
  0,
  7,
  -3,
  1.25,
  'x',
);

function valuesFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const specific: fc.Arbitrary<unknown>[] = [];
  const branches = schema.anyOf ?? [schema];
  for (const branch of branches) {
    if (branch.enum) {
      const first = String(branch.enum[0]);
      specific.push(fc.constantFrom(first.toUpperCase(), ` ${first}`, `${first}\u0000`, 'unknown', ''));
    }
    if (branch.type === 'string') {
      if (branch.maxLength !== undefined) specific.push(fc.constant('b'.repeat(branch.maxLength + 1)));
      if (branch.pattern?.includes('\\d{4}')) specific.push(awkwardDates);
      if (branch.pattern) specific.push(numberLikeText);
      if (branch.format === 'uuid') {
        specific.push(
          fc.constantFrom('not-a-uuid', `${UNKNOWN_ID}\u0000`, UNKNOWN_ID.toUpperCase(), `${UNKNOWN_ID}a`),
        );
      }
    }
    if (branch.type === 'integer' || branch.type === 'number') {
      specific.push(awkwardNumbers, numberLikeText);
      if (branch.minimum !== undefined) specific.push(fc.constant(branch.minimum - 1));
      if (branch.maximum !== undefined) specific.push(fc.constant(branch.maximum + 1));
    }
    if (branch.type === 'array') {
      specific.push(
        fc.constantFrom<unknown>(
          [],
          Array.from({ length: (branch.maxItems ?? 50) + 1 }, () => null),
        ),
      );
      specific.push(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 8 }));
    }
  }
  return fc.oneof(
    { arbitrary: wrongTypes, weight: 3 },
    { arbitrary: hostileText, weight: 3 },
    ...specific.map((arbitrary) => ({ arbitrary, weight: 3 })),
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  );
}

// ---------------------------------------------------------------------------------------------------
// Requests.

type Base = { pathValues: Record<string, string>; query: Record<string, string>; body?: unknown };

function buildUrl(operation: Operation, pathValues: Record<string, string>, query: string) {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => pathValues[name] ?? '');
  return query ? `${path}?${query}` : path;
}

/** Percent-encodes any text; a lone surrogate becomes the bytes of U+FFFD (encodeURIComponent throws). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

const encodeQuery = (entries: [string, string][]) =>
  entries.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');

const RAW_BAD_PATH_VALUES = [
  '%c0',
  '%E0%A4%A',
  '%00',
  '%2e%2e',
  '..',
  '-1',
  '0',
  '%20',
  'null',
  '00000000-0000-0000-0000-00000000000g',
  `${UNKNOWN_ID}%00`,
  'a'.repeat(201),
  '9'.repeat(5_000),
];

type Built = Omit<FuzzRequest, 'signedIn'>;

function arbitraryRequest(operation: Operation, ids: Ids): fc.Arbitrary<Built> {
  const pathParameters = operation.parameters.filter((item) => item.in === 'path');
  const queryParameters = operation.parameters.filter((item) => item.in === 'query');
  const headerParameters = operation.parameters.filter((item) => item.in === 'header');
  const base: Base = {
    pathValues: Object.fromEntries(
      pathParameters.map((item) => [item.name, String(exampleOf(item.schema, item.name, ids))]),
    ),
    query: Object.fromEntries(
      queryParameters
        .filter((item) => item.required)
        .map((item) => [item.name, String(exampleOf(item.schema, item.name, ids))]),
    ),
    body: operation.body ? exampleOf(operation.body, '', ids) : undefined,
  };
  const jsonHeaders = { 'content-type': 'application/json' };
  const make = (
    mutation: string,
    mustRefuse: boolean,
    parts: Partial<Built> & { query?: string },
  ): Built => ({
    operation: operation.id,
    mutation,
    mustRefuse,
    method: operation.method,
    url:
      parts.url ??
      buildUrl(operation, base.pathValues, parts.query ?? encodeQuery(Object.entries(base.query))),
    headers: parts.headers ?? (base.body === undefined ? {} : jsonHeaders),
    payload:
      'payload' in parts ? parts.payload : base.body === undefined ? undefined : JSON.stringify(base.body),
  });
  const mutations: fc.Arbitrary<Built>[] = [];

  if (pathParameters.length > 0) {
    const badPathValue = fc.oneof(
      fc.constantFrom(...RAW_BAD_PATH_VALUES),
      hostileText.map(encode),
      numberLikeText.map(encode),
    );
    mutations.push(
      fc.tuple(fc.constantFrom(...pathParameters), badPathValue).map(([parameter, raw]) => {
        let decoded: string | undefined;
        try {
          decoded = decodeURIComponent(raw);
        } catch {
          decoded = undefined;
        }
        const breaks = decoded === undefined || !matchesSchema(parameter.schema, decoded) || decoded === '';
        const url = buildUrl(
          operation,
          { ...base.pathValues, [parameter.name]: raw },
          encodeQuery(Object.entries(base.query)),
        );
        // A `..` segment, written or percent-encoded (URL parsers resolve `%2e%2e` too), is resolved before
        // the request is sent (by clients, and by inject): it asks for the parent path, another resource
        // that may exist (GET /api/bookings/../quote is the public GET /api/quote).
        return make(`path ${parameter.name}`, breaks && decoded !== '..', { url });
      }),
    );
  }

  if (queryParameters.length > 0) {
    mutations.push(
      fc
        .constantFrom(...queryParameters)
        .chain((parameter) => fc.tuple(fc.constant(parameter), valuesFor(parameter.schema), fc.boolean()))
        .map(([parameter, value, repeat]) => {
          const text = typeof value === 'string' ? value : JSON.stringify(value);
          const entries = Object.entries({ ...base.query, [parameter.name]: text });
          // The same name twice arrives as an array, which no query parameter documents.
          if (repeat) entries.push([parameter.name, text]);
          const breaks = repeat || !matchesSchema(parameter.schema, text) || isImpossibleDate(text);
          return make(`query ${parameter.name}${repeat ? ' (twice)' : ''}`, breaks, {
            query: encodeQuery(entries),
          });
        }),
    );
    const required = queryParameters.filter((item) => item.required);
    if (required.length > 0) {
      mutations.push(
        fc.constantFrom(...required).map((parameter) => {
          const entries = Object.entries(base.query).filter(([name]) => name !== parameter.name);
          return make(`query ${parameter.name} missing`, true, { query: encodeQuery(entries) });
        }),
      );
    }
  }
  // Unknown and undecodable query parameters: tolerated or refused, but never a 5xx.
  mutations.push(
    fc
      .constantFrom('x=1', 'a[b]=1', '__proto__[x]=1', 'q=%c0', '%zz=1', 'limit=1&limit=2', '&&&', '=')
      .map((extra) =>
        make('query extra', false, {
          query: [encodeQuery(Object.entries(base.query)), extra].filter(Boolean).join('&'),
        }),
      ),
  );

  const body = operation.body;
  if (body?.properties && isPlainObject(base.body)) {
    const baseBody = base.body;
    const names = Object.keys(body.properties);
    mutations.push(
      fc
        .constantFrom(...names)
        .chain((name) => fc.tuple(fc.constant(name), valuesFor(body.properties![name]!)))
        .map(([name, value]) => {
          const mutated = { ...baseBody, [name]: value };
          const breaks = !matchesSchema(body, mutated) || containsImpossibleDate(mutated);
          return make(`body ${name}`, breaks, { payload: JSON.stringify(mutated), headers: jsonHeaders });
        }),
    );
    if (body.required?.length) {
      mutations.push(
        fc.constantFrom(...body.required).map((name) => {
          const { [name]: _removed, ...rest } = baseBody;
          return make(`body ${name} missing`, true, { payload: JSON.stringify(rest), headers: jsonHeaders });
        }),
      );
    }
    mutations.push(
      fc
        .constantFrom<[string, unknown]>(
          ['extra', 1],
          ['__proto__', { admin: true }],
          ['constructor', {}],
          ['id', UNKNOWN_ID],
        )
        .map(([name, value]) => {
          const payload = JSON.stringify(baseBody).replace(
            /^\{/,
            `{${JSON.stringify(name)}:${JSON.stringify(value)},`,
          );
          return make(`body extra ${name}`, body.additionalProperties === false, {
            payload,
            headers: jsonHeaders,
          });
        }),
    );
    // Bodies that name nothing the operation knows: a change (PUT, PATCH) once read `{"nonsense": true}`
    // as "nothing said" and set every field to its default. A change must name a field it knows,
    // whatever the document says.
    const isChange = operation.method === 'PUT' || operation.method === 'PATCH';
    mutations.push(
      fc
        .constantFrom<Record<string, unknown>>({ nonsense: true }, { nonsense: true, other: 1 }, {})
        .map((value) => {
          const namesNoField = Object.keys(value).every((name) => !names.includes(name));
          return make(
            `body of unknown fields only ${JSON.stringify(value)}`,
            !matchesSchema(body, value) || (isChange && namesNoField),
            { payload: JSON.stringify(value), headers: jsonHeaders },
          );
        }),
    );
  }
  if (body || UNSAFE_METHODS.has(operation.method)) {
    // Whole bodies a JSON object schema never takes, and bodies the JSON parser or the content type refuses.
    const documentedBody = Boolean(body);
    mutations.push(
      fc
        .constantFrom<[string, string, string | Buffer, boolean]>(
          ['invalid JSON', 'application/json', '{"a":', true],
          ['invalid JSON', 'application/json', "{'a':1}", true],
          ['invalid JSON', 'application/json', '{"a":1}}', true],
          ['empty JSON', 'application/json', '', documentedBody],
          ['JSON array', 'application/json', '[]', documentedBody],
          ['JSON null', 'application/json', 'null', documentedBody],
          ['JSON string', 'application/json', '"text"', documentedBody],
          ['JSON number', 'application/json', '0x10', true],
          ['JSON true', 'application/json', 'true', documentedBody],
          ['JSON proto', 'application/json', '{"__proto__":{"x":1}}', documentedBody],
          ['deep JSON', 'application/json', `${'['.repeat(20_000)}${']'.repeat(20_000)}`, documentedBody],
          ['too large', 'application/json', `{"a":"${'x'.repeat(70_000)}"}`, true],
          ['text/plain', 'text/plain', '{}', true],
          ['form', 'application/x-www-form-urlencoded', 'a=1&b=2', true],
          [
            'multipart',
            'multipart/form-data; boundary=x',
            '--x\r\ncontent-disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
            true,
          ],
          // The charset of JSON means nothing (RFC 8259: always UTF-8); a body that is not UTF-8 fails to parse.
          ['JSON in UTF-16', 'application/json; charset=utf-16', '{}', false],
          ['JSON-ish type', 'application/jsonx', '{}', true],
          ['no type', '', '{}', true],
          // JSON is UTF-8: bytes that are not (here 0xFF) must be refused, never stored as U+FFFD.
          ['not UTF-8', 'application/json', Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]), true],
        )
        .map(([label, type, payload, breaks]) =>
          make(`whole body: ${label}`, breaks && operation.method !== 'GET', {
            payload,
            headers: type ? { 'content-type': type } : {},
          }),
        ),
    );
  }
  for (const parameter of headerParameters) {
    mutations.push(
      valuesFor(parameter.schema).map((value) => {
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        // Header values cannot carry control characters at all; those are left to the HTTP parser tests.
        const safe = text.replace(/[^\t\x20-\x7e]/g, '?');
        return make(`header ${parameter.name}`, !matchesSchema(parameter.schema, safe), {
          headers: { ...jsonHeaders, [parameter.name]: safe },
        });
      }),
    );
  }
  if (UNSAFE_METHODS.has(operation.method)) {
    mutations.push(
      fc
        .constantFrom<Record<string, string>>(
          { origin: 'https://evil.example.com' },
          { origin: 'null' },
          { origin: 'not a url' },
          { 'sec-fetch-site': 'cross-site' },
          { 'sec-fetch-site': 'same-site' },
        )
        .map((headers) =>
          make('cross-site', true, {
            headers: { ...(base.body === undefined ? {} : jsonHeaders), ...headers },
          }),
        ),
    );
  }
  return fc.oneof(...mutations);
}

// ---------------------------------------------------------------------------------------------------
// Table snapshots.

/** Tables, columns and rows that legitimately change while requests are refused, and why. */
const EXCLUDED_TABLES = new Set([
  // Every sign-in attempt is counted before the password is even checked (one atomic statement, so a
  // burst cannot slip past a limit), and a wrong current password counts like a wrong sign-in: refusals
  // are what this table records.
  'public.sign_in_counters',
]);
const EXCLUDED_COLUMNS: Record<string, string[]> = {
  // Any signed-in request marks its session used (at most once a minute), whatever its answer.
  'public.operator_sessions': ['last_used_at'],
};
// Rows of a table left out of its snapshot (none today: the audit log leaves the session mark out itself).
const ROW_FILTERS: Record<string, string> = {};

type Snapshot = Map<string, string>;
type Rows = { rows: Record<string, unknown>[] };

/**
 * Creates `fuzz_table_hashes()` in the test database: every table's row count and the md5 of its rows in
 * order. A PL/pgSQL function keeps its plan, which makes a snapshot several times cheaper than the query.
 */
async function createSnapshotFunction(context: TestContext): Promise<void> {
  const result = (await context.database.db.execute(sql`
    select c.table_schema, c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')
    order by c.table_schema, c.table_name, c.ordinal_position
  `)) as unknown as Rows;
  const tables = new Map<string, string[]>();
  for (const row of result.rows) {
    const name = `${String(row.table_schema)}.${String(row.table_name)}`;
    if (EXCLUDED_TABLES.has(name) || EXCLUDED_COLUMNS[name]?.includes(String(row.column_name))) continue;
    tables.set(name, [...(tables.get(name) ?? []), String(row.column_name)]);
  }
  const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
  const query = [...tables]
    .map(([name, columns]) => {
      const [schema, table] = name.split('.') as [string, string];
      const filter = ROW_FILTERS[name] ? ` where ${ROW_FILTERS[name]}` : '';
      return `select '${name}'::text, count(*)::text || ':' || coalesce(md5(string_agg(r::text, E'\\n' order by r::text)), '')
        from (select ${columns.map(quote).join(', ')} from ${quote(schema)}.${quote(table)}${filter}) r`;
    })
    .join('\nunion all\n');
  await context.database.db.execute(
    sql.raw(`create function fuzz_table_hashes() returns table (snapshot_table text, snapshot_hash text)
      language plpgsql as $fuzz$ begin return query ${query}; end $fuzz$`),
  );
}

async function takeSnapshot(context: TestContext): Promise<Snapshot> {
  const result = (await context.database.db.execute(
    sql`select snapshot_table, snapshot_hash from fuzz_table_hashes()`,
  )) as unknown as Rows;
  return new Map(result.rows.map((row) => [String(row.snapshot_table), String(row.snapshot_hash)]));
}

const changedTables = (before: Snapshot, after: Snapshot) =>
  [...after.keys()].filter((name) => before.get(name) !== after.get(name));

// ---------------------------------------------------------------------------------------------------
// Answers.

/** What is wrong with an error answer, if anything. */
function describeBadErrorAnswer(response: LightMyRequestResponse): string | undefined {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (response.headers[name] !== value) return `header ${name} is ${String(response.headers[name])}`;
  }
  if (!String(response.headers['content-type']).startsWith('application/json')) {
    return `content-type ${String(response.headers['content-type'])}`;
  }
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `body is not JSON: ${response.body.slice(0, 100)}`;
  }
  if (!isPlainObject(body) || Object.keys(body).join() !== 'error' || !isPlainObject(body.error)) {
    return `body ${response.body.slice(0, 200)}`;
  }
  const { message, field, code, params, ...rest } = body.error;
  if (typeof message !== 'string' || message.trim() === '') return `message ${JSON.stringify(message)}`;
  if (field !== undefined && typeof field !== 'string') return `field ${JSON.stringify(field)}`;
  // A code says why, for the client to word (the contact settings' refusals carry one).
  if (code !== undefined && (typeof code !== 'string' || !/^[a-z_]+$/.test(code)))
    return `code ${JSON.stringify(code)}`;
  // A domain refusal's parameters, for the client to word it; they stand beside the message too, where the
  // API gave them before codes.
  if (params !== undefined && (!isPlainObject(params) || code === undefined))
    return `params ${JSON.stringify(params)}`;
  const unexpected = Object.keys(rest).filter((key) => !isPlainObject(params) || !(key in params));
  if (unexpected.length > 0) return `unexpected error fields ${unexpected.join()}`;
  return undefined;
}

const describeRequest = (request: FuzzRequest) =>
  `${request.operation}: ${request.signedIn ? 'signed in' : 'signed out'} ${request.method} ${request.url.slice(0, 160)} [${request.mutation}] ${
    request.payload === undefined ? '' : String(request.payload).slice(0, 160)
  }`;

describe.each(listTestDatabaseKinds())('OpenAPI fuzz [%s]', (kind) => {
  let context: TestContext;
  let cookie: string;
  let signIn: () => Promise<string>;
  const ids: Ids = {};

  beforeAll(async () => {
    context = await createTestContext(kind, {
      // Limits would answer 429 before the input is even read; the fuzz is after the input handling.
      requests: {
        perHour: 1_000_000,
        pageLookupsPerMinute: 1_000_000,
        pending: { perNetwork: 1_000_000, perEmail: 1_000_000 },
      },
      sessions: {
        signInLimits: {
          windowMs: 60_000,
          perAccountAndNetwork: 1_000_000,
          perNetwork: 1_000_000,
          perAccount: 1_000_000,
          perDevice: 1_000_000,
        },
      },
    });
    const operator = await context.createSignedInOperator();
    cookie = operator.cookie;
    signIn = async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { email: operator.email, password: operator.password },
      });
      const set = response.cookies.find((item) => item.name === 'villa_session');
      return `villa_session=${set?.value ?? ''}`;
    };
    const property = await insertTestProperty(context.database, operator.id);
    const booking = await insertTestBooking(context.database, property.id);
    ids.propertyId = property.id;
    ids.property = property.id;
    ids.property_id = property.id;
    ids.bookingId = booking.id;
    const channel = await context.app.inject({
      method: 'POST',
      url: `/api/properties/${property.id}/channels`,
      headers: { cookie },
      payload: { channel: 'airbnb', import_url: 'https://calendar.example.com/feed.ics' },
    });
    const channelId = (channel.json() as { id?: string }).id;
    if (channelId) {
      ids.channelId = channelId;
      ids.channel_id = channelId;
    }
    // The first listing creates the property's export address; done here, every later read changes nothing.
    await context.app.inject({
      method: 'GET',
      url: `/api/properties/${property.id}/channels`,
      headers: { cookie },
    });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('answers malformed requests to every operation with a 4xx in the API shape and changes nothing', async () => {
    const document = context.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
    const operations = readOperations(document);
    expect(operations.length).toBeGreaterThan(40);

    const groups = operations.map((operation, index) => {
      const samples = fc.sample(arbitraryRequest(operation, ids), {
        seed: SEED + index,
        numRuns: REQUESTS_PER_OPERATION_AND_STATE * 2,
      });
      return {
        operation,
        requests: samples.map((sample, sampleIndex): FuzzRequest => ({
          ...sample,
          signedIn: sampleIndex % 2 === 0,
        })),
      };
    });

    await createSnapshotFunction(context);
    let snapshotCount = 0;
    let snapshotMs = 0;
    const snap = async () => {
      const begun = performance.now();
      const taken = await takeSnapshot(context);
      snapshotCount += 1;
      snapshotMs += performance.now() - begun;
      return taken;
    };
    const counts: Record<string, number> = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
    const failures: string[] = [];
    let sentCount = 0;
    const started = performance.now();

    const secured = new Set(operations.filter((item) => item.secured).map((item) => item.id));
    /**
     * The operation a request reaches: a '..' path value is resolved before routing, as a browser resolves
     * it, so /api/requests/../invoices/{invoiceId}/pdf is the operator's invoice PDF, and answers as it does.
     */
    const findReachedOperation = (request: FuzzRequest): string => {
      const path = new URL(request.url, 'http://fuzz.test').pathname;
      if (path === request.url.split('?')[0]) return request.operation;
      const segments = path.split('/');
      const reached = operations.find((item) => {
        const pattern = item.path.split('/');
        return (
          item.method === request.method &&
          pattern.length === segments.length &&
          pattern.every((part, index) => part === segments[index] || /^\{[^}]+\}$/.test(part))
        );
      });
      return reached?.id ?? request.operation;
    };
    // A backup asked for is written, and recorded, after its answer: wait for it before the next snapshot.
    const waitForBackup = () =>
      waitUntil(
        async () => {
          const list = await context.app.inject({ method: 'GET', url: '/api/backups', headers: { cookie } });
          return list.statusCode === 200 && (list.json() as { running: unknown }).running === null;
        },
        { timeout: 60_000 },
      );
    const send = async (request: FuzzRequest) => {
      const response = await context.app.inject({
        method: request.method as InjectOptions['method'],
        url: request.url,
        headers: { ...request.headers, ...(request.signedIn ? { cookie } : {}) },
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      const status = response.statusCode;
      sentCount += 1;
      const statusClass = `${Math.floor(status / 100)}xx`;
      counts[statusClass] = (counts[statusClass] ?? 0) + 1;
      if (status >= 500)
        failures.push(`${status} ${response.body.slice(0, 200)} <- ${describeRequest(request)}`);
      // signIn answers 401 to wrong credentials, not for want of a session.
      if (status === 401 && !secured.has(findReachedOperation(request)) && request.operation !== 'signIn') {
        failures.push(`401 but the document names no security requirement <- ${describeRequest(request)}`);
      }
      if (status >= 400) {
        const problem = describeBadErrorAnswer(response);
        if (problem) failures.push(`${status} ${problem} <- ${describeRequest(request)}`);
      } else if (request.mustRefuse) {
        failures.push(`${status} accepted ${response.body.slice(0, 120)} <- ${describeRequest(request)}`);
      }
      return status;
    };

    // Snapshots cost more than most requests, so they are taken where a change could be told apart: around
    // every request that may rightly go through, and around each run of requests that must be refused.
    let snapshot = await snap();
    for (const { operation, requests } of groups) {
      if (!UNSAFE_METHODS.has(operation.method)) {
        // A read changes nothing, whatever its answer (apart from the exclusions above).
        for (const request of requests) await send(request);
        const after = await snap();
        const changed = changedTables(snapshot, after);
        if (changed.length > 0) failures.push(`${operation.id}: reads changed ${changed.join(', ')}`);
        snapshot = after;
        continue;
      }
      let refusedRun: { request: FuzzRequest; status: number }[] = [];
      const closeRun = async () => {
        if (refusedRun.length === 0) return;
        const after = await snap();
        const changed = changedTables(snapshot, after);
        // A request that was wrongly accepted is reported as such; its change is not a second failure.
        if (changed.length > 0 && refusedRun.every((item) => item.status >= 400)) {
          failures.push(
            `one of these refused requests changed ${changed.join(', ')}:\n  ${refusedRun
              .map((item) => `${item.status} <- ${describeRequest(item.request)}`)
              .join('\n  ')}`,
          );
        }
        snapshot = after;
        refusedRun = [];
      };
      for (const request of requests) {
        if (request.mustRefuse) {
          refusedRun.push({ request, status: await send(request) });
          continue;
        }
        await closeRun();
        const status = await send(request);
        if (request.operation === 'createBackup' && status === 202) await waitForBackup();
        const after = await snap();
        const changed = changedTables(snapshot, after);
        if (status >= 400 && changed.length > 0) {
          failures.push(`${status} but changed ${changed.join(', ')} <- ${describeRequest(request)}`);
        }
        snapshot = after;
        // A request that went through may have ended the session (signOut, revokeSession): sign in again.
        if (status < 400 && request.signedIn) {
          const check = await context.app.inject({
            method: 'GET',
            url: '/api/sessions',
            headers: { cookie },
          });
          if (check.statusCode === 401) {
            cookie = await signIn();
            snapshot = await snap();
          }
        }
      }
      await closeRun();
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `OpenAPI fuzz [${kind}] seed ${SEED}: ${sentCount} requests over ${operations.length} operations in ${seconds} s: ` +
        Object.entries(counts)
          .map(([name, count]) => `${name} ${count}`)
          .join(', ') +
        ` (${snapshotCount} table snapshots took ${(snapshotMs / 1000).toFixed(1)} s)`,
    );
    expect(sentCount).toBeGreaterThanOrEqual(5_000);
    // Grouped, so that one defect hit a hundred times reads as one line.
    const grouped = new Map<string, { count: number; example: string }>();
    for (const failure of failures) {
      const [kind = '', request = ''] = failure.split(' <- ');
      const key = `${kind.slice(0, 60)} ${request.split(':', 1)[0]}`;
      const entry = grouped.get(key) ?? { count: 0, example: failure };
      entry.count += 1;
      grouped.set(key, entry);
    }
    expect(
      failures.length,
      `seed ${SEED}: ${failures.length} failures of ${grouped.size} kinds:\n${[...grouped.values()]
        .map((entry) => `${entry.count} x ${entry.example}`)
        .join('\n')}`,
    ).toBe(0);
  }, 300_000);
});
