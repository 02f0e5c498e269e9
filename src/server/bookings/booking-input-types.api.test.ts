import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, insertTestProperty, type TestContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

/**
 * Wrong types are refused, never coerced: a boolean, a list or a hex string is not a number of guests,
 * and an empty amount means "price it from the rules", never a free stay.
 */
describe.each(listTestDatabaseKinds())('types in a manual booking [%s]', (kind) => {
  let context: TestContext;
  let cookie: string;
  let propertyId: string;
  beforeAll(async () => {
    context = await createTestContext(kind, { now: () => new Date('2026-11-22T06:00:00Z') });
    const operator = await context.createSignedInOperator();
    cookie = operator.cookie;
    propertyId = (await insertTestProperty(context.database, operator.id, { base_price: 1000 })).id;
  });
  afterAll(async () => {
    await context?.close();
  });

  const book = (values: Record<string, unknown>) =>
    context.app.inject({
      method: 'POST',
      url: `/api/properties/${propertyId}/bookings`,
      headers: { cookie },
      payload: {
        check_in: '2027-03-01',
        check_out: '2027-03-08',
        guests_count: 2,
        guest_name: 'Asha Rao',
        guest_email: 'asha@example.com',
        ...values,
      },
    });

  it.each([[true], [[2]], ['0x10'], [' 5 '], ['1e1'], ['2']])(
    'refuses guests_count %j with a 400 and books nothing',
    async (guests) => {
      const response = await book({ guests_count: guests });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/guests/i);
    },
  );

  it('refuses an empty amount instead of booking a free stay, and prices one left out', async () => {
    const empty = await book({ total_amount: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Total must be a number');
    const priced = await book({ check_in: '2027-04-01', check_out: '2027-04-08' });
    expect(priced.statusCode).toBe(201);
    expect(priced.json().total_amount).toBe(7000);
  });
});
