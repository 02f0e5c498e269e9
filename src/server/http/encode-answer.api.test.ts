import { describe, expect, it } from 'vitest';
import type { PaymentLedger } from '../../domain/payment';
import { insertTestBooking, TEST_NOW, useSignedInContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

// TEST_NOW is 2026-11-22 at the villa.
const TODAY = '2026-11-22';

describe.each(listTestDatabaseKinds())('the amounts of answers, as production sends them [%s]', (kind) => {
  // Without the tests' response checking, answers go through the production serialiser alone.
  const current = useSignedInContext(
    kind,
    { now: () => TEST_NOW, checkResponses: false },
    { currency: 'INR' },
  );
  const send = (method: 'GET' | 'POST', url: string, payload?: object) =>
    current.context.app.inject({
      method,
      url,
      headers: { cookie: current.cookie },
      ...(payload ? { payload } : {}),
    });

  it('gives amounts in major units, as they were sent, and a refusal its figures the same way', async () => {
    const stay = await insertTestBooking(current.context.database, current.propertyId, {
      currency: 'INR',
      total_amount: 10_000,
      status: 'confirmed',
      check_in: '2027-01-10',
      check_out: '2027-01-12',
    });
    const paid = await send('POST', `/api/bookings/${stay.id}/payments`, {
      amount: 2800.5,
      method: 'upi',
      received_on: TODAY,
      reference: 'UTR 990011',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({
      entry: { amount: 2800.5 },
      summary: { paid: 2800.5, balance: 7199.5 },
    });

    const ledger = (await send('GET', `/api/bookings/${stay.id}/payments`)).json<PaymentLedger>();
    expect(ledger.entries.map((entry) => entry.amount)).toEqual([2800.5]);
    expect(ledger.summary).toMatchObject({ total: 10_000, net_paid: 2800.5, balance: 7199.5 });

    const tooMuch = await send('POST', `/api/bookings/${stay.id}/payments`, {
      amount: 8000,
      method: 'cash',
      received_on: TODAY,
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toMatchObject({
      code: 'payment_above_balance',
      balance: 7199.5,
      params: { balance: 7199.5, security_deposit: 0, max: 7199.5 },
    });
  });
});
