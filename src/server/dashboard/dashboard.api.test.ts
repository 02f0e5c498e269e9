import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, insertTestBooking, insertTestProperty, type TestContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

describe.each(listTestDatabaseKinds())("the dashboard's day [%s]", (kind) => {
  let context: TestContext;
  let cookie: string;
  let villaId: string;
  beforeAll(async () => {
    // 20:00 UTC on the 9th is already the 10th at the villa.
    context = await createTestContext(kind, { now: () => new Date('2026-12-09T20:00:00Z') });
    const operator = await context.createSignedInOperator();
    cookie = operator.cookie;
    villaId = (await insertTestProperty(context.database, operator.id, { name: 'Villa' })).id;
    const cottage = await insertTestProperty(context.database, operator.id, { name: 'Cottage' });
    const closed = await insertTestProperty(context.database, operator.id, {
      name: 'Closed',
      is_active: false,
    });
    await insertTestBooking(context.database, villaId, {
      guest_name: 'Arriving',
      check_in: '2026-12-10',
      check_out: '2026-12-12',
      status: 'confirmed',
    });
    await insertTestBooking(context.database, villaId, {
      guest_name: 'Cancelled',
      check_in: '2026-12-11',
      check_out: '2026-12-12',
      status: 'cancelled',
    });
    await insertTestBooking(context.database, cottage.id, {
      guest_name: 'Staying',
      check_in: '2026-12-08',
      check_out: '2026-12-11',
      status: 'confirmed',
      payment_status: 'paid',
    });
    await insertTestBooking(context.database, cottage.id, {
      guest_name: 'Waiting',
      check_in: '2027-02-01',
      check_out: '2027-02-03',
      status: 'pending',
      created_at: new Date('2026-12-07T20:00:00Z'),
    });
    await insertTestBooking(context.database, closed.id, {
      guest_name: 'Hidden',
      check_in: '2026-12-10',
      check_out: '2026-12-11',
      status: 'confirmed',
    });
    const stranger = await context.createSignedInOperator();
    const theirs = await insertTestProperty(context.database, stranger.id);
    await insertTestBooking(context.database, theirs.id, {
      guest_name: 'Stranger',
      check_in: '2026-12-10',
      check_out: '2026-12-11',
      status: 'confirmed',
    });
  });
  afterAll(async () => {
    await context?.close();
  });

  const names = (list: { guest_name: string }[]) => list.map((item) => item.guest_name);
  const dashboard = async (query = '') => {
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/dashboard${query}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it("uses the villa's today and covers every active property of the operator", async () => {
    const body = await dashboard();
    expect(body.today).toBe('2026-12-10');
    expect(names(body.arrivals)).toEqual(['Arriving']);
    expect(names(body.in_house)).toEqual(['Staying']);
    expect(names(body.departures)).toEqual(['Staying', 'Arriving']);
    expect(names(body.unpaid_arrivals)).toEqual(['Arriving']);
    expect(body.pending).toMatchObject([
      { guest_name: 'Waiting', waiting_hours: 48, property_name: 'Cottage' },
    ]);
  });

  it('narrows to one property, and refuses a bad or unknown one', async () => {
    const body = await dashboard(`?property=${villaId}`);
    expect(names(body.arrivals)).toEqual(['Arriving']);
    expect(body.in_house).toEqual([]);
    expect(body.pending).toEqual([]);
    const bad = await context.app.inject({
      method: 'GET',
      url: '/api/dashboard?property=x',
      headers: { cookie },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await context.app.inject({
      method: 'GET',
      url: '/api/dashboard?property=00000000-0000-4000-8000-000000000000',
      headers: { cookie },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
