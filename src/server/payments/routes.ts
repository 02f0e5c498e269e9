import type { FastifyInstance } from 'fastify';
import { paymentEndpoints } from '../../domain/contracts/payments';
import { villaToday } from '../../domain/dates';
import { toMajor } from '../../domain/money';
import { createRecordPaymentSchema, createRefundPaymentSchema } from '../../domain/payment';
import { getOperator } from '../auth/plugin';
import { findBooking } from '../bookings/queries';
import { BOOKING_NOT_FOUND } from '../bookings/routes';
import type { Db, Tx } from '../db/client';
import type { Config } from '../env';
import { withOperator } from '../db/with-operator';
import { recordPaymentReceipt } from '../messages/record-messages';
import type { MessageSettings } from '../messages/settings';
import { notFound } from '../http-error';
import { requireProperty } from '../properties/queries';
import { registerEndpoint } from '../register-endpoint';
import {
  findPaymentSettings,
  lockBooking,
  readLedger,
  recordLedgerEntry,
  savePaymentSettings,
  type NewEntry,
} from './queries';
import { findLatestOpenPaymentLink } from './razorpay-queries';
import { isRazorpayRefund, makeRazorpayRefund } from './razorpay-refund';

export async function registerPaymentRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    now?: () => Date;
    payments: Pick<Config['payments'], 'upi' | 'razorpay'>;
    /** Writes the guest's receipt of money received; without it, none. */
    messages?: MessageSettings;
    onMessagesWritten?: () => void;
  },
) {
  const today = () => villaToday(options.now?.());
  const razorpay = options.payments.razorpay;
  // The client offers a link only when the server can make one; it never sees the keys.
  const onlinePayments = { upi: Boolean(options.payments.upi), razorpay: Boolean(razorpay) };

  /** Records an entry on the operator's booking and answers it with the ledger's new summary. */
  async function recordEntry(tx: Tx, input: { bookingId: string; operatorId: string; entry: NewEntry }) {
    const booking = await lockBooking(tx, input.bookingId);
    if (!booking) throw notFound(BOOKING_NOT_FOUND);
    const entry = await recordLedgerEntry(tx, { booking, entry: input.entry, operatorId: input.operatorId });
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
        "Entries are never changed or deleted: a mistake is reversed by an entry of the same kind with corrects_id naming it. Amounts are in the booking's currency. 409 when the entry does not fit the ledger (a correction of more than is left of its entry, or one that would leave more refunded than paid).",
    },
    async (request, reply) => {
      const operatorId = getOperator(request).id;
      const { bookingId } = request.params;
      let receipted = false;
      const result = await withOperator(options.db, operatorId, async (tx) => {
        const recorded = await recordEntry(tx, { bookingId, operatorId, entry: request.body });
        if (options.messages)
          receipted = await recordPaymentReceipt(tx, options.messages, {
            bookingId,
            entry: recorded.entry,
            today: today(),
          });
        return recorded;
      });
      if (receipted) options.onMessagesWritten?.();
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
