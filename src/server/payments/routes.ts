import type { FastifyInstance } from 'fastify';
import { paymentEndpoints } from '../../domain/contracts/payments';
import { villaToday } from '../../domain/dates';
import { toColumnUnits } from '../../domain/money';
import { createRecordPaymentSchema, createRefundPaymentSchema } from '../../domain/payment';
import { getOperator } from '../auth/plugin';
import { findBooking } from '../store/bookings';
import { BOOKING_NOT_FOUND } from '../../domain/booking';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { withOperator } from '../db/with-operator';
import { DomainError } from '../../domain/domain-error';
import { recordPayment } from '../operations/record-payment';
import { voidPayment } from '../operations/void-payment';
import { readLedgerSummary } from '../operations/read-ledger-summary';
import { requireProperty } from '../store/properties';
import { registerEndpoint } from '../http/register-endpoint';
import { withRequestedProperty, withSignedInOperator } from '../auth/operator-work';
import { findPaymentSettings, listLedgerEntries, readLedger, savePaymentSettings } from '../store/payments';
import { findLatestOpenPaymentLink } from '../store/payment-links';
import { listGatewayRefunds, measureBookingPaymentRoom, shapeGatewayRefund } from '../store/gateway-refunds';
import {
  isRazorpayRefund,
  RAZORPAY_REFUNDS_NOT_SET_UP,
  reconcileRazorpayRefund,
  requestRazorpayRefund,
} from './razorpay-refund';

export async function registerPaymentRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    now?: () => Date;
    payments: Pick<Config['payments'], 'upi' | 'razorpay'>;
    /** Hands what the operations wrote to their subscribers (the guest's receipt), after the commit. */
    onEventsWritten?: () => void;
  },
) {
  const today = () => villaToday(options.now?.());
  const razorpay = options.payments.razorpay;
  // The client offers a link only when the server can make one; it never sees the keys.
  const onlinePayments = { upi: Boolean(options.payments.upi), razorpay: Boolean(razorpay) };
  // Money recorded by hand (a payment, or a refund not made through Razorpay) is recorded at once; its
  // events go to their subscribers once it is committed.
  const recordEntry = async (input: Omit<Parameters<typeof recordPayment>[1], 'today'>) => {
    const result = await withOperator(options.db, input.operatorId, (tx) =>
      recordPayment(tx, { ...input, today: today() }),
    );
    options.onEventsWritten?.();
    return result;
  };

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
        if (!booking) throw new DomainError('booking_not_found', BOOKING_NOT_FOUND);
        const property = await requireProperty(tx, booking.property_id);
        const ledger = await readLedger(tx, { booking, property, today: today() });
        const refunds = await listGatewayRefunds(tx, booking.id);
        const rooms = await measureBookingPaymentRoom(tx, booking);
        const link = await findLatestOpenPaymentLink(tx, {
          bookingId: booking.id,
          now: options.now?.() ?? new Date(),
        });
        return {
          ...ledger,
          gateway_refunds: refunds.map(shapeGatewayRefund),
          refundable_payments: rooms.map((room) => ({
            entry_id: room.entryId,
            gateway_payment_id: room.gatewayPaymentId,
            received_on: room.receivedOn,
            amount: toColumnUnits(room.paid),
            refundable: toColumnUnits(room.left),
          })),
          online_payments: onlinePayments,
          payment_link: link
            ? { url: link.short_url, amount: link.amount, expires_at: link.expires_at.toISOString() }
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
      const { confirm_duplicate_reference, ...entry } = request.body;
      const result = await recordEntry({
        bookingId: request.params.bookingId,
        operatorId: getOperator(request).id,
        entry,
        confirmDuplicateReference: confirm_duplicate_reference,
      });
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
        "A refund is never above what was paid and not yet refunded (refunds pending at Razorpay counted), a security deposit returned never above what is held: 409 otherwise, however many refunds arrive at once. A refund with method razorpay is made through Razorpay, from the Razorpay payment its reference names (pay_…) or else the oldest with enough left, never more than that payment has left (409 naming what each has left). It is recorded as pending before Razorpay is asked, with no transaction open during the call, and asked with X-Refund-Idempotency set to its id: 201 with its ledger entry (Razorpay's refund id as reference) once Razorpay has it; 409 when Razorpay refused it (nothing moved); 202 when Razorpay's answer did not say (a timeout, a 5xx): the refund stays pending, counts against what may be refunded, and is settled by reconcileRefunds, the reconciler's rounds or Razorpay's refund webhooks, never made twice.",
    },
    async (request, reply) => {
      const operatorId = getOperator(request).id;
      const bookingId = request.params.bookingId;
      if (!isRazorpayRefund(request.body)) {
        return reply.code(201).send(await recordEntry({ bookingId, operatorId, entry: request.body }));
      }
      const outcome = await requestRazorpayRefund(options.db, {
        razorpay,
        operatorId,
        bookingId,
        entry: request.body,
        today: today(),
      });
      if (outcome.kind === 'refused') throw new DomainError('refund_refused', outcome.reason);
      return withOperator(options.db, operatorId, async (tx) => {
        const summary = await readLedgerSummary(tx, bookingId, today());
        const refund = shapeGatewayRefund(outcome.refund);
        if (outcome.kind === 'pending') {
          return reply.code(202).send({
            refund,
            summary,
            message: `${outcome.reason}, so it is not known yet whether the refund was made. It is kept as pending and counted as refunded; the product asks Razorpay again and records what it says. It will not be made twice.`,
          });
        }
        const entries = await listLedgerEntries(tx, bookingId);
        const entry = entries.find((item) => item.id === outcome.refund.refund_entry_id);
        if (!entry) throw new Error('A refund made has its ledger entry');
        return reply.code(201).send({ entry, summary, refund });
      });
    },
  );

  registerEndpoint(
    app,
    paymentEndpoints.reconcileRefunds,
    {
      summary: "Ask Razorpay what became of the booking's pending refunds, and record it",
      description:
        "For each refund still pending: Razorpay's list of the payment's refunds is read (a refund made earlier is found by our id in its notes); one Razorpay has no record of is asked again with the same idempotency key. Answers the booking's refunds through Razorpay and its summary; a refund stays pending while Razorpay cannot be reached. 409 when Razorpay is not set up.",
    },
    async (request) => {
      const operatorId = getOperator(request).id;
      const bookingId = request.params.bookingId;
      if (!razorpay) throw new DomainError('razorpay_not_set_up', RAZORPAY_REFUNDS_NOT_SET_UP);
      const pending = await withOperator(options.db, operatorId, async (tx) => {
        const booking = await findBooking(tx, bookingId);
        if (!booking) throw new DomainError('booking_not_found', BOOKING_NOT_FOUND);
        return (await listGatewayRefunds(tx, booking.id)).filter((refund) => refund.status === 'pending');
      });
      for (const refund of pending) {
        await reconcileRazorpayRefund(options.db, {
          razorpay,
          target: { id: refund.id, bookingId, ownerId: operatorId },
          today: today(),
          actor: 'operator',
        });
      }
      return withOperator(options.db, operatorId, async (tx) => ({
        gateway_refunds: (await listGatewayRefunds(tx, bookingId)).map(shapeGatewayRefund),
        summary: await readLedgerSummary(tx, bookingId, today()),
      }));
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
      const result = await withSignedInOperator(options.db, request, (tx, operatorId) =>
        voidPayment(tx, {
          bookingId: request.params.bookingId,
          entryId: request.params.entryId,
          reason: request.body.reason,
          operatorId,
          today: today(),
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
    (request) => withRequestedProperty(options.db, request, findPaymentSettings),
  );

  registerEndpoint(
    app,
    paymentEndpoints.updatePaymentSettings,
    {
      summary: "Change a property's payment settings: the fields given change, the others stay",
    },
    (request) =>
      withRequestedProperty(options.db, request, async (tx, property) => {
        await savePaymentSettings(tx, { propertyId: property.id, changes: request.body });
        return findPaymentSettings(tx, property);
      }),
  );
}
