import { describe, expect, it } from 'vitest';
import type { BookingWithPayment, PaymentLedger, RecordedEntry } from '../../domain/payment';
import { insertTestBooking, insertTestProperty, TEST_NOW, useSignedInContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

// TEST_NOW is 2026-11-22 at the villa.
const TODAY = '2026-11-22';

/**
 * The ledger says what happened and can be put right: money held on a cancelled stay is shown as to
 * return, a typo of ₹10 crore is refused, an entry is voided with a reason, a reference already in the
 * ledger is asked about, and Mark paid records what the operator says, as they were shown it.
 */
describe.each(listTestDatabaseKinds())('the ledger put right [%s]', (kind) => {
  const current = useSignedInContext(kind, { now: () => TEST_NOW }, { currency: 'INR' });

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object, cookie?: string) =>
    current.context.app.inject({
      method,
      url,
      headers: { cookie: cookie ?? current.cookie },
      ...(payload ? { payload } : {}),
    });
  let stays = 0;
  const addStay = (values: Parameters<typeof insertTestBooking>[2] = {}, propertyId?: string) => {
    stays += 1;
    const checkIn = new Date(Date.UTC(2027, 0, 1 + stays * 3)).toISOString().slice(0, 10);
    const checkOut = new Date(Date.UTC(2027, 0, 3 + stays * 3)).toISOString().slice(0, 10);
    return insertTestBooking(current.context.database, propertyId ?? current.propertyId, {
      currency: 'INR',
      total_amount: 10_000,
      status: 'confirmed',
      check_in: checkIn,
      check_out: checkOut,
      created_at: new Date('2026-11-20T05:00:00Z'),
      ...values,
    });
  };
  let utr = 900_000;
  const pay = (bookingId: string, values: object = {}, cookie?: string) =>
    send(
      'POST',
      `/api/bookings/${bookingId}/payments`,
      { amount: 3000, method: 'upi', received_on: TODAY, reference: `UTR ${(utr += 1)}`, ...values },
      cookie,
    );
  const voidEntry = (bookingId: string, entryId: string, payload: object = { reason: 'Typed by mistake' }) =>
    send('POST', `/api/bookings/${bookingId}/payments/${entryId}/void`, payload);
  const ledgerOf = async (bookingId: string) => {
    const response = await send('GET', `/api/bookings/${bookingId}/payments`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PaymentLedger>();
  };
  const listed = async (bookingId: string, propertyId = current.propertyId) => {
    const response = await send('GET', `/api/properties/${propertyId}/bookings?limit=200`);
    return response.json<BookingWithPayment[]>().find((booking) => booking.id === bookingId);
  };

  describe('money held for nothing', () => {
    it('shows what a cancelled stay holds as to return, where it showed a balance of 0 and nothing to return', async () => {
      const stay = await addStay();
      expect((await pay(stay.id, { amount: 7000 })).statusCode).toBe(201);
      const cancelled = await send('PATCH', `/api/bookings/${stay.id}/status`, { status: 'cancelled' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await ledgerOf(stay.id)).summary).toMatchObject({
        balance: 0,
        net_paid: 7000,
        to_return: 7000,
        to_return_reason: 'cancelled',
      });
      expect((await listed(stay.id))?.payment).toMatchObject({
        to_return: 7000,
        to_return_reason: 'cancelled',
      });
      // Money that arrives afterwards is recorded (it arrived), and is to return too.
      const late = await pay(stay.id, { amount: 500 });
      expect(late.statusCode, late.body).toBe(201);
      expect(late.json<RecordedEntry>().summary).toMatchObject({ to_return: 7500 });
      // A refund settles it.
      const back = await send('POST', `/api/bookings/${stay.id}/refunds`, {
        amount: 7500,
        method: 'bank_transfer',
        received_on: TODAY,
      });
      expect(back.json<RecordedEntry>().summary).toMatchObject({ to_return: 0, to_return_reason: null });
    });

    it('refuses by hand a payment far above the balance, naming the balance, and records nothing', async () => {
      const stay = await addStay({ total_amount: 227_150 });
      const typo = await pay(stay.id, { amount: 100_000_000 });
      expect(typo.statusCode).toBe(409);
      expect(typo.json().error).toEqual({
        message: 'This is more than the balance of ₹2,27,150: at most ₹2,27,150 can be recorded on this stay',
        code: 'payment_above_balance',
        balance: 227_150,
        security_deposit: 0,
        max: 227_150,
        // The code's parameters, for a client to word it; the same figures stay beside the message.
        params: { balance: 227_150, security_deposit: 0, max: 227_150 },
      });
      expect((await ledgerOf(stay.id)).entries).toEqual([]);
      expect((await pay(stay.id, { amount: 227_150 })).statusCode).toBe(201);
      const more = await pay(stay.id, { amount: 1 });
      expect(more.statusCode).toBe(409);
      expect(more.json().error).toMatchObject({ code: 'payment_above_balance', balance: 0 });
    });

    it('bounds a payment by the balance and the security deposit asked, and a stay of unknown total not at all', async () => {
      const property = await insertTestProperty(current.context.database, current.operator.id, {
        currency: 'INR',
      });
      await send('PUT', `/api/properties/${property.id}/payment-settings`, { security_deposit: 5000 });
      const stay = await addStay({}, property.id);
      expect((await pay(stay.id, { amount: 15_000.01 })).json().error).toMatchObject({
        code: 'payment_above_balance',
        balance: 10_000,
        security_deposit: 5000,
        max: 15_000,
      });
      // Paid with the deposit in one transfer: what is above the total is shown as to return.
      const both = await pay(stay.id, { amount: 15_000 });
      expect(both.statusCode, both.body).toBe(201);
      expect(both.json<RecordedEntry>().summary).toMatchObject({ overpaid: 5000, to_return: 5000 });
      const unknown = await addStay({ amount_known: false, total_amount: 0, booking_source: 'vrbo' });
      expect((await pay(unknown.id, { amount: 100_000_000 })).statusCode).toBe(201);
    });
  });

  describe('a void', () => {
    it('voids a mistyped payment with a reason, as an entry of its own, and every total drops it', async () => {
      const property = await insertTestProperty(current.context.database, current.operator.id, {
        currency: 'INR',
      });
      const stay = await addStay({}, property.id);
      const mistake = (
        await pay(stay.id, { amount: 9000, received_on: '2026-10-05', reference: 'UTR 31337' })
      ).json<RecordedEntry>().entry;
      expect((await pay(stay.id, { amount: 900, received_on: '2026-10-05' })).statusCode).toBe(201);

      const voided = await voidEntry(stay.id, mistake.id, { reason: 'Typed 9000 for 900' });
      expect(voided.statusCode, voided.body).toBe(201);
      const { entry, summary } = voided.json<RecordedEntry>();
      expect(entry).toMatchObject({
        kind: 'payment',
        amount: 9000,
        method: 'upi',
        received_on: '2026-10-05',
        corrects_id: mistake.id,
        void_reason: 'Typed 9000 for 900',
        created_by: current.operator.id,
      });
      expect(summary).toMatchObject({ paid: 900, balance: 9100, payment_status: 'partial' });
      // The ledger keeps both, the voided one marked with its void.
      const ledger = await ledgerOf(stay.id);
      expect(ledger.entries).toHaveLength(3);
      expect(ledger.entries[0]).toMatchObject({
        id: mistake.id,
        voided: {
          entry_id: entry.id,
          reason: 'Typed 9000 for 900',
          voided_at: entry.created_at,
          voided_by: current.operator.id,
        },
      });
      // The bookings list, the report's money received, and the accountant's CSV all drop it.
      expect((await listed(stay.id, property.id))?.payment).toMatchObject({ paid: 900 });
      const report = await send('GET', `/api/reports?from=2026-10-01&to=2026-11-01&property=${property.id}`);
      expect(report.json().currencies[0].total.received).toBe(900);
      const csv = await send(
        'GET',
        `/api/reports/payments.csv?from=2026-10-01&to=2026-11-01&property=${property.id}`,
      );
      const lines = csv.body.trim().split(/\r?\n/).slice(1);
      expect(lines.map((line) => line.split(',').slice(4).join(','))).toEqual([
        'payment,upi,UTR 31337,,9000.00,INR',
        expect.stringMatching(/^payment,upi,UTR \d+,,900\.00,INR$/),
        'payment_void,upi,,Typed 9000 for 900,-9000.00,INR',
      ]);
      // The activity log names who voided it, and why.
      const audit = await send('GET', `/api/audit-events?entity_type=payment&entity_id=${entry.id}`);
      expect(audit.json().events).toEqual([
        expect.objectContaining({
          actor: 'operator',
          actor_id: current.operator.id,
          action: 'insert',
          after: expect.objectContaining({ void_reason: 'Typed 9000 for 900', corrects_id: mistake.id }),
        }),
      ]);
      // A reference of what was voided is free again: the payment recorded on the right stay.
      expect((await pay((await addStay()).id, { amount: 900, reference: 'utr31337' })).statusCode).toBe(201);
    });

    it('refuses a void without a reason, a second void, a void of a void, and one not in this ledger', async () => {
      const stay = await addStay();
      const other = await addStay();
      const payment = (await pay(stay.id)).json<RecordedEntry>().entry;
      for (const payload of [{}, { reason: '  ' }, { reason: 'x'.repeat(1001) }]) {
        const response = await voidEntry(stay.id, payment.id, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().error.message).toMatch(/^Reason /);
      }
      expect((await voidEntry(other.id, payment.id)).statusCode).toBe(404);
      const unknown = await voidEntry(stay.id, '7d4f2c1a-5b3e-4f6a-8c9d-0e1f2a3b4c5d');
      expect(unknown.statusCode).toBe(404);
      // Coded, for the client to word: the entry it could not find.
      expect(unknown.json().error).toMatchObject({
        code: 'entry_not_found',
        params: { entry_id: '7d4f2c1a-5b3e-4f6a-8c9d-0e1f2a3b4c5d' },
      });
      expect((await voidEntry(stay.id, 'nope')).statusCode).toBe(400);
      const first = await voidEntry(stay.id, payment.id);
      expect(first.statusCode).toBe(201);
      for (const id of [payment.id, first.json<RecordedEntry>().entry.id]) {
        const again = await voidEntry(stay.id, id);
        expect(again.statusCode).toBe(409);
        expect(again.json().error.code).toBe('entry_not_voidable');
      }
      expect((await ledgerOf(stay.id)).entries).toHaveLength(2);
      const theirs = await current.context.createSignedInOperator();
      const foreign = await send(
        'POST',
        `/api/bookings/${stay.id}/payments/${payment.id}/void`,
        { reason: 'Not mine' },
        theirs.cookie,
      );
      expect(foreign.statusCode).toBe(404);
    });

    it('voids a refund first when voiding its payment would leave more refunded than paid', async () => {
      const stay = await addStay();
      const payment = (await pay(stay.id)).json<RecordedEntry>().entry;
      const refund = (
        await send('POST', `/api/bookings/${stay.id}/refunds`, {
          amount: 1000,
          method: 'bank_transfer',
          received_on: TODAY,
        })
      ).json<RecordedEntry>().entry;
      const blocked = await voidEntry(stay.id, payment.id);
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json().error.message).toMatch(/more refunded than paid/);
      expect((await voidEntry(stay.id, refund.id)).json<RecordedEntry>().summary).toMatchObject({
        refunded: 0,
      });
      expect((await voidEntry(stay.id, payment.id)).json<RecordedEntry>().summary).toMatchObject({
        paid: 0,
        payment_status: 'unpaid',
      });
    });

    it('never voids a Razorpay payment (it is refunded instead)', async () => {
      const stay = await addStay();
      const payment = (
        await pay(stay.id, { method: 'razorpay', reference: 'pay_NoVoid0000001' })
      ).json<RecordedEntry>().entry;
      const response = await voidEntry(stay.id, payment.id);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({
        code: 'entry_not_voidable',
        message: 'A Razorpay payment cannot be voided: the money is with Razorpay. Refund it instead',
      });
    });
  });

  describe('a reference already in the ledger', () => {
    it('is asked about, naming where it is, and recorded again when confirmed', async () => {
      const first = await addStay({ guest_name: 'Asha Rao' });
      const second = await addStay();
      const original = (await pay(first.id, { reference: 'UTR 5550 01' })).json<RecordedEntry>().entry;
      const twice = await pay(second.id, { reference: 'utr555001' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error).toMatchObject({
        code: 'duplicate_reference',
        reference: 'utr555001',
        booking_id: first.id,
        guest_name: 'Asha Rao',
        entry_id: original.id,
        amount: 3000,
        currency: 'INR',
        received_on: TODAY,
      });
      expect(twice.json().error.message).toMatch(
        /^Reference utr555001 is already in your ledger: a payment of ₹3,000/,
      );
      expect((await ledgerOf(second.id)).entries).toEqual([]);
      const confirmed = await pay(second.id, { reference: 'utr555001', confirm_duplicate_reference: true });
      expect(confirmed.statusCode, confirmed.body).toBe(201);
      // Another operator's ledger is theirs: the same UTR there is no duplicate of this one.
      const theirs = await current.context.createSignedInOperator();
      const property = await insertTestProperty(current.context.database, theirs.id, { currency: 'INR' });
      const stay = await addStay({}, property.id);
      expect((await pay(stay.id, { reference: 'UTR 5550 01' }, theirs.cookie)).statusCode).toBe(201);
    });

    it('is asked about when marking paid too', async () => {
      const stay = await addStay();
      const other = await addStay();
      await pay(other.id, { reference: 'UTR 777001' });
      const mark = (values: object = {}) =>
        send('PATCH', `/api/bookings/${stay.id}/payment`, {
          payment_status: 'paid',
          method: 'bank_transfer',
          reference: 'UTR 777001',
          amount: 10_000,
          ...values,
        });
      const asked = await mark();
      expect(asked.statusCode).toBe(409);
      expect(asked.json().error).toMatchObject({ code: 'duplicate_reference', booking_id: other.id });
      const marked = await mark({ confirm_duplicate_reference: true });
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json().payment_status).toBe('paid');
    });
  });

  describe('Mark paid', () => {
    it('records the balance by the method and with the reference given, as the operator was shown it', async () => {
      const stay = await addStay();
      await pay(stay.id, { amount: 2000 });
      const mark = (values: object) =>
        send('PATCH', `/api/bookings/${stay.id}/payment`, { payment_status: 'paid', ...values });
      const stale = await mark({ method: 'cash', amount: 10_000 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toMatchObject({ code: 'balance_changed', balance: 8000 });
      expect(stale.json().error.message).toMatch(/The balance is now ₹8,000, not ₹10,000/);
      const badMethod = await mark({ method: 'barter', amount: 8000 });
      expect(badMethod.statusCode).toBe(400);
      expect((await ledgerOf(stay.id)).entries).toHaveLength(1);
      const marked = await mark({ method: 'bank_transfer', reference: 'UTR 88001', amount: 8000 });
      expect(marked.statusCode, marked.body).toBe(200);
      expect((await ledgerOf(stay.id)).entries.at(-1)).toMatchObject({
        kind: 'payment',
        amount: 8000,
        method: 'bank_transfer',
        reference: 'UTR 88001',
        note: 'Marked paid',
        created_by: current.operator.id,
      });
    });

    it('refuses a stay the channel collects, recording nothing', async () => {
      const stay = await addStay({ booking_source: 'booking_com' });
      const response = await send('PATCH', `/api/bookings/${stay.id}/payment`, {
        payment_status: 'paid',
        method: 'cash',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('channel_collects_payment');
      expect((await ledgerOf(stay.id)).entries).toEqual([]);
    });

    it('refuses with a code any status but paid', async () => {
      const stay = await addStay();
      expect(
        (await send('PATCH', `/api/bookings/${stay.id}/payment`, { payment_status: 'paid' })).statusCode,
      ).toBe(200);
      const again = await send('PATCH', `/api/bookings/${stay.id}/payment`, { payment_status: 'partial' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('payment_status_by_hand');
    });
  });
});
