import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PageLoader } from '../site/pages';
import { formatBookingReference } from '../../domain/booking';
import { countDaysBetween, villaToday } from '../../domain/dates';
import { DomainError, isDomainError } from '../../domain/domain-error';
import { isLanguage } from '../../domain/language-codes';
import type { MinorUnits } from '../../domain/money';
import type { InvoiceDocument } from '../../domain/invoice-document';
import { z } from 'zod';
import {
  GuestRequestSchema,
  RequestTokenParamsSchema,
  WITHDRAW_NOTICES,
  type GuestInvoice,
  type GuestRequest,
  type GuestRequestPageData,
  type WithdrawNotice,
} from '../../domain/message';
import { getOperator } from '../auth/plugin';
import type { Db, Tx } from '../db/client';
import { declareClock, withGuest, withOperator } from '../db/with-operator';
import { describeRequestNetwork } from '../request-network';
import { notFound } from '../http/http-error';
import {
  confirmGuestRequest,
  findGuestRequest,
  releaseUnconfirmedRequests,
  withdrawGuestRequest,
  type GuestRequestRow,
} from '../store/request-links';
import { findMessage, listMessages, requeueFailedMessage } from '../store/outbox';
import { recordRequestConfirmed, recordRequestWithdrawn } from './record-messages';
import type { Config } from '../env';
import type { MessageSettings } from '../env';
import { messageEndpoints } from '../../domain/contracts/messages';
import { TOTAL_COUNT_HEADER } from '../../domain/contracts/routes';
import { registerEndpoint } from '../http/register-endpoint';
import { createRateLimit, REQUEST_NOT_FOUND } from '../http/guest-links';
import { describeBookingFacts } from './booking-facts';
import { attachPaymentLink, planGuestPayment, shapeGuestPayment } from './guest-payment';
import { findGuestPaymentDue, type GuestPaymentDue } from '../store/payments';
import { findGuestPaymentLink } from '../store/payment-links';
import type { Money } from '../../domain/money';
import { listGuestInvoiceRows } from '../store/invoices';
import { sendInvoicePdf } from '../invoices/send-invoice-pdf';

/** Messages and links, and how often a guest's request page may be looked up. */
type MessageRouteConfig = MessageSettings & Pick<Config, 'requests'>;

export const MESSAGE_NOT_FOUND = 'Message not found';
// The same answer for an unknown token and for a document of another stay.
export const GUEST_INVOICE_NOT_FOUND =
  'We could not find this document. Check the link on your request page, or contact us.';

type GuestRequestFound = GuestRequestRow & {
  payment?: GuestPaymentDue;
  invoices: { id: string; document: InvoiceDocument }[];
};

function shapeGuestInvoice(invoice: { id: string; document: InvoiceDocument }): GuestInvoice {
  const { document } = invoice;
  return {
    id: invoice.id,
    title: document.title,
    number: document.number,
    issued_on: document.issued_on,
    total: document.total_minor as MinorUnits,
    currency: document.currency,
  };
}

/** The request as its guest sees it; once confirmed, with what is due now and how to pay it. */
function shapeGuestRequest(
  row: GuestRequestFound,
  config: Pick<Config, 'payments'>,
  /** The stay's open Razorpay link, offered when it asks for what is due now. */
  link?: { url: string; amount: Money } | null,
): GuestRequest {
  const plan = attachPaymentLink(
    planGuestPayment({ bookingId: row.booking_id, payment: row.payment }, config),
    link,
  );
  return {
    reference: formatBookingReference(row.booking_id),
    status: row.status,
    property_name: row.property_name,
    guest_name: row.guest_name,
    check_in: row.check_in,
    check_out: row.check_out,
    nights: countDaysBetween(row.check_in, row.check_out),
    guests_count: row.guests_count,
    total_amount: row.total_amount,
    currency: row.currency,
    created_at: row.created_at.toISOString(),
    hold_until: row.hold_until.toISOString(),
    closed_reason: row.closed_reason,
    can_withdraw: row.status === 'pending',
    guest_confirmed: row.confirmed_at !== null,
    confirm_by: row.confirm_by.toISOString(),
    ...(plan ? { payment: shapeGuestPayment(plan) } : {}),
    invoices: row.invoices.map(shapeGuestInvoice),
    language: row.guest_language,
  };
}

/**
 * The stay's open Razorpay payment link, when Razorpay is set up; none otherwise. Open at `now`, the
 * server's clock that set its expiry.
 */
async function readGuestPaymentLink(
  db: Db,
  input: { config: Pick<Config, 'payments'>; token: string; now: Date },
) {
  if (!input.config.payments.razorpay) return null;
  const link = await withGuest(db, async (tx) => {
    await declareClock(tx, input.now);
    return findGuestPaymentLink(tx, input.token);
  });
  return link ?? null;
}

/** The facts every message about a guest's request is written from. */
function describeRequestFacts(row: GuestRequestRow) {
  return {
    ...describeBookingFacts({ ...row, id: row.booking_id }, row.property_name),
    holdUntil: row.hold_until,
    guestPhone: row.guest_phone,
    specialRequests: row.special_requests,
    quote: row.quote,
  };
}

/**
 * A guest's request by one of its links. The link in the first e-mail confirms the request when it is
 * opened (the page or the API): the request then holds its nights until the operator answers, and the
 * operator is told of it. Opening a link proves the guest reads that mailbox; nothing else is asked.
 */
async function openGuestRequest(
  db: Db,
  input: { token: string; config: MessageSettings; today: string; onMessagesWritten?: () => void },
): Promise<GuestRequestFound | undefined> {
  let confirmed = false;
  const row = await withGuest(db, async (tx) => {
    const found = await readGuestRequest(tx);
    return found && { ...found, invoices: await listGuestInvoiceRows(tx, input.token) };
  });
  if (confirmed) input.onMessagesWritten?.();
  return row;

  async function readGuestRequest(
    tx: Tx,
  ): Promise<(GuestRequestRow & { payment?: GuestPaymentDue }) | undefined> {
    if (await confirmGuestRequest(tx, input.token)) {
      confirmed = true;
      const found = await findGuestRequest(tx, input.token);
      if (found) await recordRequestConfirmed(tx, input.config, describeRequestFacts(found));
      return found;
    }
    const found = await findGuestRequest(tx, input.token);
    // Opened after its time ran out, before the lapse job came by: released now, and shown as it is.
    if (found?.status === 'pending' && !found.confirmed_at && found.confirm_by <= new Date()) {
      await releaseUnconfirmedRequests(tx, found.property_id);
      return findGuestRequest(tx, input.token);
    }
    // Once the operator confirmed, the page says what is due now: from the stay's ledger.
    if (found?.status === 'confirmed') {
      const payment = await findGuestPaymentDue(tx, {
        token: input.token,
        booking: { ...found, id: found.booking_id },
        today: input.today,
      });
      return { ...found, payment };
    }
    return found;
  }
}

/**
 * The guest's request page is rendered on the server with the request, as the API answers it. A token that
 * names no request gets the not-found page, like any unknown page, and the page is rate-limited like the
 * API behind it, so that tokens cannot be tried in bulk through either.
 */
export function createRequestPageLoader(options: {
  db: Db;
  config: MessageRouteConfig;
  onMessagesWritten?: () => void;
  now?: () => Date;
}): PageLoader {
  const now = options.now ?? (() => new Date());
  return {
    config: { rateLimit: createRateLimit(options.config.requests.pageLookupsPerMinute) },
    async load(request: FastifyRequest): Promise<GuestRequestPageData | undefined> {
      const token = (request.params as { token?: string }).token ?? '';
      if (token.length > 100) return undefined;
      const at = now();
      const row = await openGuestRequest(options.db, { ...options, token, today: villaToday(at) });
      const notice = (request.query as { withdraw?: string }).withdraw;
      return (
        row && {
          token,
          ...(WITHDRAW_NOTICES.includes(notice as WithdrawNotice)
            ? { withdraw_notice: notice as WithdrawNotice }
            : {}),
          // Rendered into the page as the API would send it: amounts in major units.
          request: z.encode(
            GuestRequestSchema,
            shapeGuestRequest(
              row,
              options.config,
              await readGuestPaymentLink(options.db, { config: options.config, token, now: at }),
            ),
          ),
          rendered_at: at.toISOString(),
        }
      );
    },
  };
}

/** The operator's Messages view, and the guest's own request page. */
export async function registerMessageRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    config: MessageRouteConfig;
    /** Called after a change wrote messages, so the worker sends them without waiting for its timer. */
    onMessagesWritten?: () => void;
    now?: () => Date;
  },
) {
  registerEndpoint(
    app,
    messageEndpoints.listMessages,
    {
      summary: "The e-mails about the operator's properties, newest first, with their delivery state",
      description: 'The number of all matching messages is in the X-Total-Count header.',
    },
    async (request, reply) => {
      const page = await withOperator(options.db, getOperator(request).id, (tx) =>
        listMessages(tx, request.query),
      );
      return reply.header(TOTAL_COUNT_HEADER, String(page.total)).send(page.messages);
    },
  );

  registerEndpoint(
    app,
    messageEndpoints.getMessage,
    {
      summary: 'One message as it was (or will be) sent: headers, plain text and HTML',
    },
    async (request) => {
      const message = await withOperator(options.db, getOperator(request).id, (tx) =>
        findMessage(tx, request.params.messageId),
      );
      if (!message) throw new DomainError('message_not_found', MESSAGE_NOT_FOUND);
      return message;
    },
  );

  registerEndpoint(
    app,
    messageEndpoints.resendMessage,
    {
      summary: 'Send a failed message again (a fresh set of attempts, the same Message-ID)',
    },
    async (request) => {
      const message = await withOperator(options.db, getOperator(request).id, async (tx) => {
        const found = await findMessage(tx, request.params.messageId);
        if (!found) throw new DomainError('message_not_found', MESSAGE_NOT_FOUND);
        if (!(await requeueFailedMessage(tx, found.id))) {
          throw new DomainError(
            'message_not_failed',
            `Only a failed message can be sent again; this one is ${found.status}`,
            { status: found.status },
          );
        }
        return (await findMessage(tx, found.id))!;
      });
      options.onMessagesWritten?.();
      const { message_id: _id, text_body: _text, html_body: _html, ...summary } = message;
      return summary;
    },
  );

  const rateLimit = createRateLimit(options.config.requests.pageLookupsPerMinute);

  registerEndpoint(
    app,
    messageEndpoints.getGuestRequest,
    {
      config: { rateLimit },
      summary: "A guest's own booking request, by the token of its page's link",
      description:
        "The link in the guest's first e-mail also confirms the request, if it is still pending and its time to confirm (confirm_by) has not run out: it then holds its nights until the operator answers.",
    },
    async (request, reply) => {
      const at = options.now?.() ?? new Date();
      const { token } = request.params;
      const row = await openGuestRequest(options.db, { ...options, token, today: villaToday(at) });
      if (!row) throw new DomainError('request_not_found', REQUEST_NOT_FOUND);
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return shapeGuestRequest(
        row,
        options.config,
        await readGuestPaymentLink(options.db, { config: options.config, token, now: at }),
      );
    },
  );

  /** Withdraws the pending request of a token (a repeat answers as it is); tells both sides. */
  const withdrawRequest = async (token: string, ip: string) => {
    // The audit log names the guest by their network, as it does for the request itself.
    const network = describeRequestNetwork(ip);
    const row = await withGuest(
      options.db,
      async (tx) => {
        const bookingId = await withdrawGuestRequest(tx, token);
        const found = await findGuestRequest(tx, token);
        if (!found) throw new DomainError('request_not_found', REQUEST_NOT_FOUND);
        if (!bookingId) {
          // Already withdrawn (a double click) answers with the request as it is; anything else is refused.
          if (found.closed_reason === 'withdrawn') return found;
          throw new DomainError(
            'request_not_withdrawable',
            `This request is ${found.status} and can no longer be withdrawn`,
            { status: found.status },
          );
        }
        await recordRequestWithdrawn(tx, options.config, {
          facts: describeRequestFacts(found),
          guestConfirmed: found.confirmed_at !== null,
        });
        return found;
      },
      network,
    );
    options.onMessagesWritten?.();
    return row;
  };

  registerEndpoint(
    app,
    messageEndpoints.withdrawGuestRequest,
    {
      config: { rateLimit },
      summary:
        'The guest withdraws their pending request: it is cancelled, its nights open again, both sides are told',
    },
    async (request, reply) => {
      const row = await withdrawRequest(request.params.token, request.ip);
      reply.header('cache-control', 'no-store');
      // Only a pending request is withdrawn, and only a confirmed stay is invoiced: it has no documents.
      return shapeGuestRequest({ ...row, invoices: [] }, options.config);
    },
  );

  // 'Withdraw request' as a plain HTML form, for a guest whose page has not run its script (yet): the first
  // post asks to confirm on the page, the second (confirm=yes) withdraws; each answers with a redirect back
  // to the page, which says what happened. Cross-site posts are refused as for any unsafe request (app.ts).
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.post(
      '/request/:token/withdraw',
      {
        schema: {
          hide: true,
          params: RequestTokenParamsSchema,
          // The language the guest chose with the page's switch, kept on the way back (anything else: none).
          querystring: z.object({ lang: z.string().max(8).optional() }),
          body: z.object({ confirm: z.literal('yes').optional() }).optional(),
        },
        config: { rateLimit },
      },
      async (request, reply) => {
        const { token } = request.params as { token: string };
        const page = `/request/${encodeURIComponent(token)}`;
        const confirmed = (request.body as { confirm?: 'yes' } | undefined)?.confirm === 'yes';
        let notice: WithdrawNotice = 'confirm';
        if (confirmed) {
          try {
            await withdrawRequest(token, request.ip);
            notice = 'done';
          } catch (error) {
            if (!isDomainError(error) || error.code !== 'request_not_withdrawable') throw error;
            notice = 'refused';
          }
        }
        const { lang } = request.query as { lang?: string };
        const chosen = isLanguage(lang) ? `&lang=${lang}` : '';
        return reply
          .header('cache-control', 'no-store')
          .redirect(`${page}?withdraw=${notice}${chosen}#withdrawal`, 303);
      },
    );
  });

  registerEndpoint(
    app,
    messageEndpoints.getGuestInvoicePdf,
    {
      config: { rateLimit },
      summary: "A document of the guest's own stay as a PDF, by the token of its page's link",
      description:
        "An invoice, bill of supply, receipt or credit note that getGuestRequest lists, as it was issued. Any other (another stay's, or one under a token that names no request) is not found, alike.",
    },
    async (request, reply) => {
      const invoices = await withGuest(options.db, (tx) => listGuestInvoiceRows(tx, request.params.token));
      const invoice = invoices.find((entry) => entry.id === request.params.invoiceId);
      if (!invoice) throw notFound(GUEST_INVOICE_NOT_FOUND);
      reply.header('x-robots-tag', 'noindex');
      return sendInvoicePdf(reply, invoice.document);
    },
  );
}
