import { and, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { makeMoney, parseMinor, type MinorUnits, type Money } from '../../domain/money';
import type { Executor } from '../db/client';
import { bookings, paymentLinks, payments, properties } from '../db/schema';

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

/** The booking's newest link still open at `openUntil`, of those that also meet `also`. */
async function findNewestOpenLink(
  db: Executor,
  input: { bookingId: string; openUntil: Date },
  ...also: SQL[]
): Promise<PaymentLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentLinks)
    .where(
      and(
        eq(paymentLinks.booking_id, input.bookingId),
        eq(paymentLinks.status, 'created'),
        ...also,
        gt(paymentLinks.expires_at, input.openUntil),
      ),
    )
    .orderBy(desc(paymentLinks.created_at))
    .limit(1);
  return row;
}

/** An open link of the booking for this amount that stays open at least until `openUntil`, if any. */
export function findOpenPaymentLink(
  db: Executor,
  input: { bookingId: string; amount: MinorUnits; currency: string; openUntil: Date },
): Promise<PaymentLinkRow | undefined> {
  return findNewestOpenLink(
    db,
    input,
    eq(paymentLinks.amount, input.amount),
    eq(paymentLinks.currency, input.currency),
  );
}

/** The booking's newest open link, whatever its amount (the guest's page and e-mails offer it). */
export function findLatestOpenPaymentLink(
  db: Executor,
  input: { bookingId: string; now: Date },
): Promise<PaymentLinkRow | undefined> {
  return findNewestOpenLink(db, { bookingId: input.bookingId, openUntil: input.now });
}

export async function insertPaymentLink(
  db: Executor,
  row: typeof paymentLinks.$inferInsert,
): Promise<PaymentLinkRow> {
  const [inserted] = await db.insert(paymentLinks).values(row).returning();
  if (!inserted) throw new Error('The payment link was not saved');
  return inserted;
}

export async function findPaymentLink(db: Executor, linkId: string): Promise<PaymentLinkRow | undefined> {
  const [row] = await db.select().from(paymentLinks).where(eq(paymentLinks.id, linkId)).limit(1);
  return row;
}

export async function markPaymentLinkPaid(db: Executor, linkId: string): Promise<void> {
  await db.update(paymentLinks).set({ status: 'paid' }).where(eq(paymentLinks.id, linkId));
}

export async function findPaymentByGatewayId(db: Executor, gatewayPaymentId: string) {
  const [row] = await db
    .select({ id: payments.id, booking_id: payments.booking_id, amount: payments.amount })
    .from(payments)
    .where(eq(payments.gateway_payment_id, gatewayPaymentId))
    .limit(1);
  return row;
}

/** Whose booking a webhook's payment is for, and by which of our links, when one is known. */
export type WebhookTarget = { bookingId: string; ownerId: string; linkId: string | null };

// The webhook's look-ups run as the table owner: no operator is signed in, and the payment may be for any
// operator's booking. The payment itself is then recorded as villa_app for the booking's operator.

/** The booking of a Razorpay link, by Razorpay's link id or by our own id (its reference_id). */
export async function findWebhookTargetByLink(
  db: Executor,
  input: { gatewayLinkId?: string; linkId?: string },
): Promise<WebhookTarget | undefined> {
  const conditions = [
    input.gatewayLinkId ? eq(paymentLinks.gateway_link_id, input.gatewayLinkId) : undefined,
    input.linkId ? eq(paymentLinks.id, input.linkId) : undefined,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return undefined;
  const [row] = await db
    .select({ bookingId: paymentLinks.booking_id, ownerId: properties.owner_id, linkId: paymentLinks.id })
    .from(paymentLinks)
    .innerJoin(bookings, eq(bookings.id, paymentLinks.booking_id))
    .innerJoin(properties, eq(properties.id, bookings.property_id))
    .where(sql.join(conditions, sql` or `))
    .limit(1);
  return row;
}

export async function findWebhookTargetByBooking(
  db: Executor,
  bookingId: string,
): Promise<WebhookTarget | undefined> {
  const [row] = await db
    .select({ bookingId: bookings.id, ownerId: properties.owner_id })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.property_id))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row && { ...row, linkId: null };
}

/** The Razorpay payment of the booking's ledger that a refund is made against. */
export async function findRazorpayPayment(
  db: Executor,
  input: { bookingId: string; gatewayPaymentId?: string },
) {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.booking_id, input.bookingId),
        eq(payments.method, 'razorpay'),
        eq(payments.kind, 'payment'),
        sql`${payments.gateway_payment_id} is not null`,
        input.gatewayPaymentId ? eq(payments.gateway_payment_id, input.gatewayPaymentId) : undefined,
      ),
    )
    .orderBy(desc(payments.created_at))
    .limit(1);
  return row;
}

/** The open payment link of a guest's own confirmed stay, by a token of its request page (villa_guest). */
export async function findGuestPaymentLink(
  db: Executor,
  token: string,
): Promise<{ url: string; amount: Money } | undefined> {
  const result = await db.execute(sql`select * from find_guest_payment_link(${token})`);
  const rows =
    (result as { rows?: Record<string, unknown>[] }).rows ?? (result as unknown as Record<string, unknown>[]);
  const row = rows[0];
  if (!row) return undefined;
  const currency = String(row.out_currency);
  // numeric arrives as its decimal text: read exactly.
  return { url: String(row.out_url), amount: makeMoney(parseMinor(String(row.out_amount)), currency) };
}
