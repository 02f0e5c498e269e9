import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDaysToDate } from '../../domain/dates';
import { toMinorUnits } from '../../domain/money';
import { waitUntil } from '../../test/wait-until';
import { insertGatewayRefund } from '../store/gateway-refunds';
import { withOperator } from '../db/with-operator';
import { findPgError } from '../db/errors';
import { OutsideCallInTransactionError } from '../db/outside-calls';
import { createSignedInContext, insertTestBooking, TEST_NOW } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';
import { refundRazorpayPayment } from './razorpay';
import { reconcilePendingRefunds, REFUND_RECONCILE_AFTER_MS } from './refund-reconciler';
import {
  paymentCapturedEvent,
  refundEvent,
  signRazorpayEvent,
  startRazorpayStandIn,
  type RazorpayStandIn,
} from './test/razorpay-stand-in';

// TEST_NOW is 2026-11-22 at the villa.
const TODAY = '2026-11-22';

type Ledger = {
  entries: { kind: string; amount: number; reference: string | null; corrects_id: string | null }[];
  summary: { paid: number; refunded: number; payment_status: string };
  gateway_refunds: {
    id: string;
    status: string;
    amount: number;
    gateway_payment_id: string;
    attempts: number;
  }[];
  refundable_payments: { gateway_payment_id: string; refundable: number }[];
};

/**
 * Refunds through Razorpay are made once, whatever Razorpay does: answers too late, fails after making the
 * refund, fails before, is busy or refuses; and while Razorpay is slow, nothing else waits.
 */
describe.each(listTestDatabaseKinds())('refunds through Razorpay, made once [%s]', (kind) => {
  let standIn: RazorpayStandIn;
  let current: Awaited<ReturnType<typeof createSignedInContext>>;

  beforeAll(async () => {
    standIn = await startRazorpayStandIn();
    // The server gives up on Razorpay after 400 ms here (15 s in production): what matters is that it gives up.
    current = await createSignedInContext(
      kind,
      { now: () => TEST_NOW, payments: { razorpay: standIn.config(400) } },
      { currency: 'INR' },
    );
  });
  afterAll(async () => {
    await current?.context.close();
    await standIn?.close();
  });
  beforeEach(() => {
    standIn.state.refundMode = 'answer';
  });

  const app = () => current.context.app;
  const send = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app().inject({ method, url, headers: { cookie: current.cookie }, ...(payload ? { payload } : {}) });
  const deliver = (event: object) => {
    const { body, signature } = signRazorpayEvent(event);
    return app().inject({
      method: 'POST',
      url: '/api/webhooks/razorpay',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
      payload: body,
    });
  };
  let stays = 0;
  let payments = 0;
  /** A confirmed ₹10,000 stay paid by Razorpay payments of the given rupees (captured there, recorded here). */
  const addPaidStay = async (...paid: number[]) => {
    stays += 1;
    const checkIn = addDaysToDate('2027-02-01', stays * 3);
    const stay = await insertTestBooking(current.context.database, current.propertyId, {
      currency: 'INR',
      total_amount: 10_000,
      status: 'confirmed',
      check_in: checkIn,
      check_out: addDaysToDate(checkIn, 2),
    });
    const paymentIds: string[] = [];
    for (const rupees of paid) {
      payments += 1;
      const paymentId = `pay_Refund${kind}${String(payments).padStart(4, '0')}`;
      standIn.capture(paymentId, rupees * 100);
      const delivered = await deliver(
        paymentCapturedEvent({ paymentId, amount: rupees * 100, bookingId: stay.id }),
      );
      expect(delivered.json()).toEqual({ status: 'recorded' });
      paymentIds.push(paymentId);
    }
    return { stay, paymentIds };
  };
  const ledgerOf = async (bookingId: string) => {
    const response = await send('GET', `/api/bookings/${bookingId}/payments`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Ledger>();
  };
  const refund = (bookingId: string, amount: number, reference?: string) =>
    send('POST', `/api/bookings/${bookingId}/refunds`, {
      amount,
      method: 'razorpay',
      received_on: TODAY,
      ...(reference ? { reference } : {}),
    });
  const refundsAtRazorpay = (paymentId: string) =>
    standIn.refunds.filter((item) => item.payment_id === paymentId && item.status !== 'failed');

  it('keeps a refund Razorpay made but answered too late for as pending, counts it, and settles it once', async () => {
    const { stay, paymentIds } = await addPaidStay(3000);
    standIn.state.refundMode = 'answer-late';
    const late = await refund(stay.id, 2000);
    expect(late.statusCode, late.body).toBe(202);
    expect(late.json<{ message: string }>().message).toMatch(/not known yet whether the refund was made/);
    expect(late.json<{ message: string }>().message).toMatch(/will not be made twice/);
    expect(refundsAtRazorpay(paymentIds[0]!)).toHaveLength(1);
    const pending = await ledgerOf(stay.id);
    expect(pending.gateway_refunds).toMatchObject([{ status: 'pending', amount: 2000 }]);
    expect(pending.summary.refunded).toBe(0);
    expect(pending.refundable_payments).toEqual([
      expect.objectContaining({ gateway_payment_id: paymentIds[0], refundable: 1000 }),
    ]);
    // The pending ₹2,000 counts against what may still be refunded, by Razorpay or by hand.
    standIn.state.refundMode = 'answer';
    const tooMuch = await refund(stay.id, 1500);
    expect(tooMuch.statusCode).toBe(409);
    const byHand = await send('POST', `/api/bookings/${stay.id}/refunds`, {
      amount: 1500,
      method: 'upi',
      received_on: TODAY,
    });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json<{ error: { message: string } }>().error.message).toMatch(
      /₹2,000 of refunds are still pending at Razorpay/,
    );
    // Asked again from the Payments dialog: Razorpay's list of the payment's refunds has it, by our id.
    const reconciled = await send('POST', `/api/bookings/${stay.id}/refunds/reconcile`);
    expect(reconciled.statusCode, reconciled.body).toBe(200);
    expect(reconciled.json()).toMatchObject({
      gateway_refunds: [{ status: 'made', amount: 2000 }],
      summary: { refunded: 2000 },
    });
    expect(refundsAtRazorpay(paymentIds[0]!)).toHaveLength(1);
    const settled = await ledgerOf(stay.id);
    expect(settled.entries.filter((entry) => entry.kind === 'refund')).toEqual([
      expect.objectContaining({ amount: 2000, reference: standIn.refunds.at(-1)!.id }),
    ]);
  });

  it('sends one idempotency key per refund, and asking again after a 5xx reuses it: one refund made', async () => {
    const { stay, paymentIds } = await addPaidStay(3000);
    standIn.state.refundMode = 'fail-after-making';
    const failed = await refund(stay.id, 1000);
    expect(failed.statusCode, failed.body).toBe(202);
    standIn.state.refundMode = 'fail-before-making';
    const second = await refund(stay.id, 500);
    expect(second.statusCode).toBe(202);
    const keys = standIn.calls
      .filter((call) => call.path === `/v1/payments/${paymentIds[0]}/refund`)
      .map((call) => call.idempotencyKey);
    const { gateway_refunds } = await ledgerOf(stay.id);
    // Newest first; each key is the refund's own id.
    expect(keys).toEqual([gateway_refunds[1]!.id, gateway_refunds[0]!.id]);
    standIn.state.refundMode = 'answer';
    const reconciled = await send('POST', `/api/bookings/${stay.id}/refunds/reconcile`);
    expect(reconciled.json()).toMatchObject({
      gateway_refunds: [
        { amount: 500, status: 'made', attempts: 2 },
        { amount: 1000, status: 'made', attempts: 1 },
      ],
      summary: { refunded: 1500 },
    });
    // The first was found made; the second, unknown to Razorpay, was asked again with its own key.
    const retries = standIn.calls.filter(
      (call) => call.method === 'POST' && call.idempotencyKey === gateway_refunds[0]!.id,
    );
    expect(retries).toHaveLength(2);
    expect(retries[0]!.body).toEqual(retries[1]!.body);
    expect(refundsAtRazorpay(paymentIds[0]!).map((item) => item.amount)).toEqual([1000_00, 500_00]);
  });

  it('leaves a refund pending while Razorpay is busy with it or cannot be reached, and the reconciler settles it', async () => {
    const { stay } = await addPaidStay(3000);
    standIn.state.refundMode = 'busy';
    expect((await refund(stay.id, 700)).statusCode).toBe(202);
    // Its list has no refund of it yet, and Razorpay is still busy: pending still.
    await send('POST', `/api/bookings/${stay.id}/refunds/reconcile`);
    expect((await ledgerOf(stay.id)).gateway_refunds).toMatchObject([{ status: 'pending', attempts: 2 }]);
    // The reconciler's round, once the refund has rested: made, once.
    standIn.state.refundMode = 'answer';
    const later = new Date(Date.now() + REFUND_RECONCILE_AFTER_MS + 60_000);
    const settled = await reconcilePendingRefunds(current.context.database.db, {
      razorpay: standIn.config(400),
      holder: 'test-reconciler',
      now: () => later,
    });
    expect(settled).toBeGreaterThanOrEqual(1);
    expect(await ledgerOf(stay.id)).toMatchObject({
      gateway_refunds: [{ status: 'made', amount: 700, attempts: 3 }],
      summary: { refunded: 700 },
    });
    // A round with nothing pending settles nothing.
    expect(
      await reconcilePendingRefunds(current.context.database.db, {
        razorpay: standIn.config(400),
        holder: 'test-reconciler',
        now: () => later,
      }),
    ).toBe(0);
  });

  it("records a refund Razorpay refused as failed, moves nothing, and answers 409 in Razorpay's words", async () => {
    const { stay, paymentIds } = await addPaidStay(3000);
    // Razorpay refuses it: this payment was refunded on its dashboard, which the ledger does not know yet.
    standIn.refunds.push({
      id: 'rfnd_Dashboard000001',
      entity: 'refund',
      amount: 3000_00,
      currency: 'INR',
      payment_id: paymentIds[0]!,
      notes: {},
      status: 'processed',
      created_at: 1_795_000_000,
    });
    const refused = await refund(stay.id, 1000);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      'Razorpay refused the refund: The refund amount provided is greater than amount captured',
    );
    const ledger = await ledgerOf(stay.id);
    expect(ledger.gateway_refunds).toMatchObject([{ status: 'failed' }]);
    expect(ledger.summary.refunded).toBe(0);
    expect(ledger.refundable_payments[0]!.refundable).toBe(3000);
  });

  it('refunds from the Razorpay payment it names, never more than that payment has left', async () => {
    const { stay, paymentIds } = await addPaidStay(3000, 3000);
    const [first, second] = paymentIds as [string, string];
    // ₹6,000 were paid, but no one payment holds them: Razorpay would refuse, so the operator is told which.
    const tooMuch = await refund(stay.id, 6000);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      error: {
        code: 'refund_above_payment',
        payments: [
          { gateway_payment_id: first, refundable: 3000 },
          { gateway_payment_id: second, refundable: 3000 },
        ],
      },
    });
    expect(tooMuch.json<{ error: { message: string } }>().error.message).toMatch(
      /No Razorpay payment of this booking has ₹6,000 left to refund/,
    );
    expect((await refund(stay.id, 3000, first)).statusCode).toBe(201);
    const fromSpent = await refund(stay.id, 1000, first);
    expect(fromSpent.statusCode).toBe(409);
    expect(fromSpent.json<{ error: { message: string } }>().error.message).toBe(
      `${first} has ₹0 left to refund, less than ₹1,000: refund the rest from ${second} has ₹3,000 left`,
    );
    // Unnamed, it is taken from the payment that has enough left.
    const unnamed = await refund(stay.id, 3000);
    expect(unnamed.statusCode, unnamed.body).toBe(201);
    expect(refundsAtRazorpay(second)).toHaveLength(1);
    expect((await refund(stay.id, 1, 'pay_NotThisStays1')).statusCode).toBe(409);
    expect((await ledgerOf(stay.id)).summary).toMatchObject({
      paid: 6000,
      refunded: 6000,
      payment_status: 'refunded',
    });
  });

  it("settles a pending refund by Razorpay's refund webhooks, once, and reverses a made refund Razorpay failed", async () => {
    const { stay, paymentIds } = await addPaidStay(3000);
    standIn.state.refundMode = 'answer-late';
    expect((await refund(stay.id, 1200)).statusCode).toBe(202);
    const made = refundsAtRazorpay(paymentIds[0]!)[0]!;
    expect((await deliver(refundEvent('refund.processed', made))).json()).toEqual({ status: 'recorded' });
    expect((await deliver(refundEvent('refund.processed', made))).json()).toEqual({ status: 'duplicate' });
    expect((await ledgerOf(stay.id)).summary.refunded).toBe(1200);
    // Razorpay failed it afterwards (the guest's bank account closed): the money is back with the operator.
    expect((await deliver(refundEvent('refund.failed', made))).json()).toEqual({ status: 'recorded' });
    const failed = await ledgerOf(stay.id);
    expect(failed.summary.refunded).toBe(0);
    expect(failed.gateway_refunds).toMatchObject([{ status: 'failed' }]);
    expect(failed.entries.filter((entry) => entry.kind === 'refund')).toHaveLength(2);
    expect(failed.refundable_payments[0]!.refundable).toBe(3000);
    expect((await deliver(refundEvent('refund.failed', made))).json()).toEqual({ status: 'duplicate' });
  });

  it("records a refund made on Razorpay's dashboard of a payment recorded here, once", async () => {
    const { stay, paymentIds } = await addPaidStay(3000);
    const dashboard = {
      id: `rfnd_Dash${kind}0001`,
      entity: 'refund' as const,
      amount: 500_00,
      currency: 'INR',
      payment_id: paymentIds[0]!,
      notes: {},
      status: 'processed' as const,
      created_at: 1_795_000_000,
    };
    expect((await deliver(refundEvent('refund.processed', dashboard))).json()).toEqual({
      status: 'recorded',
    });
    expect((await deliver(refundEvent('refund.created', dashboard))).json()).toEqual({ status: 'duplicate' });
    const ledger = await ledgerOf(stay.id);
    expect(ledger.summary.refunded).toBe(500);
    expect(ledger.refundable_payments[0]!.refundable).toBe(2500);
    // One the ledger cannot take (more than is left of the payment) is acknowledged, or Razorpay would
    // deliver it for days, and left for the operator.
    const tooMuch = { ...dashboard, id: `rfnd_Dash${kind}0002`, amount: 2600_00 };
    expect((await deliver(refundEvent('refund.processed', tooMuch))).json()).toEqual({ status: 'ignored' });
    expect((await ledgerOf(stay.id)).summary.refunded).toBe(500);
    // One of a payment known nowhere here is acknowledged and left alone.
    expect(
      (
        await deliver(
          refundEvent('refund.processed', { ...dashboard, id: 'rfnd_Else1', payment_id: 'pay_Else1' }),
        )
      ).json(),
    ).toEqual({ status: 'ignored' });
  });

  it('while Razorpay holds a refund, health, availability and other ledgers answer without waiting for it', async () => {
    const { stay } = await addPaidStay(3000);
    const other = await addPaidStay(1000);
    standIn.state.refundMode = 'hold';
    // Razorpay holds the answer (as a refund answered after 15 s does); the server waits up to its timeout.
    const slow = await createSignedInContext(
      kind,
      { now: () => TEST_NOW, payments: { razorpay: standIn.config(60_000) } },
      { currency: 'INR' },
    );
    try {
      const slowStay = await insertTestBooking(slow.context.database, slow.propertyId, {
        currency: 'INR',
        total_amount: 10_000,
        status: 'confirmed',
        check_in: '2027-03-01',
        check_out: '2027-03-03',
      });
      const paymentId = `pay_Held${kind}0001`;
      standIn.capture(paymentId, 3000_00);
      const { body, signature } = signRazorpayEvent(
        paymentCapturedEvent({ paymentId, amount: 3000_00, bookingId: slowStay.id }),
      );
      await slow.context.app.inject({
        method: 'POST',
        url: '/api/webhooks/razorpay',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
        payload: body,
      });
      const asked = slow.context.app.inject({
        method: 'POST',
        url: `/api/bookings/${slowStay.id}/refunds`,
        headers: { cookie: slow.cookie },
        payload: { amount: 1000, method: 'razorpay', received_on: TODAY },
      });
      await waitUntil(() => standIn.holding() === 1, { message: 'Razorpay was never asked for the refund' });
      const answers = await Promise.all([
        slow.context.app.inject({ method: 'GET', url: '/api/health' }),
        slow.context.app.inject({ method: 'GET', url: '/api/availability' }),
        slow.context.app.inject({ method: 'GET', url: '/api/properties', headers: { cookie: slow.cookie } }),
        slow.context.app.inject({
          method: 'GET',
          url: `/api/bookings/${slowStay.id}/payments`,
          headers: { cookie: slow.cookie },
        }),
      ]);
      // All answered while Razorpay still holds the refund: none waited for it.
      expect(standIn.holding()).toBe(1);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
      expect(answers[3]!.json<Ledger>().gateway_refunds).toMatchObject([{ status: 'pending' }]);
      standIn.release();
      expect((await asked).statusCode).toBe(201);
    } finally {
      standIn.release();
      await slow.context.close();
    }
    void stay;
    void other;
  });

  it('refuses an outside call made while a transaction is open, and the database refuses a refund above its payment', async () => {
    const { stay } = await addPaidStay(1000);
    await expect(
      withOperator(current.context.database.db, current.operator.id, () =>
        refundRazorpayPayment(standIn.config(400), {
          refundId: '5d0c7a2e-0000-4000-8000-000000000001',
          paymentId: 'pay_Any1',
          amount: 100,
          notes: {},
        }),
      ),
    ).rejects.toBeInstanceOf(OutsideCallInTransactionError);
    const [entry] = (await ledgerOf(stay.id)).entries;
    const error = await withOperator(current.context.database.db, current.operator.id, (tx) =>
      insertGatewayRefund(tx, {
        booking_id: stay.id,
        payment_entry_id: (entry as unknown as { id: string }).id,
        gateway_payment_id: entry!.reference!,
        amount: toMinorUnits(1000.01),
        currency: 'INR',
        received_on: TODAY,
        note: null,
        created_by: current.operator.id,
      }),
    ).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(findPgError(error)?.constraint).toBe('gateway_refunds_within_payment');
  });
});
