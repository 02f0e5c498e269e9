import type { FastifyInstance } from 'fastify';
import { paymentEndpoints } from '../../domain/contracts/payments';
import { villaToday } from '../../domain/dates';
import { toMajor } from '../../domain/money';
import type { StoredBooking } from '../../domain/booking';
import {
  createRecordPaymentSchema,
  createRefundPaymentSchema,
  type PaymentEntry,
} from '../../domain/payment';
import { getOperator } from '../auth/plugin';
import { findBooking } from '../bookings/queries';
import { BOOKING_NOT_FOUND } from '../bookings/routes';
import type { Db, Tx } from '../db/client';
import type { Config } from '../env';
import { withOperator } from '../db/with-operator';
import { notFound } from '../http-error';
import { requireProperty } from '../properties/queries';
import { registerEndpoint } from '../register-endpoint';
import {
  findPaymentSettings,
  lockBooking,
  readLedger,
  recordLedgerEntry,
  savePaymentSettings,
  voidLedgerEntry,
  type NewEntry,
} from './queries';
import { findLatestOpenPaymentLink } from './razorpay-queries';
import { isRazorpayRefund, makeRazorpayRefund } from './razorpay-refund';

export async function registerPaymentRoutes(
  app: FastifyInstance,
  options: { db: Db; now?: () => Date; payments: Pick<Config['payments'], 'upi' | 'razorpay'> },
) {
  const today = () => villaToday(options.now?.());
  const razorpay = options.payments.razorpay;
  // The client offers a link only when the server can make one; it never sees the keys.
  const onlinePayments = { upi: Boolean(options.payments.upi), razorpay: Boolean(razorpay) };

  /** Records an entry on the operator's booking and answers it with the ledger's new summary. */
  async function recordEntry(
    tx: Tx,
    input: {
      bookingId: string;
      operatorId: string;
      entry: NewEntry | ((booking: StoredBooking) => Promise<PaymentEntry>);
      confirmDuplicateReference?: boolean;
    },
  ) {
    const booking = await lockBooking(tx, input.bookingId);
    if (!booking) throw notFound(BOOKING_NOT_FOUND);
    const entry =
      typeof input.entry === 'function'
        ? await input.entry(booking)
        : await recordLedgerEntry(tx, {
            booking,
            entry: input.entry,
            operatorId: input.operatorId,
            confirmDuplicateReference: input.confirmDuplicateReference,
          });
    const property = await requireProperty(tx, booking.property_id);
    // Read again: the database derived its payment_status from the new entry.
    const updated = await findBooking(tx, booking.id);
    const { summary } = await readLedger(tx, { booking: updated!, property, today: today() });
    return { entry, summary };
  }

  registerEndpoint(
    app,
    paymentEndpoints.listPayments,
    {
      summary: "A booking's ledger (payments, refunds, security deposits) and what follows from it",
      description:
        'Entries oldest first; the summary gives the total, what was paid and refunded, the balance, the schedule (deposit and balance, or all at once), what is due next and by when, whether it is overdue, and payment_status as derived from the ledger.',
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const booking = await findBooking(tx, request.params.bookingId);
        if (!booking) throw notFound(BOOKING_NOT_FOUND);
        const property = await requireProperty(tx, booking.property_id);
        const ledger = await readLedger(tx, { booking, property, today: today() });
        const link = await findLatestOpenPaymentLink(tx, {
          bookingId: booking.id,
          now: options.now?.() ?? new Date(),
        });
        return {
          ...ledger,
          online_payments: onlinePayments,
          payment_link: link
            ? { url: link.short_url, amount: toMajor(link.amount), expires_at: link.expires_at.toISOString() }
            : null,
        };
      }),
  );

  registerEndpoint(
    app,
    paymentEndpoints.recordPayment,
    {
      body: createRecordPaymentSchema(today),
      summary: 'Record money received: a payment or a security deposit held',
      description:
        "Entries are never changed or deleted: a mistake is voided (voidPayment) or reversed by an entry of the same kind with corrects_id naming it. Amounts are in the booking's currency. 409 when the entry does not fit the ledger (a correction of more than is left of its entry, or one that would leave more refunded than paid), with a code: payment_above_balance when it is more than is left of the stay's total and its security deposit (the message names the balance; a stay of unknown total is not bounded); duplicate_reference when its reference is already in the operator's ledger (naming the booking and entry; send confirm_duplicate_reference: true to record it again); gateway_payment_recorded when it is method razorpay with a Razorpay payment id (pay_…) as reference that is already recorded. Such a reference becomes the entry's gateway_payment_id, so Razorpay's webhook finds the payment recorded.",
    },
    async (request, reply) => {
      const operatorId = getOperator(request).id;
      const { confirm_duplicate_reference, ...entry } = request.body;
      const result = await withOperator(options.db, operatorId, (tx) =>
        recordEntry(tx, {
          bookingId: request.params.bookingId,
          operatorId,
          entry,
          confirmDuplicateReference: confirm_duplicate_reference,
        }),
      );
      return reply.code(201).send(result);
    },
  );

  registerEndpoint(
    app,
    paymentEndpoints.refundPayment,
    {
      body: createRefundPaymentSchema(today),
      summary: 'Record money paid back: a refund or a security deposit returned',
      description:
        "A refund is never above what was paid and not yet refunded, a security deposit returned never above what is held: 409 otherwise, however many refunds arrive at once. A refund with method razorpay is made through Razorpay first (of the Razorpay payment its reference names, else the booking's latest) and recorded with Razorpay's refund id as its reference; 502 and nothing recorded when Razorpay fails.",
    },
    async (request, reply) => {
      const operatorId = getOperator(request).id;
      const bookingId = request.params.bookingId;
      const result = await withOperator(options.db, operatorId, async (tx) => {
        const entry = isRazorpayRefund(request.body)
          ? await makeRazorpayRefund(tx, {
              razorpay,
              bookingId,
              entry: request.body,
            })
          : request.body;
        return recordEntry(tx, { bookingId, operatorId, entry });
      });
      return reply.code(201).send(result);
    },
  );

  registerEndpoint(
    app,
    paymentEndpoints.voidPayment,
    {
      summary: 'Void an entry recorded by mistake: it then counts for nothing, everywhere',
      description:
        "Nothing is edited or deleted: the void is an entry of its own (corrects_id naming the entry, void_reason the reason given, dated the day the entry was received), so every total (the summary, reports, the dashboard, the bookings list, the CSV) drops the entry, and the activity log names who voided it. 404 for an entry not in this booking's ledger; 409 (code entry_not_voidable) for a void or correction, an entry already voided, money that moved through Razorpay (a Razorpay payment is refunded instead; a refund made through Razorpay has left), or a payment whose void would leave more refunded than paid.",
    },
    async (request, reply) => {
      const operatorId = getOperator(request).id;
      const result = await withOperator(options.db, operatorId, (tx) =>
        recordEntry(tx, {
          bookingId: request.params.bookingId,
          operatorId,
          entry: (booking) =>
            voidLedgerEntry(tx, {
              booking,
              entryId: request.params.entryId,
              reason: request.body.reason,
              operatorId,
            }),
        }),
      );
      return reply.code(201).send(result);
    },
  );

  registerEndpoint(
    app,
    paymentEndpoints.getPaymentSettings,
    {
      summary: "A property's payment schedule, security deposit and payment instructions (defaults if unset)",
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) =>
        findPaymentSettings(tx, await requireProperty(tx, request.params.propertyId)),
      ),
  );

  registerEndpoint(
    app,
    paymentEndpoints.updatePaymentSettings,
    {
      summary: "Change a property's payment settings: the fields given change, the others stay",
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const property = await requireProperty(tx, request.params.propertyId);
        await savePaymentSettings(tx, { propertyId: property.id, changes: request.body });
        return findPaymentSettings(tx, property);
      }),
  );
}
