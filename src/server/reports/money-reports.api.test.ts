import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  insertTestBooking,
  insertTestProperty,
  TEST_NOW,
  type TestContext,
} from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

/**
 * A fixture worked out by hand; today is 2026-11-22 at the villa, and every stay was made on 2026-10-01
 * (30% deposit due then, the balance 14 days before check-in).
 * Villa (INR):
 * - A, 10 → 13 Dec, 30,000.50: paid 9,000 on 5 Oct and 10,000 on 2 Nov, 1,000 refunded on 10 Nov; owes
 *   12,000.50 by 26 Nov (not overdue).
 * - B, 1 → 3 Sep, completed, 10,000: paid in full on 1 Sep; 500 paid on 2 Sep by mistake and corrected on
 *   3 Sep. Owes nothing.
 * - D, 25 → 27 Nov, 5,000: nothing paid, the deposit due since 1 Oct: overdue.
 * - an Airbnb stay and a pending request: never owing.
 * Cottage (AED): E, 1 → 3 Nov, 1,000: paid 400 on 1 Nov; owes 600 since 18 Oct: overdue.
 * Money received: INR September 10,000, October 9,000, November 9,000; AED November 400.
 */
describe.each(listTestDatabaseKinds())('money reports [%s]', (kind) => {
  let context: TestContext;
  let cookie: string;
  let villaId: string;
  let cottageId: string;
  const ids: Record<string, string> = {};

  const post = async (url: string, payload: Record<string, unknown>) => {
    const response = await context.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { entry: { id: string } };
  };
  const pay = (booking: string, payload: Record<string, unknown>) =>
    post(`/api/bookings/${ids[booking]}/payments`, payload);
  const get = (url: string, withCookie = true) =>
    context.app.inject({ method: 'GET', url, headers: withCookie ? { cookie } : {} });

  beforeAll(async () => {
    context = await createTestContext(kind, { now: () => TEST_NOW });
    const operator = await context.createSignedInOperator();
    cookie = operator.cookie;
    villaId = (await insertTestProperty(context.database, operator.id, { name: 'Villa', currency: 'INR' }))
      .id;
    cottageId = (
      await insertTestProperty(context.database, operator.id, {
        name: 'Cottage; by the sea',
        currency: 'AED',
      })
    ).id;
    const made = new Date('2026-10-01T06:00:00Z');
    const stay = async (
      name: string,
      propertyId: string,
      values: Parameters<typeof insertTestBooking>[2],
    ) => {
      ids[name] = (
        await insertTestBooking(context.database, propertyId, {
          status: 'confirmed',
          currency: 'INR',
          created_at: made,
          guest_name: `Guest ${name}`,
          ...values,
        })
      ).id;
    };
    await stay('A', villaId, { check_in: '2026-12-10', check_out: '2026-12-13', total_amount: 30_000.5 });
    await stay('B', villaId, {
      check_in: '2026-09-01',
      check_out: '2026-09-03',
      total_amount: 10_000,
      status: 'completed',
    });
    await stay('D', villaId, { check_in: '2026-11-25', check_out: '2026-11-27', total_amount: 5_000 });
    await stay('F', villaId, {
      check_in: '2026-12-20',
      check_out: '2026-12-22',
      total_amount: 8_000,
      booking_source: 'airbnb',
    });
    await stay('G', villaId, {
      check_in: '2026-12-24',
      check_out: '2026-12-26',
      total_amount: 4_000,
      status: 'pending',
    });
    await stay('E', cottageId, {
      check_in: '2026-11-01',
      check_out: '2026-11-03',
      total_amount: 1_000,
      currency: 'AED',
      guest_name: '@SUM(A1)',
    });
    await pay('A', {
      amount: 9_000,
      method: 'upi',
      received_on: '2026-10-05',
      reference: '=HYPERLINK("http://evil.test")',
      note: 'Deposit, "first" part',
    });
    await pay('A', { amount: 10_000, method: 'bank_transfer', received_on: '2026-11-02' });
    await post(`/api/bookings/${ids.A}/refunds`, {
      amount: 1_000,
      method: 'bank_transfer',
      received_on: '2026-11-10',
      note: 'Early check-out\nof one night',
    });
    // The mistake is recorded (and corrected) before the payment in full: above the balance, a hand's
    // payment is refused.
    const mistake = await pay('B', { amount: 500, method: 'cash', received_on: '2026-09-02' });
    await pay('B', { amount: 500, method: 'cash', received_on: '2026-09-03', corrects_id: mistake.entry.id });
    await pay('B', { amount: 10_000, method: 'cash', received_on: '2026-09-01' });
    await pay('E', { amount: 400, method: 'card', received_on: '2026-11-01' });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('sums the money received by month beside what was booked, each currency apart', async () => {
    const response = await get('/api/reports?from=2026-09-01&to=2026-12-01');
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as {
      currencies: {
        currency: string;
        months: { month: string; received: number }[];
        total: { received: number };
      }[];
    };
    const received = Object.fromEntries(
      report.currencies.map((entry) => [
        entry.currency,
        { months: entry.months.map((month) => [month.month, month.received]), total: entry.total.received },
      ]),
    );
    expect(received).toEqual({
      AED: {
        months: [
          ['2026-09', 0],
          ['2026-10', 0],
          ['2026-11', 400],
        ],
        total: 400,
      },
      INR: {
        months: [
          ['2026-09', 10_000],
          ['2026-10', 9_000],
          ['2026-11', 9_000],
        ],
        total: 28_000,
      },
    });
    const villaOnly = await get(`/api/reports?from=2026-11-01&to=2026-12-01&property=${villaId}`);
    expect(villaOnly.json().currencies.map((entry: { currency: string }) => entry.currency)).toEqual(['INR']);
  });

  it('lists what guests owe, the soonest due first, with totals per currency', async () => {
    const response = await get('/api/reports/outstanding-balances');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(
      body.balances.map((row: Record<string, unknown>) => [
        row.guest_name,
        row.total,
        row.paid,
        row.balance,
        row.next_due,
        row.overdue,
      ]),
    ).toEqual([
      ['Guest D', 5_000, 0, 5_000, { amount: 5_000, date: '2026-10-01' }, true],
      ['@SUM(A1)', 1_000, 400, 600, { amount: 600, date: '2026-10-18' }, true],
      ['Guest A', 30_000.5, 18_000, 12_000.5, { amount: 12_000.5, date: '2026-11-26' }, false],
    ]);
    expect(body.balances[2]).toMatchObject({
      property_name: 'Villa',
      check_in: '2026-12-10',
      check_out: '2026-12-13',
      currency: 'INR',
      status: 'confirmed',
    });
    expect(body.totals).toEqual([
      { currency: 'AED', balance: 600, overdue: 600 },
      { currency: 'INR', balance: 17_000.5, overdue: 5_000 },
    ]);
    const cottage = await get(`/api/reports/outstanding-balances?property=${cottageId}`);
    expect(cottage.json().balances.map((row: { guest_name: string }) => row.guest_name)).toEqual([
      '@SUM(A1)',
    ]);
  });

  it('exports the ledger as CSV, refunds and corrections below 0, text safe from spreadsheets', async () => {
    const response = await get('/api/reports/payments.csv?from=2026-09-01&to=2026-12-01');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="payments-2026-09-01-to-2026-11-30.csv"',
    );
    const ref = (name: string) => `SV-${ids[name]!.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
    expect(response.body).toBe(
      [
        'received_on,booking_reference,guest_name,property,kind,method,reference,note,amount,currency',
        `2026-09-01,${ref('B')},Guest B,Villa,payment,cash,,,10000.00,INR`,
        `2026-09-02,${ref('B')},Guest B,Villa,payment,cash,,,500.00,INR`,
        `2026-09-03,${ref('B')},Guest B,Villa,payment_correction,cash,,,-500.00,INR`,
        `2026-10-05,${ref('A')},Guest A,Villa,payment,upi,"'=HYPERLINK(""http://evil.test"")","Deposit, ""first"" part",9000.00,INR`,
        `2026-11-01,${ref('E')},'@SUM(A1),"Cottage; by the sea",payment,card,,,400.00,AED`,
        `2026-11-02,${ref('A')},Guest A,Villa,payment,bank_transfer,,,10000.00,INR`,
        `2026-11-10,${ref('A')},Guest A,Villa,refund,bank_transfer,,"Early check-out\nof one night",-1000.00,INR`,
        '',
      ].join('\r\n'),
    );
  });

  it('filters the CSV by days received and by property', async () => {
    const days = await get('/api/reports/payments.csv?from=2026-11-01&to=2026-11-03');
    expect(
      days.body
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.slice(0, 10)),
    ).toEqual(['2026-11-01', '2026-11-02']);
    const cottage = await get(
      `/api/reports/payments.csv?from=2026-09-01&to=2026-12-01&property=${cottageId}`,
    );
    expect(cottage.body.split('\r\n').slice(1, -1)).toHaveLength(1);
    expect(cottage.body).toContain(',400.00,AED');
  });

  it('refuses bad input with a 4xx and a reason', async () => {
    for (const [url, status] of [
      ['/api/reports/payments.csv?from=2026-12-01&to=2026-11-01', 400],
      ['/api/reports/payments.csv?from=2026-11-01', 400],
      ['/api/reports/payments.csv?from=2026-13-01&to=2026-12-01', 400],
      ['/api/reports/payments.csv?from=2026-11-01&to=2026-12-01&property=villa', 400],
      [
        '/api/reports/payments.csv?from=2026-11-01&to=2026-12-01&property=00000000-0000-4000-8000-000000000000',
        404,
      ],
      ['/api/reports/outstanding-balances?property=nope', 400],
      ['/api/reports/outstanding-balances?property=00000000-0000-4000-8000-000000000000', 404],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
      expect(response.json().error.message).toBeTruthy();
    }
    expect((await get('/api/reports/outstanding-balances', false)).statusCode).toBe(401);
    expect((await get('/api/reports/payments.csv?from=2026-11-01&to=2026-12-01', false)).statusCode).toBe(
      401,
    );
  });
});
