import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaymentLedger, RecordedEntry } from '../../domain/payment';
import { insertTestBooking, insertTestProperty, TEST_NOW, useSignedInContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

// TEST_NOW is 2026-11-22 at the villa.
const TODAY = '2026-11-22';

describe.each(listTestDatabaseKinds())("a booking's payments [%s]", (kind) => {
  const current = useSignedInContext(kind, { now: () => TEST_NOW }, { currency: 'INR' });

  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, cookie?: string) =>
    current.context.app.inject({
      method,
      url,
      headers: { cookie: cookie ?? current.cookie },
      ...(payload ? { payload } : {}),
    });
  const addStay = (values: Parameters<typeof insertTestBooking>[2] = {}) =>
    insertTestBooking(current.context.database, current.propertyId, {
      currency: 'INR',
      total_amount: 10_000,
      status: 'confirmed',
      check_in: '2027-01-10',
      check_out: '2027-01-12',
      created_at: new Date('2026-11-20T05:00:00Z'),
      ...values,
    });
  const ledgerOf = async (bookingId: string) => {
    const response = await send('GET', `/api/bookings/${bookingId}/payments`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PaymentLedger>();
  };
  // Each payment its own UTR: one already in the ledger is asked about first (duplicate_reference).
  let utr = 401_122;
  const pay = (bookingId: string, values: object = {}) =>
    send('POST', `/api/bookings/${bookingId}/payments`, {
      amount: 3000,
      method: 'upi',
      received_on: TODAY,
      reference: `UTR ${(utr += 1)}`,
      ...values,
    });
  const refund = (bookingId: string, values: object = {}) =>
    send('POST', `/api/bookings/${bookingId}/refunds`, {
      amount: 1000,
      method: 'bank_transfer',
      received_on: TODAY,
      ...values,
    });
  const statusOf = async (bookingId: string) => {
    const list = await send('GET', `/api/properties/${current.propertyId}/bookings?limit=200`);
    return list.json<{ id: string; payment_status: string }[]>().find((item) => item.id === bookingId)
      ?.payment_status;
  };

  it('tells the payments dialog that no online payment is set up and no link is open', async () => {
    const stay = await addStay({ check_in: '2027-08-02', check_out: '2027-08-04' });
    expect(await ledgerOf(stay.id)).toMatchObject({
      online_payments: { upi: false, razorpay: false },
      payment_link: null,
    });
    const link = await send('POST', `/api/bookings/${stay.id}/payment-link`, {});
    expect(link.statusCode).toBe(409);
    expect(link.json().error.message).toMatch(/Razorpay are not set up/);
  });

  it('follows a stay from deposit to balance to refund, and the booking shows the derived status', async () => {
    const stay = await addStay();
    expect(await ledgerOf(stay.id)).toMatchObject({
      entries: [],
      summary: {
        currency: 'INR',
        total: 10_000,
        balance: 10_000,
        payment_status: 'unpaid',
        next_due: { amount: 3000, date: '2026-11-20' },
        overdue: true,
      },
    });

    const deposit = await pay(stay.id, { note: 'Deposit' });
    expect(deposit.statusCode, deposit.body).toBe(201);
    const recorded = deposit.json<RecordedEntry>();
    expect(recorded.entry).toMatchObject({
      booking_id: stay.id,
      kind: 'payment',
      amount: 3000,
      currency: 'INR',
      method: 'upi',
      received_on: TODAY,
      reference: 'UTR 401123',
      note: 'Deposit',
      gateway_payment_id: null,
      corrects_id: null,
      created_by: current.operator.id,
    });
    expect(recorded.summary).toMatchObject({
      paid: 3000,
      balance: 7000,
      payment_status: 'partial',
      next_due: { amount: 7000, date: '2026-12-27' },
      overdue: false,
    });
    expect(await statusOf(stay.id)).toBe('partial');

    expect((await pay(stay.id, { amount: 7000, method: 'cash', reference: null })).statusCode).toBe(201);
    expect(await statusOf(stay.id)).toBe('paid');

    const back = await refund(stay.id, { amount: 10_000 });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json<RecordedEntry>().summary).toMatchObject({
      paid: 10_000,
      refunded: 10_000,
      net_paid: 0,
      payment_status: 'refunded',
    });
    expect(await statusOf(stay.id)).toBe('refunded');
    const ledger = await ledgerOf(stay.id);
    expect(ledger.entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['payment', 3000],
      ['payment', 7000],
      ['refund', 10_000],
    ]);
  });

  it('refuses a refund above what was paid, and a security deposit returned above what is held', async () => {
    const stay = await addStay({ check_in: '2027-02-01', check_out: '2027-02-03' });
    const nothing = await refund(stay.id);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error.message).toBe('Nothing has been paid that could be refunded');
    await pay(stay.id, { amount: 2500 });
    const tooMuch = await refund(stay.id, { amount: 2500.01 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toBe(
      'A refund can be at most what was paid and not yet refunded: ₹2,500',
    );
    expect((await pay(stay.id, { kind: 'security_deposit_held', amount: 5000 })).statusCode).toBe(201);
    const returned = await refund(stay.id, { kind: 'security_deposit_returned', amount: 5000.5 });
    expect(returned.statusCode).toBe(409);
    expect(returned.json().error.message).toBe('At most the security deposit held can be returned: ₹5,000');
    const ok = await refund(stay.id, { kind: 'security_deposit_returned', amount: 5000 });
    expect(ok.json<RecordedEntry>().summary).toMatchObject({ security_deposit_held: 0, paid: 2500 });
  });

  it('reverses a mistake with a correcting entry, never an edit', async () => {
    const stay = await addStay({ check_in: '2027-02-05', check_out: '2027-02-07' });
    const mistake = (await pay(stay.id, { amount: 9000 })).json<RecordedEntry>().entry;
    const correction = await pay(stay.id, {
      amount: 9000,
      corrects_id: mistake.id,
      note: 'Typed 9000 for 900',
    });
    expect(correction.statusCode, correction.body).toBe(201);
    expect(correction.json<RecordedEntry>().summary).toMatchObject({ paid: 0, payment_status: 'unpaid' });
    const twice = await pay(stay.id, { amount: 1, corrects_id: mistake.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(
      'A correction can reverse at most what is left of that entry: ₹0',
    );
    const wrongKind = await refund(stay.id, { amount: 1, corrects_id: mistake.id });
    expect(wrongKind.statusCode).toBe(409);
    expect((await ledgerOf(stay.id)).entries).toHaveLength(2);
  });

  it('answers bad input with a 4xx and a message, recording nothing', async () => {
    const stay = await addStay({ check_in: '2027-02-10', check_out: '2027-02-12' });
    for (const [payload, status, message] of [
      [{ received_on: '2026-11-23' }, 400, 'Received on cannot be after today (2026-11-22)'],
      [{ received_on: '2019-01-01' }, 400, 'Received on is too far in the past'],
      [{ amount: 0 }, 400, 'Amount must be more than 0'],
      [{ amount: -5 }, 400, 'Amount must be at least 0'],
      [{ amount: 1e12 }, 400, 'Amount must be at most 100,000,000'],
      [
        { method: 'barter' },
        400,
        'Method must be one of upi, bank_transfer, cash, card, razorpay, channel, other',
      ],
      [{ kind: 'refund' }, 400, 'Kind must be one of payment, security_deposit_held'],
      [{ gateway_payment_id: 'pay_1' }, 400, 'Unknown field: gateway_payment_id'],
      [
        { corrects_id: '7d4f2c1a-5b3e-4f6a-8c9d-0e1f2a3b4c5d' },
        409,
        "The entry to correct is not in this booking's ledger",
      ],
    ] as const) {
      const response = await pay(stay.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().error.message, JSON.stringify(payload)).toBe(message);
    }
    expect((await ledgerOf(stay.id)).entries).toEqual([]);
  });

  it("answers 404 for another operator's booking and property, and for an unknown one", async () => {
    const other = await current.context.createSignedInOperator();
    const theirs = await insertTestProperty(current.context.database, other.id);
    const stay = await insertTestBooking(current.context.database, theirs.id);
    for (const [method, url, payload] of [
      ['GET', `/api/bookings/${stay.id}/payments`],
      ['POST', `/api/bookings/${stay.id}/payments`, { amount: 1, method: 'cash', received_on: TODAY }],
      ['POST', `/api/bookings/${stay.id}/refunds`, { amount: 1, method: 'cash', received_on: TODAY }],
      ['GET', `/api/properties/${theirs.id}/payment-settings`],
      ['PUT', `/api/properties/${theirs.id}/payment-settings`, { deposit_percent: 50 }],
      ['GET', '/api/bookings/7d4f2c1a-5b3e-4f6a-8c9d-0e1f2a3b4c5d/payments'],
    ] as const) {
      const response = await send(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const own = await send('GET', `/api/bookings/${stay.id}/payments`, undefined, other.cookie);
    expect(own.statusCode).toBe(200);
    const signedOut = await current.context.app.inject({
      method: 'GET',
      url: `/api/bookings/${stay.id}/payments`,
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('writes every entry and settings change into the audit log, as the operator', async () => {
    const stay = await addStay({ check_in: '2027-02-15', check_out: '2027-02-17' });
    const { entry } = (await pay(stay.id, { amount: 1200 })).json<RecordedEntry>();
    await send('PUT', `/api/properties/${current.propertyId}/payment-settings`, { balance_due_days: 10 });
    const events = await send('GET', '/api/audit-events?entity_type=payment&entity_id=' + entry.id);
    expect(events.json().events).toEqual([
      expect.objectContaining({
        actor: 'operator',
        actor_id: current.operator.id,
        entity_type: 'payment',
        entity_id: entry.id,
        property_id: current.propertyId,
        action: 'insert',
        after: expect.objectContaining({
          kind: 'payment',
          amount: 1200,
          currency: 'INR',
          booking_id: stay.id,
        }),
      }),
    ]);
    // The booking's derived status is audited as its change.
    const booking = await send('GET', `/api/audit-events?entity_type=booking&entity_id=${stay.id}`);
    expect(booking.json().events[0]).toMatchObject({
      action: 'update',
      after: { payment_status: 'partial' },
    });
    const settings = await send(
      'GET',
      `/api/audit-events?entity_type=payment_settings&property_id=${current.propertyId}`,
    );
    expect(settings.json().events[0]).toMatchObject({ actor: 'operator', entity_id: current.propertyId });
  });

  it('keeps updatePaymentStatus working: paid records the balance, other statuses are refused', async () => {
    const stay = await addStay({ check_in: '2027-02-20', check_out: '2027-02-22' });
    await pay(stay.id, { amount: 2000 });
    const partial = await send('PATCH', `/api/bookings/${stay.id}/payment`, { payment_status: 'refunded' });
    expect(partial.statusCode).toBe(409);
    expect(partial.json().error.message).toMatch(/cannot be set by hand: record a payment \(or a refund\)/);
    const paid = await send('PATCH', `/api/bookings/${stay.id}/payment`, { payment_status: 'paid' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ id: stay.id, payment_status: 'paid' });
    const ledger = await ledgerOf(stay.id);
    expect(ledger.entries.at(-1)).toMatchObject({
      kind: 'payment',
      amount: 8000,
      method: 'other',
      received_on: TODAY,
      note: 'Marked paid',
    });
    // Asking again, or for the status it has, changes nothing.
    expect(
      (await send('PATCH', `/api/bookings/${stay.id}/payment`, { payment_status: 'paid' })).statusCode,
    ).toBe(200);
    expect((await ledgerOf(stay.id)).entries).toHaveLength(2);
  });

  it("shows 'channel' for stays Airbnb and Booking.com collect, never unpaid, whatever is recorded here", async () => {
    const airbnb = await addStay({
      booking_source: 'airbnb',
      check_in: '2027-03-01',
      check_out: '2027-03-03',
    });
    expect(await statusOf(airbnb.id)).toBe('channel');
    expect((await ledgerOf(airbnb.id)).summary).toMatchObject({
      payment_status: 'channel',
      balance: 0,
      next_due: null,
      overdue: false,
    });
    const added = await send('POST', `/api/properties/${current.propertyId}/bookings`, {
      check_in: '2027-03-05',
      check_out: '2027-03-07',
      guests_count: 2,
      guest_name: 'Channel Guest',
      guest_email: 'channel@example.com',
      booking_source: 'booking_com',
      total_amount: 900,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().payment_status).toBe('channel');
    // The channel collects: marking it paid has nothing to record.
    const paid = await send('PATCH', `/api/bookings/${added.json().id}/payment`, { payment_status: 'paid' });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error.message).toMatch(/The channel collects this stay's payment/);
    // Its payout is recorded as the channel's, and money paid here besides is money to return: the
    // status stays 'channel' either way (it turned 'partial' before).
    const payout = await pay(airbnb.id, { amount: 600, method: 'channel', reference: null });
    expect(payout.json<RecordedEntry>().summary).toMatchObject({
      payment_status: 'channel',
      paid: 600,
      to_return: 0,
      to_return_reason: null,
    });
    const here = await pay(airbnb.id, { amount: 250 });
    expect(here.json<RecordedEntry>().summary).toMatchObject({
      payment_status: 'channel',
      balance: 0,
      to_return: 250,
      to_return_reason: 'channel_collects',
    });
    expect(await statusOf(airbnb.id)).toBe('channel');
  });

  it("records 'paid' given when a booking is added, and refuses a status it cannot know the amount of", async () => {
    const base = {
      guests_count: 2,
      guest_name: 'Phone Guest',
      guest_email: 'phone@example.com',
      total_amount: 4500,
    };
    const paid = await send('POST', `/api/properties/${current.propertyId}/bookings`, {
      ...base,
      check_in: '2027-03-10',
      check_out: '2027-03-12',
      payment_status: 'paid',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().payment_status).toBe('paid');
    expect((await ledgerOf(paid.json().id)).entries).toEqual([
      expect.objectContaining({
        amount: 4500,
        method: 'other',
        note: 'Marked paid when the booking was added',
      }),
    ]);
    const partial = await send('POST', `/api/properties/${current.propertyId}/bookings`, {
      ...base,
      check_in: '2027-03-14',
      check_out: '2027-03-16',
      payment_status: 'partial',
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().error).toMatchObject({ field: 'payment_status' });
  });

  it('keeps payment settings per property, with defaults, and the schedule follows them', async () => {
    const property = await insertTestProperty(current.context.database, current.operator.id, {
      currency: 'AED',
    });
    const url = `/api/properties/${property.id}/payment-settings`;
    expect((await send('GET', url)).json()).toEqual({
      property_id: property.id,
      currency: 'AED',
      deposit_percent: 30,
      balance_due_days: 14,
      security_deposit: 0,
      payment_instructions: '',
    });
    const changed = await send('PUT', url, {
      deposit_percent: 50,
      security_deposit: 1500.5,
      payment_instructions: 'Bank transfer to Emirates NBD 0001, quoting your booking reference.',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      deposit_percent: 50,
      balance_due_days: 14,
      security_deposit: 1500.5,
    });
    expect((await send('PUT', url, { balance_due_days: 30 })).json()).toMatchObject({
      deposit_percent: 50,
      balance_due_days: 30,
    });
    for (const [payload, message] of [
      [{ deposit_percent: 101 }, 'Deposit percent must be at most 100'],
      [{ balance_due_days: 1.5 }, 'Balance due days must be a whole number'],
      [{ security_deposit: -1 }, 'Security deposit must be at least 0'],
      [{}, 'Send at least one field'],
    ] as const) {
      const response = await send('PUT', url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      if (Object.keys(payload).length > 0) expect(response.json().error.message).toBe(message);
    }
    const stay = await insertTestBooking(current.context.database, property.id, {
      currency: 'AED',
      total_amount: 1001,
      status: 'confirmed',
      check_in: '2027-04-10',
      check_out: '2027-04-12',
      created_at: new Date('2026-11-20T05:00:00Z'),
    });
    expect((await ledgerOf(stay.id)).summary).toMatchObject({
      security_deposit_requested: 1500.5,
      schedule: [
        { part: 'deposit', amount: 500.5, due_on: '2026-11-20' },
        { part: 'balance', amount: 500.5, due_on: '2027-03-11' },
      ],
    });
  });

  it('never lets refunds arriving at once come to more than was paid', async () => {
    const stay = await addStay({ check_in: '2027-05-01', check_out: '2027-05-03' });
    await pay(stay.id, { amount: 3000 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(stay.id, { amount: 1000 })));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409]);
    expect((await ledgerOf(stay.id)).summary).toMatchObject({
      paid: 3000,
      refunded: 3000,
      payment_status: 'refunded',
    });
  });
  it("agrees with the domain's derivation whatever the sequence of payments, refunds, corrections and voids", async () => {
    let stayDay = 0;
    const step = fc.record({
      action: fc.constantFrom('pay', 'refund', 'correct', 'void'),
      minor: fc.integer({ min: 1, max: 6000_00 }),
      method: fc.constantFrom('upi', 'channel', 'cash'),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('direct', 'airbnb', 'booking_com', 'vrbo'),
        fc.constantFrom('confirmed', 'cancelled'),
        fc.array(step, { minLength: 1, maxLength: 6 }),
        async (source, status, steps) => {
          stayDay += 2;
          const checkIn = new Date(Date.UTC(2028, 0, stayDay)).toISOString().slice(0, 10);
          const checkOut = new Date(Date.UTC(2028, 0, stayDay + 1)).toISOString().slice(0, 10);
          const stay = await addStay({
            booking_source: source as 'direct',
            status: status as 'confirmed',
            check_in: checkIn,
            check_out: checkOut,
          });
          let last: RecordedEntry['entry'] | undefined;
          for (const next of steps) {
            const amount = next.minor / 100;
            const response =
              next.action === 'void' && last
                ? await send('POST', `/api/bookings/${stay.id}/payments/${last.id}/void`, {
                    reason: 'Property test',
                  })
                : next.action === 'correct' && last
                  ? await (last.kind === 'refund' ? refund : pay)(stay.id, { amount, corrects_id: last.id })
                  : next.action === 'refund'
                    ? await refund(stay.id, { amount })
                    : await pay(stay.id, { amount, method: next.method });
            expect([201, 409], response.body).toContain(response.statusCode);
            if (response.statusCode === 201) last = response.json<RecordedEntry>().entry;
          }
          const { summary } = await ledgerOf(stay.id);
          // The database's derivation (derive_payment_status) and the domain's (summarizePayments) agree.
          expect(await statusOf(stay.id)).toBe(summary.payment_status);
          if (source === 'airbnb' || source === 'booking_com') expect(summary.payment_status).toBe('channel');
          expect(summary.refunded).toBeLessThanOrEqual(summary.paid);
          expect(summary.to_return).toBeGreaterThanOrEqual(0);
          // A cancelled stay holds all that was kept for nothing; a channel's payout of one is the channel's
          // word (a cancellation fee).
          const channel = source === 'airbnb' || source === 'booking_com';
          if (status === 'cancelled' && !channel) {
            expect(summary.to_return).toBe(Math.max(0, summary.net_paid));
          }
          expect(Math.round(summary.net_paid * 100)).toBe(
            Math.round(summary.paid * 100) - Math.round(summary.refunded * 100),
          );
        },
      ),
      { numRuns: 16, seed: 20_261_126 },
    );
  });
});
