import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/test-app';
import { listTestDatabaseKinds } from './test/test-database';

type DocumentedOperation = { operationId?: string; security?: unknown[] };

describe.each(listTestDatabaseKinds())('OpenAPI security requirements [%s]', (kind) => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext(kind);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('documents the session cookie on exactly the operations that refuse a request without a session', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, DocumentedOperation>>;
    };
    const mismatches: string[] = [];
    let secured = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const url = path.replace(/\{[^}]+\}/g, randomUUID());
        const response = await context.app.inject({ method: method.toUpperCase() as 'GET', url });
        const documented = (operation.security ?? []).length > 0;
        if (documented) secured += 1;
        if ((response.statusCode === 401) !== documented) {
          mismatches.push(`${operation.operationId}: ${response.statusCode}, documented: ${documented}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(secured).toBeGreaterThan(30);
  });
});
