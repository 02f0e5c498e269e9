import { describe, expect, it } from 'vitest';
import type { PaymentLedger } from '../../domain/payment';
import { insertTestBooking, useSignedInContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

// A clock the tests move: the villa's day is 22 Nov 2026 at first.
const clock = { now: new Date('2026-11-22T06:00:00Z') };

/**
 * The deposit falls due the day a stay was confirmed: for a stay entered as confirmed, the day it was made;
 * for a request, the day the operator confirmed it. An edit afterwards (a note, new dates, a payment) never
 * moves that day, so a deposit overdue stays overdue.
 */
describe.each(listTestDatabaseKinds())('the day a stay was confirmed [%s]', (kind) => {
  const current = useSignedInContext(kind, { now: () => clock.now }, { currency: 'INR' });
  const send = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
    current.context.app.inject({
      method,
      url,
      headers: { cookie: current.cookie },
      ...(payload ? { payload } : {}),
    });
  const scheduleOf = async (bookingId: string) => {
    const response = await send('GET', `/api/bookings/${bookingId}/payments`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PaymentLedger>().summary;
  };

  it('keeps the day a stay entered as confirmed was made, whatever is edited later', async () => {
    clock.now = new Date('2026-11-22T06:00:00Z');
    const stay = await insertTestBooking(current.context.database, current.propertyId, {
      currency: 'INR',
      total_amount: 10_000,
      status: 'confirmed',
      check_in: '2027-03-01',
      check_out: '2027-03-03',
      created_at: new Date('2026-11-01T06:00:00Z'),
    });
    const edited = await send('PATCH', `/api/bookings/${stay.id}`, { operator_note: 'Late arrival' });
    expect(edited.statusCode, edited.body).toBe(200);
    const summary = await scheduleOf(stay.id);
    expect(summary.schedule[0]).toMatchObject({ part: 'deposit', due_on: '2026-11-01' });
    expect(summary.overdue).toBe(true);
  });

  it('takes the day the operator confirmed a request, and keeps it through later changes', async () => {
    clock.now = new Date('2026-11-22T06:00:00Z');
    const stay = await insertTestBooking(current.context.database, current.propertyId, {
      currency: 'INR',
      total_amount: 10_000,
      status: 'pending',
      check_in: '2027-04-01',
      check_out: '2027-04-03',
      created_at: new Date('2026-11-20T06:00:00Z'),
    });
    const confirmed = await send('PATCH', `/api/bookings/${stay.id}/status`, { status: 'confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    clock.now = new Date('2026-11-29T06:00:00Z');
    expect(
      (await send('PATCH', `/api/bookings/${stay.id}`, { operator_note: 'Vegetarian' })).statusCode,
    ).toBe(200);
    const summary = await scheduleOf(stay.id);
    expect(summary.schedule[0]).toMatchObject({ part: 'deposit', due_on: '2026-11-22' });
    expect(summary.overdue).toBe(true);
  });
});
