import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import {
  measurePaymentRoom,
  type GatewayRefund,
  type GatewayRefundStatus,
  type PaymentRoom,
} from '../../domain/gateway-refund';
import { formatMoney, makeMoney, parseMinor, type MinorUnits } from '../../domain/money';
import type { Executor } from '../db/client';
import { checkLedgerEntry } from '../../domain/payment';
import { listLedgerEntries, type NewEntry } from './payments';
import { bookings, gatewayRefunds, payments, properties } from '../db/schema';

export type GatewayRefundRow = typeof gatewayRefunds.$inferSelect;

export function shapeGatewayRefund(row: GatewayRefundRow): GatewayRefund {
  return {
    id: row.id,
    booking_id: row.booking_id,
    gateway_payment_id: row.gateway_payment_id,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    gateway_refund_id: row.gateway_refund_id,
    refund_entry_id: row.refund_entry_id,
    failure: row.failure,
    attempts: row.attempts,
    created_at: row.created_at.toISOString(),
    settled_at: row.settled_at?.toISOString() ?? null,
  };
}

/** The booking's refunds through the gateway, newest first. */
export async function listGatewayRefunds(db: Executor, bookingId: string): Promise<GatewayRefundRow[]> {
  return db
    .select()
    .from(gatewayRefunds)
    .where(eq(gatewayRefunds.booking_id, bookingId))
    .orderBy(desc(gatewayRefunds.created_at), desc(gatewayRefunds.id));
}

export async function findGatewayRefund(db: Executor, id: string): Promise<GatewayRefundRow | undefined> {
  const [row] = await db.select().from(gatewayRefunds).where(eq(gatewayRefunds.id, id)).limit(1);
  return row;
}

export async function findGatewayRefundByGatewayId(
  db: Executor,
  gatewayRefundId: string,
): Promise<GatewayRefundRow | undefined> {
  const [row] = await db
    .select()
    .from(gatewayRefunds)
    .where(eq(gatewayRefunds.gateway_refund_id, gatewayRefundId))
    .limit(1);
  return row;
}

/** The sum of the booking's refunds still pending at the gateway (minor units). */
export async function sumPendingGatewayRefunds(db: Executor, bookingId: string): Promise<number> {
  const [row] = await db
    .select({ minor: sql<string>`coalesce(sum(${gatewayRefunds.amount}), 0)` })
    .from(gatewayRefunds)
    .where(and(eq(gatewayRefunds.booking_id, bookingId), eq(gatewayRefunds.status, 'pending')));
  return parseMinor(String(row?.minor ?? '0'));
}

/** What each of the booking's gateway payments has left to refund, oldest payment first. */
export async function measureBookingPaymentRoom(
  db: Executor,
  booking: { id: string; currency: string },
): Promise<PaymentRoom[]> {
  const entries = await db
    .select({
      id: payments.id,
      kind: payments.kind,
      amount: payments.amount,
      gateway_payment_id: payments.gateway_payment_id,
      received_on: payments.received_on,
      corrects_id: payments.corrects_id,
    })
    .from(payments)
    .where(eq(payments.booking_id, booking.id))
    .orderBy(asc(payments.created_at), asc(payments.id));
  const refunds = await db
    .select({
      payment_entry_id: gatewayRefunds.payment_entry_id,
      status: gatewayRefunds.status,
      amount: gatewayRefunds.amount,
    })
    .from(gatewayRefunds)
    .where(eq(gatewayRefunds.booking_id, booking.id));
  return measurePaymentRoom({
    currency: booking.currency,
    payments: entries.flatMap((entry) =>
      entry.kind === 'payment' && !entry.corrects_id && entry.gateway_payment_id?.startsWith('pay_')
        ? [
            {
              id: entry.id,
              gateway_payment_id: entry.gateway_payment_id,
              received_on: entry.received_on,
              minor: entry.amount,
            },
          ]
        : [],
    ),
    corrections: entries.flatMap((entry) =>
      entry.corrects_id ? [{ corrects_id: entry.corrects_id, minor: entry.amount as number }] : [],
    ),
    refunds: refunds.map((refund) => ({ ...refund, minor: refund.amount })),
  });
}

export async function insertGatewayRefund(
  db: Executor,
  row: Pick<
    typeof gatewayRefunds.$inferInsert,
    | 'booking_id'
    | 'payment_entry_id'
    | 'gateway_payment_id'
    | 'currency'
    | 'received_on'
    | 'note'
    | 'created_by'
  > & { amount: MinorUnits },
): Promise<GatewayRefundRow> {
  const [inserted] = await db.insert(gatewayRefunds).values(row).returning();
  if (!inserted) throw new Error('The refund was not saved');
  return inserted;
}

/** Counts one more asking of Razorpay (always with the refund's own key). */
export async function markGatewayRefundTried(db: Executor, id: string): Promise<void> {
  await db
    .update(gatewayRefunds)
    .set({ attempts: sql`${gatewayRefunds.attempts} + 1`, last_tried_at: sql`now()` })
    .where(and(eq(gatewayRefunds.id, id), eq(gatewayRefunds.status, 'pending')));
}

/** Names Razorpay's refund id on a pending refund, before its ledger entry is written. */
export async function nameGatewayRefund(db: Executor, input: { id: string; gatewayRefundId: string }) {
  await db
    .update(gatewayRefunds)
    .set({ gateway_refund_id: input.gatewayRefundId })
    .where(and(eq(gatewayRefunds.id, input.id), isNull(gatewayRefunds.refund_entry_id)));
}

export async function settleGatewayRefund(
  db: Executor,
  input: {
    id: string;
    status: Exclude<GatewayRefundStatus, 'pending'>;
    refundEntryId?: string;
    gatewayRefundId?: string;
    failure?: string;
  },
): Promise<void> {
  await db
    .update(gatewayRefunds)
    .set({
      status: input.status,
      settled_at: sql`now()`,
      ...(input.refundEntryId ? { refund_entry_id: input.refundEntryId } : {}),
      ...(input.gatewayRefundId ? { gateway_refund_id: input.gatewayRefundId } : {}),
      ...(input.failure === undefined ? {} : { failure: input.failure.slice(0, 500) }),
    })
    .where(eq(gatewayRefunds.id, input.id));
}

/** A pending refund to reconcile, with the operator whose booking it is. */
export type PendingRefundTarget = { id: string; bookingId: string; ownerId: string };

// The reconciler and the webhook run with no one signed in: they find whose refund it is as the table owner,
// and then settle it as villa_app for that operator.

/** Pending refunds last asked of Razorpay at or before `triedBefore`, oldest first. */
export async function listPendingGatewayRefunds(
  db: Executor,
  input: { triedBefore: Date; limit: number },
): Promise<PendingRefundTarget[]> {
  return db
    .select({ id: gatewayRefunds.id, bookingId: gatewayRefunds.booking_id, ownerId: properties.owner_id })
    .from(gatewayRefunds)
    .innerJoin(bookings, eq(bookings.id, gatewayRefunds.booking_id))
    .innerJoin(properties, eq(properties.id, bookings.property_id))
    .where(and(eq(gatewayRefunds.status, 'pending'), lte(gatewayRefunds.last_tried_at, input.triedBefore)))
    .orderBy(asc(gatewayRefunds.last_tried_at))
    .limit(input.limit);
}

/**
 * Whose a refund Razorpay reports is: by our id (in its notes), else by Razorpay's refund id, else, for a
 * refund made elsewhere (Razorpay's dashboard), by the payment it refunds.
 */
export async function findRefundWebhookTarget(
  db: Executor,
  input: { refundId: string | undefined; gatewayRefundId: string; gatewayPaymentId: string },
): Promise<
  { refundId: string | null; bookingId: string; ownerId: string; paymentEntryId: string | null } | undefined
> {
  const known = await db
    .select({ id: gatewayRefunds.id, bookingId: gatewayRefunds.booking_id, ownerId: properties.owner_id })
    .from(gatewayRefunds)
    .innerJoin(bookings, eq(bookings.id, gatewayRefunds.booking_id))
    .innerJoin(properties, eq(properties.id, bookings.property_id))
    .where(
      input.refundId
        ? inArray(gatewayRefunds.id, [input.refundId])
        : and(
            isNotNull(gatewayRefunds.gateway_refund_id),
            eq(gatewayRefunds.gateway_refund_id, input.gatewayRefundId),
          ),
    )
    .limit(1);
  const [refund] = known;
  if (refund)
    return {
      refundId: refund.id,
      bookingId: refund.bookingId,
      ownerId: refund.ownerId,
      paymentEntryId: null,
    };
  const [payment] = await db
    .select({ id: payments.id, bookingId: payments.booking_id, ownerId: properties.owner_id })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.booking_id))
    .innerJoin(properties, eq(properties.id, bookings.property_id))
    .where(and(eq(payments.gateway_payment_id, input.gatewayPaymentId), eq(payments.kind, 'payment')))
    .limit(1);
  return payment
    ? { refundId: null, bookingId: payment.bookingId, ownerId: payment.ownerId, paymentEntryId: payment.id }
    : undefined;
}

/**
 * Why the ledger refuses a refund of `entry`, counting refunds still pending at Razorpay as refunded (they
 * may yet be made); undefined when it fits.
 */
export async function checkRefundAgainstLedger(
  tx: Executor,
  booking: { id: string; currency: string },
  entry: NewEntry,
): Promise<string | undefined> {
  const entries = await listLedgerEntries(tx, booking.id);
  const pending = await sumPendingGatewayRefunds(tx, booking.id);
  const counted =
    pending > 0
      ? [
          ...entries,
          { id: 'pending', kind: 'refund' as const, amount: pending as MinorUnits, corrects_id: null },
        ]
      : entries;
  const refusal = checkLedgerEntry(booking, counted, entry);
  if (!refusal || pending === 0) return refusal;
  return `${refusal} (${formatMoney(makeMoney(pending, booking.currency))} of refunds are still pending at Razorpay)`;
}
