import { z } from 'zod';
import { formatBookingReference } from '../../domain/booking';
import type { PaymentRoom } from '../../domain/gateway-refund';
import { formatMoney, makeMoney, toColumnUnits, type Money } from '../../domain/money';
import { BOOKING_NOT_FOUND } from '../../domain/booking';
import type { Db, Tx } from '../db/client';
import { withOperator } from '../db/with-operator';
import type { RazorpayConfig } from '../env';
import { DomainError } from '../../domain/domain-error';
import {
  findGatewayRefund,
  findRefundWebhookTarget,
  insertGatewayRefund,
  markGatewayRefundTried,
  measureBookingPaymentRoom,
  nameGatewayRefund,
  settleGatewayRefund,
  checkRefundAgainstLedger,
  type GatewayRefundRow,
  type PendingRefundTarget,
} from '../store/gateway-refunds';
import { lockBooking, type NewEntry } from '../store/payments';
import { addLedgerEntry } from '../operations/add-ledger-entry';
import {
  listRazorpayRefunds,
  RazorpayCallError,
  refundRazorpayPayment,
  type RazorpayRefundOutcome,
  type RazorpayRefundState,
} from './razorpay';
import { findPaymentByGatewayId } from '../store/payment-links';

/**
 * Refunds through Razorpay, in two transactions with Razorpay's call between them: the intent is recorded
 * as pending (its id the idempotency key), committed, Razorpay is asked, and the outcome is recorded. An
 * answer that does not say what happened (a timeout, a 5xx) leaves the refund pending; Razorpay is then
 * asked again, by the reconciler, the operator or Razorpay's own webhook, and it can only ever be made once.
 */

export const RAZORPAY_REFUNDS_NOT_SET_UP =
  'A refund by Razorpay is made through Razorpay, which is not set up on this server. If you refunded it yourself, record it with another method.';

/** Whether a refund the operator asks for is made through Razorpay rather than only recorded. */
export function isRazorpayRefund(entry: Pick<NewEntry, 'kind' | 'method' | 'corrects_id'>): boolean {
  return entry.kind === 'refund' && entry.method === 'razorpay' && !entry.corrects_id;
}

/** The outcome of asking for a refund: made (its ledger entry), refused (nothing moved), or not known yet. */
export type RefundRequestOutcome =
  | { kind: 'made'; refund: GatewayRefundRow }
  | { kind: 'refused'; refund: GatewayRefundRow; reason: string }
  | { kind: 'pending'; refund: GatewayRefundRow; reason: string };

const showRoom = (room: PaymentRoom) => `${room.gatewayPaymentId} has ${formatMoney(room.left)} left`;

/**
 * The Razorpay payment a refund is taken from: the one its reference names (pay_…), else the oldest one with
 * enough left. A refund is never more than its payment has left (Razorpay would refuse it): the refusal
 * names what each payment has left, so the operator can take the rest from another.
 */
function choosePayment(rooms: readonly PaymentRoom[], amount: Money, named: string | undefined): PaymentRoom {
  if (rooms.length === 0)
    throw new DomainError(
      'no_razorpay_payment',
      'This booking has no Razorpay payment to refund through Razorpay',
    );
  if (named) {
    const room = rooms.find((item) => item.gatewayPaymentId === named);
    if (!room)
      throw new DomainError('no_razorpay_payment', `${named} is not a Razorpay payment of this booking`, {
        gateway_payment_id: named,
      });
    if (room.left.minor >= amount.minor) return room;
    const others = rooms.filter((item) => item !== room && item.left.minor > 0);
    throw new DomainError(
      'refund_above_payment',
      `${showRoom(room)} to refund, less than ${formatMoney(amount)}` +
        (others.length > 0 ? `: refund the rest from ${others.map(showRoom).join(', ')}` : ''),
      { payments: rooms.map(describeRoom) },
    );
  }
  const room = rooms.find((item) => item.left.minor >= amount.minor);
  if (room) return room;
  throw new DomainError(
    'refund_above_payment',
    `No Razorpay payment of this booking has ${formatMoney(amount)} left to refund (${rooms.map(showRoom).join(', ')}): refund from each payment separately`,
    { payments: rooms.map(describeRoom) },
  );
}

function describeRoom(room: PaymentRoom) {
  return { gateway_payment_id: room.gatewayPaymentId, refundable: room.left };
}

/** The first transaction: checks the refund against the ledger and the payment, and records the intent. */
async function recordRefundIntent(
  tx: Tx,
  input: { bookingId: string; operatorId: string; entry: NewEntry },
): Promise<GatewayRefundRow> {
  const booking = await lockBooking(tx, input.bookingId);
  if (!booking) throw new DomainError('booking_not_found', BOOKING_NOT_FOUND);
  const refusal = await checkRefundAgainstLedger(tx, booking, input.entry);
  if (refusal) throw new DomainError('entry_does_not_fit_ledger', refusal);
  const amount = makeMoney(input.entry.amount, booking.currency);
  const named = input.entry.reference?.startsWith('pay_') ? input.entry.reference : undefined;
  const payment = choosePayment(await measureBookingPaymentRoom(tx, booking), amount, named);
  return insertGatewayRefund(tx, {
    booking_id: booking.id,
    payment_entry_id: payment.entryId,
    gateway_payment_id: payment.gatewayPaymentId,
    amount: toColumnUnits(amount),
    currency: booking.currency,
    received_on: input.entry.received_on,
    note: input.entry.note,
    created_by: input.operatorId,
  });
}

/** Asks Razorpay for the refund, always with the same key and body, so asking again refunds once. */
function askRazorpay(config: RazorpayConfig, refund: GatewayRefundRow): Promise<RazorpayRefundOutcome> {
  return refundRazorpayPayment(config, {
    refundId: refund.id,
    paymentId: refund.gateway_payment_id,
    amount: refund.amount,
    notes: { booking_id: refund.booking_id, booking_reference: formatBookingReference(refund.booking_id) },
  });
}

/** What Razorpay says became of a refund, as recorded: made (with its refund), or failed (with why). */
type RefundResult = { kind: 'made'; refund: RazorpayRefundState } | { kind: 'failed'; reason: string };

/**
 * Records what became of a refund, once: a pending one becomes made (its ledger entry written, Razorpay's
 * refund id as reference) or failed; a made one that Razorpay failed afterwards is reversed by a correcting
 * entry. The booking is locked first, so the operator's answer, the reconciler and the webhook settle it one
 * after another and the later ones find it settled.
 */
export async function applyRefundResult(
  tx: Tx,
  input: { refundId: string; result: RefundResult; today: string },
): Promise<GatewayRefundRow> {
  const first = await findGatewayRefund(tx, input.refundId);
  if (!first) throw new DomainError('refund_not_found', "This refund is not one of your bookings'");
  const booking = await lockBooking(tx, first.booking_id);
  if (!booking) throw new DomainError('booking_not_found', BOOKING_NOT_FOUND);
  const refund = (await findGatewayRefund(tx, first.id))!;
  const { result } = input;
  if (refund.status === 'pending' && result.kind === 'made') {
    const gatewayRefundId = result.refund.id;
    await nameGatewayRefund(tx, { id: refund.id, gatewayRefundId });
    const entry = await addLedgerEntry(tx, {
      booking,
      operatorId: refund.created_by,
      entry: {
        kind: 'refund',
        amount: refund.amount,
        method: 'razorpay',
        received_on: refund.received_on,
        reference: gatewayRefundId,
        note: refund.note ?? `Refund of Razorpay payment ${refund.gateway_payment_id}`,
        corrects_id: null,
        gateway_payment_id: gatewayRefundId,
      },
    });
    await settleGatewayRefund(tx, { id: refund.id, status: 'made', refundEntryId: entry.id });
  } else if (refund.status === 'pending' && result.kind === 'failed') {
    await settleGatewayRefund(tx, { id: refund.id, status: 'failed', failure: result.reason });
  } else if (refund.status === 'made' && result.kind === 'failed' && refund.refund_entry_id) {
    // The money came back to the operator: the refund's entry is reversed, and the payment can be refunded again.
    await addLedgerEntry(tx, {
      booking,
      operatorId: null,
      entry: {
        kind: 'refund',
        amount: refund.amount,
        method: 'razorpay',
        received_on: input.today,
        reference: refund.gateway_refund_id,
        note: `Razorpay failed this refund: ${result.reason}`.slice(0, 1000),
        corrects_id: refund.refund_entry_id,
      },
    });
    await settleGatewayRefund(tx, { id: refund.id, status: 'failed', failure: result.reason });
  }
  return (await findGatewayRefund(tx, refund.id))!;
}

/**
 * A refund the operator asks for, through Razorpay: recorded as pending, asked of Razorpay with no
 * transaction open, and settled by its answer. Throws a 409 in words when the ledger or the payment refuses
 * it before anything is asked of Razorpay.
 */
export async function requestRazorpayRefund(
  db: Db,
  input: {
    razorpay: RazorpayConfig | null;
    operatorId: string;
    bookingId: string;
    entry: NewEntry;
    today: string;
  },
): Promise<RefundRequestOutcome> {
  const { razorpay } = input;
  if (!razorpay) throw new DomainError('razorpay_not_set_up', RAZORPAY_REFUNDS_NOT_SET_UP);
  const intent = await withOperator(db, input.operatorId, (tx) => recordRefundIntent(tx, input));
  const outcome = await askRazorpay(razorpay, intent);
  return settleAnswer(db, { operatorId: input.operatorId, refund: intent, outcome, today: input.today });
}

async function settleAnswer(
  db: Db,
  input: { operatorId: string; refund: GatewayRefundRow; outcome: RazorpayRefundOutcome; today: string },
): Promise<RefundRequestOutcome> {
  const { outcome } = input;
  if (outcome.kind === 'unknown') {
    const refund = await withOperator(db, input.operatorId, async (tx) =>
      findGatewayRefund(tx, input.refund.id),
    );
    return refund?.status === 'made'
      ? { kind: 'made', refund }
      : { kind: 'pending', refund: refund ?? input.refund, reason: outcome.reason };
  }
  const result: RefundResult =
    outcome.kind === 'made'
      ? { kind: 'made', refund: outcome.refund }
      : { kind: 'failed', reason: outcome.reason };
  const refund = await withOperator(
    db,
    input.operatorId,
    (tx) => applyRefundResult(tx, { refundId: input.refund.id, result, today: input.today }),
    'system',
  );
  if (refund.status === 'made') return { kind: 'made', refund };
  if (refund.status === 'failed') return { kind: 'refused', refund, reason: refund.failure ?? outcome.kind };
  return { kind: 'pending', refund, reason: 'Razorpay has not said yet' };
}

/**
 * Settles one pending refund by asking Razorpay: its list of the payment's refunds first (a refund made
 * from an earlier asking is found by our id in its notes); when Razorpay has none, it is asked again with
 * the same key. Razorpay unreachable leaves it pending, as before.
 */
export async function reconcileRazorpayRefund(
  db: Db,
  input: {
    razorpay: RazorpayConfig;
    target: PendingRefundTarget;
    today: string;
    actor?: 'operator' | 'system';
  },
): Promise<GatewayRefundRow | undefined> {
  const { target } = input;
  const actor = input.actor ?? 'system';
  const refund = await withOperator(db, target.ownerId, (tx) => findGatewayRefund(tx, target.id), actor);
  if (!refund || refund.status !== 'pending') return refund;
  let known: RazorpayRefundState | undefined;
  try {
    const listed = await listRazorpayRefunds(input.razorpay, refund.gateway_payment_id);
    known = listed.find((item) => item.refundId === refund.id || item.id === refund.gateway_refund_id);
  } catch (error) {
    if (error instanceof RazorpayCallError) return refund;
    throw error;
  }
  if (known) {
    const result: RefundResult =
      known.status === 'made'
        ? { kind: 'made', refund: known }
        : { kind: 'failed', reason: 'Razorpay failed the refund' };
    return withOperator(
      db,
      target.ownerId,
      (tx) => applyRefundResult(tx, { refundId: refund.id, result, today: input.today }),
      actor,
    );
  }
  await withOperator(db, target.ownerId, (tx) => markGatewayRefundTried(tx, refund.id), actor);
  const outcome = await askRazorpay(input.razorpay, refund);
  return (await settleAnswer(db, { operatorId: target.ownerId, refund, outcome, today: input.today })).refund;
}

const UuidSchema = z.uuid();

/**
 * A refund Razorpay reports by webhook (refund.created, refund.processed, refund.failed): ours is settled by
 * it; one made elsewhere (Razorpay's dashboard) of a payment recorded here is recorded as made, since the
 * money left. 'ignored' when it is of no payment known here.
 */
export async function receiveRazorpayRefundEvent(
  db: Db,
  input: {
    refund: { id: string; paymentId: string; amount: number; currency: string; refundId: string | undefined };
    failed: boolean;
    today: string;
  },
): Promise<'recorded' | 'duplicate' | 'ignored'> {
  const { refund } = input;
  const target = await findRefundWebhookTarget(db, {
    refundId: refund.refundId && UuidSchema.safeParse(refund.refundId).success ? refund.refundId : undefined,
    gatewayRefundId: refund.id,
    gatewayPaymentId: refund.paymentId,
  });
  if (!target) return 'ignored';
  const state: RazorpayRefundState = {
    id: refund.id,
    amount: refund.amount,
    status: input.failed ? 'failed' : 'made',
    refundId: refund.refundId,
  };
  const result: RefundResult = input.failed
    ? { kind: 'failed', reason: 'Razorpay reported the refund as failed' }
    : { kind: 'made', refund: state };
  return withOperator(
    db,
    target.ownerId,
    async (tx) => {
      let refundId = target.refundId;
      if (!refundId) {
        // Made elsewhere: a refund of the payment it names, as Razorpay made it.
        if (input.failed || !target.paymentEntryId) return 'ignored';
        const booking = await lockBooking(tx, target.bookingId);
        if (!booking || booking.currency !== refund.currency) return 'ignored';
        if (await findPaymentByGatewayId(tx, refund.id)) return 'duplicate';
        const row = await insertGatewayRefund(tx, {
          booking_id: booking.id,
          payment_entry_id: target.paymentEntryId,
          gateway_payment_id: refund.paymentId,
          amount: toColumnUnits(makeMoney(refund.amount, refund.currency)),
          currency: refund.currency,
          received_on: input.today,
          note: `Refund made on Razorpay's dashboard, of payment ${refund.paymentId}`,
          created_by: null,
        });
        refundId = row.id;
      }
      const before = await findGatewayRefund(tx, refundId);
      const after = await applyRefundResult(tx, { refundId, result, today: input.today });
      return before?.status === after.status ? 'duplicate' : 'recorded';
    },
    'system',
  );
}
