import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_LOADER_SCRIPT } from '../../client/pages/page-loader';
import { createTestContext, type TestContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

describe.each(listTestDatabaseKinds())('health, OpenAPI and unknown routes [%s]', (kind) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext(kind);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('answers 200 when the database answers', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: kind });
  });

  it('describes every operation of the contract in the OpenAPI document', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, { operationId?: string }>> };
    const operationIds = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((operation) => operation.operationId),
    );
    expect(operationIds).toEqual(
      expect.arrayContaining([
        'getHealth',
        'signIn',
        'getSession',
        'signOut',
        'listProperties',
        'createProperty',
        'getPropertyCalendar',
        'listBookings',
        'getAvailability',
        'getQuote',
        'requestBooking',
        'updateBookingStatus',
        'updatePaymentStatus',
        'createBooking',
        'updateCalendarDays',
        'updateProperty',
      ]),
    );
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { message: 'There is no GET /api/nothing-here in this API' } });
  });

  it('answers an unknown page with an HTML 404', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Oops! Page not found');
  });

  it('sends security headers with a strict script policy', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    // Scripts from the site itself, and one inline script: the pages' loader, by the hash of its text.
    const loaderHash = createHash('sha256').update(PAGE_LOADER_SCRIPT).digest('base64');
    const scriptSrc = /(?:^|;)script-src ([^;]*)/.exec(
      String(response.headers['content-security-policy']),
    )?.[1];
    expect(scriptSrc).toBe(`'self' 'sha256-${loaderHash}'`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe.each(listTestDatabaseKinds())('health when the database is gone [%s]', (kind) => {
  it('answers 503', async () => {
    const context = await createTestContext(kind);
    await context.database.close();
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: { message: 'The database is not answering' } });
    await context.close();
  });
});
