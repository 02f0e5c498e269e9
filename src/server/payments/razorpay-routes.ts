import { isDomainError } from '../../domain/domain-error';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { formatBookingReference } from '../../domain/booking';
import { paymentEndpoints } from '../../domain/contracts/payments';
import { villaToday } from '../../domain/dates';
import { formatMoney, makeMoney, toColumnUnits } from '../../domain/money';
import type { WEBHOOK_OUTCOMES } from '../../domain/payment';
import { getOperator } from '../auth/plugin';
import { findBooking } from '../store/bookings';
import { BOOKING_NOT_FOUND } from '../../domain/booking';
import { appendEvent } from '../store/events';
import type { Db, Tx } from '../db/client';
import { findPgError } from '../db/errors';
import { withOperator } from '../db/with-operator';
import type { Config, RazorpayConfig } from '../env';
import { HttpError, notFound } from '../http/http-error';
import type { MessageSettings } from '../env';
import { requireProperty } from '../store/properties';
import { registerEndpoint } from '../http/register-endpoint';
import { findGatewayMoneyToReturn, lockBooking, readLedger } from '../store/payments';
import { addLedgerEntry } from '../operations/add-ledger-entry';
import { createRazorpayLink, isRazorpaySignatureValid, REFUND_ID_NOTE } from './razorpay';
import { receiveRazorpayRefundEvent } from './razorpay-refund';
import {
  findOpenPaymentLink,
  findPaymentByGatewayId,
  findWebhookTargetByBooking,
  findWebhookTargetByLink,
  insertPaymentLink,
  markPaymentLinkPaid,
  type PaymentLinkRow,
  type WebhookTarget,
} from '../store/payment-links';

export const RAZORPAY_NOT_SET_UP =
  'Payments by Razorpay are not set up on this server: set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET';

/** How long a new link stays payable, and how long an open one must still have to be handed out again. */
export const PAYMENT_LINK_VALID_DAYS = 7;
const PAYMENT_LINK_REUSE_MIN_MS = 24 * 3_600_000;

/** The events that mean money arrived; Razorpay sends both for a link's payment (one entry is recorded). */
const PAYMENT_EVENTS = new Set(['payment_link.paid', 'payment.captured']);

const NotesSchema = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .optional()
  .transform((notes) => (notes && !Array.isArray(notes) ? notes : {}));

/** Razorpay's refund events: the first two mean Razorpay has the refund, the last that it failed it. */
const REFUND_MADE_EVENTS = new Set(['refund.created', 'refund.processed']);
const REFUND_FAILED_EVENT = 'refund.failed';

const WebhookRefundSchema = z.object({
  payload: z.object({
    refund: z.object({
      entity: z.object({
        id: z.string().regex(/^rfnd_[A-Za-z0-9]{1,60}$/),
        payment_id: z.string().regex(/^pay_[A-Za-z0-9]{1,60}$/),
        amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
        currency: z.string().regex(/^[A-Z]{3}$/),
        notes: z
          .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
          .optional()
          .transform((notes) => (notes && !Array.isArray(notes) ? notes : {})),
      }),
    }),
  }),
});

const WebhookPaymentSchema = z.object({
  id: z.string().regex(/^pay_[A-Za-z0-9]{1,60}$/),
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  currency: z.string().regex(/^[A-Z]{3}$/),
  notes: NotesSchema,
});

const WebhookLinkSchema = z.object({
  id: z.string().max(100),
  reference_id: z.string().max(100).nullish(),
  notes: NotesSchema,
});

const WebhookPayloadSchema = z.object({
  payment: z.object({ entity: WebhookPaymentSchema }),
  payment_link: z.object({ entity: WebhookLinkSchema }).optional(),
});

type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

function readBookingNote(notes: Record<string, unknown>): string | undefined {
  const value = notes.booking_id;
  return typeof value === 'string' && z.uuid().safeParse(value).success ? value : undefined;
}

/** Finds whose booking a payment is for: our stored link first, then the link's reference, then notes. */
async function findWebhookTarget(
  db: Db,
  payload: z.infer<typeof WebhookPayloadSchema>,
): Promise<WebhookTarget | undefined> {
  const link = payload.payment_link?.entity;
  const referenceId = link?.reference_id ?? undefined;
  const byLink = await findWebhookTargetByLink(db, {
    gatewayLinkId: link?.id,
    linkId: referenceId && z.uuid().safeParse(referenceId).success ? referenceId : undefined,
  });
  if (byLink) return byLink;
  const bookingId = readBookingNote(link?.notes ?? {}) ?? readBookingNote(payload.payment.entity.notes);
  return bookingId ? findWebhookTargetByBooking(db, bookingId) : undefined;
}

/**
 * Payment links (createPaymentLink) and Razorpay's webhook (receiveRazorpayWebhook). Both answer 409 when
 * Razorpay is not set up; the webhook needs no session and trusts only a body signed with the webhook secret.
 */
export async function registerRazorpayRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    config: MessageSettings & Pick<Config, 'payments'>;
    now?: () => Date;
    onMessagesWritten?: () => void;
    /** Hands what the operations wrote to their subscribers, after the commit. */
    onEventsWritten?: () => void;
  },
) {
  const { db } = options;
  const razorpay = options.config.payments.razorpay;
  const now = () => options.now?.() ?? new Date();
  const requireRazorpay = (): RazorpayConfig => {
    if (!razorpay) throw new HttpError(409, RAZORPAY_NOT_SET_UP);
    return razorpay;
  };

  registerEndpoint(
    app,
    paymentEndpoints.createPaymentLink,
    {
      summary: 'A Razorpay payment link for what is due now (or a given amount up to the balance)',
      description:
        "The guest pays on Razorpay's page by UPI, card or netbanking; the payment is recorded when Razorpay's webhook reports it, and the guest's request page and e-mails offer the link meanwhile. An open link for the same amount is handed out again (200) instead of a new one (201). 409 when Razorpay is not set up, nothing is due, or the amount is above the balance; 502 when Razorpay cannot be reached.",
    },
    async (request, reply) => {
      const operatorId = getOperator(request).id;
      const settings = requireRazorpay();
      const at = now();
      const openUntil = new Date(at.getTime() + PAYMENT_LINK_REUSE_MIN_MS);
      // Razorpay is called between two transactions, never inside one: on the embedded database a
      // transaction holds every other request until it ends.
      const prepared = await withOperator(db, operatorId, async (tx) => {
        const booking = await findBooking(tx, request.params.bookingId);
        if (!booking) throw notFound(BOOKING_NOT_FOUND);
        if (booking.status === 'cancelled') throw new HttpError(409, 'A cancelled booking takes no payment');
        const property = await requireProperty(tx, booking.property_id);
        const { summary } = await readLedger(tx, { booking, property, today: villaToday(at) });
        const balance = makeMoney(summary.balance, booking.currency);
        if (balance.minor <= 0) throw new HttpError(409, 'Nothing is left to pay on this booking');
        const asked = request.body?.amount;
        const amount =
          asked === undefined
            ? summary.next_due && makeMoney(summary.next_due.amount, booking.currency)
            : makeMoney(asked, booking.currency);
        if (!amount) throw new HttpError(409, 'Nothing is due on this booking');
        if (amount.minor > balance.minor) {
          throw new HttpError(409, `A payment link can ask at most the balance: ${formatMoney(balance)}`);
        }
        const open = await findOpenPaymentLink(tx, {
          bookingId: booking.id,
          amount: toColumnUnits(amount),
          currency: booking.currency,
          openUntil,
        });
        return { booking, propertyName: property.name, amount, dueDate: summary.next_due?.date, open };
      });
      const { booking, amount } = prepared;
      let result: { row: PaymentLinkRow; reused: boolean };
      let eventsWritten = false;
      if (prepared.open) {
        result = { row: prepared.open, reused: true };
      } else {
        const id = randomUUID();
        const reference = formatBookingReference(booking.id);
        const publicUrl = options.config.server.publicUrl;
        const created = await createRazorpayLink(settings, {
          amount: amount.minor,
          currency: booking.currency,
          description: `${prepared.propertyName}, booking ${reference}`.slice(0, 2048),
          reference_id: id,
          expire_by: Math.floor(at.getTime() / 1000) + PAYMENT_LINK_VALID_DAYS * 86_400,
          ...(booking.guest_email
            ? { customer: { name: booking.guest_name.slice(0, 100), email: booking.guest_email } }
            : {}),
          // Razorpay sends the guest back to the site once paid; only to an address it can reach.
          ...(publicUrl.startsWith('https://') ? { callback_url: `${publicUrl}/` } : {}),
          notes: { booking_id: booking.id, booking_reference: reference },
        });
        result = await withOperator(db, operatorId, async (tx) => {
          // Two clicks at once: the first link saved is the one handed out (the other expires unpaid).
          if (!(await lockBooking(tx, booking.id))) throw notFound(BOOKING_NOT_FOUND);
          const open = await findOpenPaymentLink(tx, {
            bookingId: booking.id,
            amount: toColumnUnits(amount),
            currency: booking.currency,
            openUntil,
          });
          if (open) return { row: open, reused: true };
          const row = await insertPaymentLink(tx, {
            id,
            booking_id: booking.id,
            gateway_link_id: created.id,
            short_url: created.short_url,
            amount: toColumnUnits(amount),
            currency: booking.currency,
            expires_at: new Date(created.expire_by * 1000),
            created_by: operatorId,
          });
          // A confirmed stay's guest gets the new link by e-mail; before that, the confirmation offers it.
          if (booking.status === 'confirmed' || booking.status === 'completed') {
            await appendEvent(tx, {
              kind: 'payment_link_made',
              booking_id: booking.id,
              payload: { link_id: row.id, due_date: prepared.dueDate ?? villaToday(at) },
            });
            eventsWritten = true;
          }
          return { row, reused: false };
        });
      }
      if (eventsWritten) options.onEventsWritten?.();
      return reply.code(result.reused ? 200 : 201).send({
        url: result.row.short_url,
        amount: result.row.amount,
        currency: result.row.currency,
        expires_at: result.row.expires_at.toISOString(),
        reused: result.reused,
      });
    },
  );

  /** Records one webhook's payment on its booking's ledger, once per Razorpay payment id. */
  async function recordWebhookPayment(
    request: FastifyRequest,
    payload: z.infer<typeof WebhookPayloadSchema>,
  ): Promise<WebhookOutcome> {
    const payment = payload.payment.entity;
    const target = await findWebhookTarget(db, payload);
    if (!target) {
      request.log.warn(
        { razorpayPaymentId: payment.id },
        'razorpay: a payment for no booking known here was acknowledged and not recorded',
      );
      return 'ignored';
    }
    let written = false;
    const outcome = await withOperator(
      db,
      target.ownerId,
      async (tx: Tx): Promise<WebhookOutcome> => {
        // Deliveries of one event wait for each other here, so the second finds the first's entry.
        const booking = await lockBooking(tx, target.bookingId);
        if (!booking) return 'ignored';
        const recorded = await findPaymentByGatewayId(tx, payment.id);
        if (recorded) {
          // `payment.captured` may have recorded it before its link's `payment_link.paid` arrived: the link
          // is paid all the same, or it would be offered again for the next amount.
          if (target.linkId) await markPaymentLinkPaid(tx, target.linkId);
          // The operator may have recorded it by hand (its pay_… as reference): said if it differs.
          const reported = makeMoney(payment.amount, payment.currency).minor;
          if (recorded.booking_id !== booking.id || recorded.amount !== reported) {
            request.log.warn(
              { razorpayPaymentId: payment.id, bookingId: booking.id, recordedOn: recorded.booking_id },
              'razorpay: a payment recorded by hand differs from what Razorpay reports',
            );
          }
          return 'duplicate';
        }
        if (payment.currency !== booking.currency) {
          request.log.warn(
            { razorpayPaymentId: payment.id, bookingId: booking.id },
            'razorpay: a payment in another currency than its booking was acknowledged and not recorded',
          );
          return 'ignored';
        }
        const amount = makeMoney(payment.amount, payment.currency);
        const toReturn = await findGatewayMoneyToReturn(tx, { booking, amount });
        const entry = await addLedgerEntry(tx, {
          booking,
          operatorId: null,
          entry: {
            kind: 'payment',
            amount: toColumnUnits(amount),
            method: 'razorpay',
            received_on: villaToday(now()),
            reference: payment.id,
            note: toReturn?.note ?? null,
            corrects_id: null,
            gateway_payment_id: payment.id,
          },
        });
        if (target.linkId) await markPaymentLinkPaid(tx, target.linkId);
        // The operator's notice and the guest's receipt follow from the event.
        await appendEvent(tx, {
          kind: 'payment_recorded',
          booking_id: booking.id,
          payload: {
            entry_id: entry.id,
            gateway: { to_return: toReturn ? { minor: toReturn.amount.minor, why: toReturn.why } : null },
          },
        });
        written = true;
        return 'recorded';
      },
      'system',
    ).catch((error: unknown) => {
      // The unique gateway id is the last word when two deliveries still met at the insert.
      if (findPgError(error)?.constraint === 'payments_gateway_payment_id_key') return 'duplicate' as const;
      throw error;
    });
    if (written) {
      options.onMessagesWritten?.();
      options.onEventsWritten?.();
    }
    return outcome;
  }

  /** Settles one of our refunds by Razorpay's report of it (or records one made on Razorpay's dashboard). */
  async function recordWebhookRefund(
    request: FastifyRequest,
    body: { event: string; payload: unknown },
  ): Promise<WebhookOutcome> {
    const parsed = WebhookRefundSchema.safeParse(body);
    if (!parsed.success) {
      request.log.warn(
        { event: body.event },
        'razorpay: a refund event without a refund we can read was ignored',
      );
      return 'ignored';
    }
    const refund = parsed.data.payload.refund.entity;
    const note = refund.notes[REFUND_ID_NOTE];
    try {
      const outcome = await receiveRazorpayRefundEvent(db, {
        refund: {
          id: refund.id,
          paymentId: refund.payment_id,
          amount: refund.amount,
          currency: refund.currency,
          refundId: typeof note === 'string' ? note : undefined,
        },
        failed: body.event === REFUND_FAILED_EVENT,
        today: villaToday(now()),
      });
      if (outcome === 'ignored') {
        request.log.warn(
          { razorpayRefundId: refund.id },
          'razorpay: a refund of no payment known here was acknowledged and not recorded',
        );
      }
      return outcome;
    } catch (error) {
      // A refund made elsewhere that the ledger cannot take (more than it shows paid): acknowledged, and left
      // for the operator, or Razorpay would deliver it again for days.
      const pgError = findPgError(error);
      if (pgError?.constraint === 'payments_gateway_payment_id_key') return 'duplicate';
      if (pgError?.code === '23514' || isDomainError(error)) {
        request.log.warn(
          { razorpayRefundId: refund.id, constraint: pgError?.constraint },
          'razorpay: a refund made elsewhere does not fit the ledger and was not recorded',
        );
        return 'ignored';
      }
      throw error;
    }
  }

  // Razorpay signs the raw bytes of the body: this route's JSON parser checks the signature over them before
  // anything is parsed, so a forged body is refused before it is read.
  await app.register(async (scope) => {
    const parseJsonText = scope.getDefaultJsonParser('error', 'error');
    const utf8 = new TextDecoder('utf-8', { fatal: true });
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      if (!razorpay) return done(new HttpError(409, RAZORPAY_NOT_SET_UP), undefined);
      const header = request.headers['x-razorpay-signature'];
      const signature = typeof header === 'string' ? header.trim() : undefined;
      if (!signature)
        return done(new HttpError(400, 'The X-Razorpay-Signature header is missing'), undefined);
      if (!isRazorpaySignatureValid(body as Buffer, signature, razorpay.webhookSecret)) {
        request.log.warn({ security: 'webhook-signature-refused' }, 'security: webhook-signature-refused');
        return done(new HttpError(400, 'The X-Razorpay-Signature does not match the body'), undefined);
      }
      let text: string;
      try {
        text = utf8.decode(body as Buffer);
      } catch {
        return done(new HttpError(400, 'The request body is not valid UTF-8'), undefined);
      }
      parseJsonText(request, text, done);
    });

    registerEndpoint(
      scope,
      paymentEndpoints.receiveRazorpayWebhook,
      {
        summary: "Razorpay's webhook: a payment of a link recorded once, however often it is delivered",
        description:
          'No session: the body must carry X-Razorpay-Signature, the hex HMAC-SHA256 of the raw body with RAZORPAY_WEBHOOK_SECRET (400 otherwise, and nothing is recorded). payment_link.paid and payment.captured record one payment per Razorpay payment id (method razorpay, the payment id as reference); other events, and payments for no booking known here, are acknowledged and ignored.',
      },
      async (request) => {
        requireRazorpay();
        const { event, payload } = request.body;
        if (REFUND_MADE_EVENTS.has(event) || event === REFUND_FAILED_EVENT) {
          return { status: await recordWebhookRefund(request, { event, payload }) };
        }
        if (!PAYMENT_EVENTS.has(event)) return { status: 'ignored' as const };
        const parsed = WebhookPayloadSchema.safeParse(payload);
        if (!parsed.success) {
          request.log.warn({ event }, 'razorpay: a payment event without a payment we can read was ignored');
          return { status: 'ignored' as const };
        }
        return { status: await recordWebhookPayment(request, parsed.data) };
      },
    );
  });
}
