import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../db/schema';
import {
  createTestContext,
  insertTestProperty,
  type TestContext,
  UNLIMITED_REQUESTS,
} from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

const NOW = new Date('2026-11-22T06:00:00Z');

describe.each(listTestDatabaseKinds())('reusing an Idempotency-Key [%s]', (kind) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext(kind, {
      now: () => NOW,
      requests: UNLIMITED_REQUESTS,
    });
    const operator = await context.createSignedInOperator();
    await insertTestProperty(context.database, operator.id, { max_guests: 8 });
  });
  afterAll(async () => {
    await context?.close();
  });

  let month = 0;
  function firstRequest() {
    month += 1;
    const start = `2027-${String(month).padStart(2, '0')}-10`;
    return {
      check_in: start,
      check_out: `2027-${String(month).padStart(2, '0')}-12`,
      guests_count: 2,
      guest_name: 'Asha Rao',
      guest_email: 'asha@example.com',
      guest_phone: '+91 98220 12345',
      special_requests: 'A quiet room',
    };
  }
  const post = (payload: object, key: string) =>
    context.app.inject({
      method: 'POST',
      url: '/api/booking-requests',
      payload,
      headers: { 'idempotency-key': key },
    });

  it('answers the first booking again for exactly the same request', async () => {
    const key = randomUUID();
    const body = firstRequest();
    const first = await post(body, key);
    const again = await post(body, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().reference).toBe(first.json().reference);
  });

  it.each([
    ['guest name', { guest_name: 'Someone Else' }],
    ['e-mail', { guest_email: 'someone@example.com' }],
    ['phone', { guest_phone: '+91 90000 00000' }],
    ['notes', { special_requests: 'Two extra beds' }],
    ['notes left out', { special_requests: undefined }],
  ])('refuses the same key with a different %s (422), keeping one booking', async (_label, change) => {
    const key = randomUUID();
    const body = firstRequest();
    expect((await post(body, key)).statusCode).toBe(201);
    const count = (await context.database.db.select().from(bookings)).length;
    const reused = await post({ ...body, ...change }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.message).toBe('This Idempotency-Key was already used for a different request');
    expect(await context.database.db.select().from(bookings)).toHaveLength(count);
  });
});
