import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDaysToDate } from '../../domain/dates';
import { bookings } from '../db/schema';
import { insertTestBooking, TEST_NOW, useSignedInContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

const PROFILE = {
  registered: true,
  legal_name: 'Shanti Villa Retreat LLP',
  trade_name: 'Where Peace Lives',
  address: 'Fort Road, Alibag, Raigad, Maharashtra 402201',
  state_code: '27',
  pan: 'AAPFU0939F',
  gstins: [{ state_code: '27', gstin: '27AAPFU0939F1ZV' }],
  invoice_prefix: 'SV',
  signatory_name: 'Asha Kulkarni',
};

// Today at the villa is 2026-11-22.
describe.each(listTestDatabaseKinds())('changing a confirmed or invoiced stay [%s]', (kind) => {
  const current = useSignedInContext(
    kind,
    { now: () => TEST_NOW },
    { name: 'Sunset Villa', currency: 'INR', state_code: '27', max_guests: 6 },
  );
  const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) =>
    current.context.app.inject({ method, url, headers: { cookie: current.cookie }, payload });
  const change = (bookingId: string, payload: object) => send('PATCH', `/api/bookings/${bookingId}`, payload);
  let stays = 0;
  const addStay = (values: Parameters<typeof insertTestBooking>[2] = {}) => {
    stays += 1;
    return insertTestBooking(current.context.database, current.propertyId, {
      currency: 'INR',
      total_amount: 10_000,
      status: 'confirmed',
      guest_name: 'Ananya Deshpande',
      check_in: addDaysToDate('2027-06-01', stays * 3),
      check_out: addDaysToDate('2027-06-03', stays * 3),
      ...values,
    });
  };
  const readRow = async (bookingId: string) =>
    (await current.context.database.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!;

  it('refuses to move a confirmed stay so that it ends before today, and changes nothing', async () => {
    const stay = await addStay({ check_in: '2027-01-04', check_out: '2027-01-07' });
    const before = await readRow(stay.id);
    for (const dates of [
      { check_in: '2020-01-04', check_out: '2020-01-07' },
      { check_in: '2026-11-18', check_out: '2026-11-21' },
    ]) {
      const response = await change(stay.id, dates);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toMatchObject({
        message:
          'A confirmed stay cannot be moved to end before today (Sun, 22 Nov 2026): cancel it, or mark it completed once it has ended',
        field: 'check_out',
      });
    }
    expect(await readRow(stay.id)).toEqual(before);
    // Ending today is not before today; a pending request may still be recorded as it was.
    expect((await change(stay.id, { check_in: '2026-11-19', check_out: '2026-11-22' })).statusCode).toBe(200);
    const pending = await addStay({ status: 'pending' });
    expect((await change(pending.id, { check_in: '2026-10-01', check_out: '2026-10-03' })).statusCode).toBe(
      200,
    );
  });

  it("says which invoice an invoiced stay's new total or guest name disagrees with, until a credit note takes it back", async () => {
    expect((await send('PUT', '/api/business-profile', PROFILE)).statusCode).toBe(200);
    const stay = await addStay();
    const issued = await send('POST', `/api/bookings/${stay.id}/invoices`, {});
    expect(issued.statusCode, issued.body).toBe(201);
    const invoice = issued.json<{ id: string; number: string; title: string }>();

    // A change that touches neither the money nor the recipient says nothing.
    const noted = await change(stay.id, { operator_note: 'Late arrival' });
    expect(noted.json().invoice_disagrees).toEqual([]);

    const repriced = await change(stay.id, { total_amount: 12_000 });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(repriced.json()).toMatchObject({ total_amount: 12_000, guest_name: 'Ananya Deshpande' });
    expect(repriced.json().invoice_disagrees).toEqual([
      {
        invoice_id: invoice.id,
        number: invoice.number,
        title: 'Tax Invoice',
        fields: ['total'],
        invoice_total: 10_000,
        invoice_recipient: 'Ananya Deshpande',
        left_to_credit: 10_000,
        message: `Tax Invoice ${invoice.number} states a total of ₹10,000: it no longer agrees with this booking. Issue a credit note against it, then a new invoice`,
      },
    ]);

    const renamed = await change(stay.id, { guest_name: 'Ananya Kulkarni' });
    expect(renamed.json().invoice_disagrees).toEqual([
      expect.objectContaining({
        invoice_id: invoice.id,
        fields: ['total', 'recipient'],
        message: `Tax Invoice ${invoice.number} states a total of ₹10,000 and is made out to Ananya Deshpande: it no longer agrees with this booking. Issue a credit note against it, then a new invoice`,
      }),
    ]);

    // Put back as invoiced, it agrees again.
    const restored = await change(stay.id, { total_amount: 10_000, guest_name: 'Ananya Deshpande' });
    expect(restored.json().invoice_disagrees).toEqual([]);

    const credited = await send('POST', `/api/invoices/${invoice.id}/credit-notes`, {
      reason: 'The stay was repriced',
    });
    expect(credited.statusCode, credited.body).toBe(201);
    // Taken back in full, the invoice states nothing any more.
    expect((await change(stay.id, { total_amount: 12_000 })).json().invoice_disagrees).toEqual([]);
  });
});
