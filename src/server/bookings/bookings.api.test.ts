import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../db/schema';
import { withOperator } from '../db/with-operator';
import { createTestContext, insertTestBooking, insertTestProperty, type TestContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';
import { listBookingsPage } from '../store/bookings';

describe.each(listTestDatabaseKinds())("a property's bookings [%s]", (kind) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext(kind);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('lists every booking of the property, newest first, with every column', async () => {
    const operator = await context.createSignedInOperator();
    const property = await insertTestProperty(context.database, operator.id);
    const older = await insertTestBooking(context.database, property.id, {
      check_in: '2026-12-01',
      check_out: '2026-12-03',
      created_at: new Date('2026-10-01T10:00:00Z'),
    });
    const newer = await insertTestBooking(context.database, property.id, {
      check_in: '2026-12-05',
      check_out: '2026-12-08',
      guest_phone: '+91 98220 00000',
      special_requests: 'Late arrival',
      external_booking_id: 'HM123',
      booking_source: 'airbnb',
      status: 'confirmed',
      payment_status: 'paid',
      total_amount: 1234.5,
      created_at: new Date('2026-11-01T10:00:00Z'),
    });
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/properties/${property.id}/bookings`,
      headers: { cookie: operator.cookie },
    });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((booking: { id: string }) => booking.id)).toEqual([newer.id, older.id]);
    expect(list[0]).toEqual({
      id: newer.id,
      property_id: property.id,
      guest_name: 'Test Guest',
      guest_email: 'guest@example.com',
      guest_phone: '+91 98220 00000',
      check_in: '2026-12-05',
      check_out: '2026-12-08',
      guests_count: 2,
      total_amount: 1234.5,
      currency: 'AED',
      status: 'confirmed',
      booking_source: 'airbnb',
      // Derived from the ledger whatever was written: a stay Airbnb collects, with nothing recorded here.
      payment_status: 'channel',
      special_requests: 'Late arrival',
      external_booking_id: 'HM123',
      created_at: '2026-11-01T10:00:00.000Z',
      // Channel sync: not imported, amount entered.
      channel_connection_id: null,
      amount_known: true,
      request_network: null,
      is_sample: false,
      // Not a request from the booking form: it never lapses.
      lapses_at: null,
      guest_confirmed: null,
      // The operator's private note: none written.
      operator_note: null,
      // Entered here, not asked on the site: English, the language its e-mails then take.
      guest_language: 'en',
      // Its ledger summed up: Airbnb collects it, so nothing is owed here.
      payment: {
        currency: 'AED',
        total: 1234.5,
        credited: 0,
        paid: 0,
        refunded: 0,
        net_paid: 0,
        balance: 0,
        overpaid: 0,
        security_deposit_requested: 0,
        security_deposit_held: 0,
        schedule: [],
        next_due: null,
        overdue: false,
        payment_status: 'channel',
        to_return: 0,
        to_return_reason: null,
      },
    });
  });

  it("hides another operator's bookings, at the API and in the database", async () => {
    const operator = await context.createSignedInOperator();
    const other = await context.createSignedInOperator();
    const theirs = await insertTestProperty(context.database, other.id);
    await insertTestBooking(context.database, theirs.id);
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/properties/${theirs.id}/bookings`,
      headers: { cookie: operator.cookie },
    });
    expect(response.statusCode).toBe(404);
    // Even a query that forgets to check the owner sees nothing: row-level security filters it.
    const page = await withOperator(context.database.db, operator.id, (tx) =>
      listBookingsPage(tx, { propertyId: theirs.id, query: { q: null, sort: 'newest' } }),
    );
    expect(page).toEqual({ bookings: [], total: 0 });
    // The search runs past row-level security (to use its index) and checks the owner itself.
    const searched = await withOperator(context.database.db, operator.id, (tx) =>
      listBookingsPage(tx, { propertyId: theirs.id, query: { q: 'Test', sort: 'newest' } }),
    );
    expect(searched).toEqual({ bookings: [], total: 0 });
    const updated = await withOperator(context.database.db, operator.id, (tx) =>
      tx.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.property_id, theirs.id)).returning(),
    );
    expect(updated).toEqual([]);
  });
});
