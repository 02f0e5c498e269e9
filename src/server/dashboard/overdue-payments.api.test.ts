import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../domain/dashboard';
import { createTestContext, insertTestBooking, insertTestProperty, type TestContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

// 20:00 UTC on the 9th is already the 10th at the villa. Every property here keeps the default schedule:
// 30 % when confirmed, the balance 14 days before check-in.
const NOW = new Date('2026-12-09T20:00:00Z');
const TODAY = '2026-12-10';

describe.each(listTestDatabaseKinds())("the dashboard's overdue payments [%s]", (kind) => {
  let context: TestContext;
  let cookie: string;
  let villaId: string;
  let cottageId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    context = await createTestContext(kind, { now: () => NOW });
    const operator = await context.createSignedInOperator();
    cookie = operator.cookie;
    villaId = (await insertTestProperty(context.database, operator.id, { name: 'Villa', currency: 'INR' }))
      .id;
    cottageId = (
      await insertTestProperty(context.database, operator.id, { name: 'Cottage', currency: 'INR' })
    ).id;
    const stay = async (
      name: string,
      values: Parameters<typeof insertTestBooking>[2] & { propertyId?: string },
      paid?: number,
    ) => {
      const { propertyId = villaId, ...rest } = values;
      const booking = await insertTestBooking(context.database, propertyId, {
        guest_name: name,
        currency: 'INR',
        total_amount: 10_000,
        status: 'confirmed',
        ...rest,
      });
      ids[name] = booking.id;
      if (paid) {
        const response = await context.app.inject({
          method: 'POST',
          url: `/api/bookings/${booking.id}/payments`,
          headers: { cookie },
          // A UTR of its own: one already in the ledger is asked about first.
          payload: { amount: paid, method: 'upi', received_on: TODAY, reference: `UTR ${name}` },
        });
        expect(response.statusCode, response.body).toBe(201);
      }
    };
    // The deposit was due when it was confirmed (1 Dec) and nothing came.
    await stay('Deposit late', {
      check_in: '2027-02-01',
      check_out: '2027-02-04',
      created_at: new Date('2026-12-01T06:00:00Z'),
    });
    // The deposit came; the balance is due on 27 Jan.
    await stay(
      'Deposit paid',
      { check_in: '2027-02-10', check_out: '2027-02-13', created_at: new Date('2026-12-01T06:00:00Z') },
      3000,
    );
    // The deposit came; the balance was due on 1 Dec (14 days before the 15th).
    await stay(
      'Balance late',
      {
        propertyId: cottageId,
        check_in: '2026-12-15',
        check_out: '2026-12-18',
        created_at: new Date('2026-11-01T06:00:00Z'),
      },
      3000,
    );
    // Long gone, never marked paid: most likely paid before the ledger, not money to chase.
    await stay('Checked out', {
      check_in: '2026-10-01',
      check_out: '2026-10-05',
      created_at: new Date('2026-09-01T06:00:00Z'),
    });
    await stay('Airbnb', {
      booking_source: 'airbnb',
      check_in: '2026-12-12',
      check_out: '2026-12-14',
      created_at: new Date('2026-11-01T06:00:00Z'),
    });
    await stay('Pending', {
      status: 'pending',
      check_in: '2026-12-20',
      check_out: '2026-12-22',
      created_at: new Date('2026-11-01T06:00:00Z'),
    });
    await stay(
      'Paid',
      { check_in: '2026-12-24', check_out: '2026-12-26', created_at: new Date('2026-11-01T06:00:00Z') },
      10_000,
    );
    const stranger = await context.createSignedInOperator();
    const theirs = await insertTestProperty(context.database, stranger.id, { currency: 'INR' });
    await insertTestBooking(context.database, theirs.id, {
      guest_name: 'Stranger',
      currency: 'INR',
      total_amount: 10_000,
      status: 'confirmed',
      check_in: '2026-12-20',
      check_out: '2026-12-22',
      created_at: new Date('2026-11-01T06:00:00Z'),
    });
  });
  afterAll(async () => {
    await context?.close();
  });

  const dashboard = async (query = '') => {
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/dashboard${query}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Dashboard>();
  };

  it('lists confirmed stays whose payment is past due, with what is owed and since when, longest overdue first', async () => {
    const body = await dashboard();
    expect(body.overdue_payments).toEqual([
      expect.objectContaining({
        id: ids['Balance late'],
        guest_name: 'Balance late',
        property_name: 'Cottage',
        overdue_amount: 7000,
        overdue_since: '2026-12-01',
        payment_status: 'partial',
        nights: 3,
      }),
      expect.objectContaining({
        id: ids['Deposit late'],
        guest_name: 'Deposit late',
        overdue_amount: 3000,
        overdue_since: '2026-12-01',
        payment_status: 'unpaid',
      }),
    ]);
  });

  it('narrows to one property', async () => {
    const body = await dashboard(`?property=${villaId}`);
    expect(body.overdue_payments.map((stay) => stay.guest_name)).toEqual(['Deposit late']);
  });

  it('drops a stay from the list once what was due is paid', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/bookings/${ids['Deposit late']}/payments`,
      headers: { cookie },
      payload: { amount: 3000, method: 'cash', received_on: TODAY },
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = await dashboard(`?property=${villaId}`);
    expect(body.overdue_payments).toEqual([]);
  });
});
