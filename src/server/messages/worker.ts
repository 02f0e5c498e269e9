import type { FastifyBaseLogger } from 'fastify';
import { describeBookingFacts } from './booking-facts';
import { handlePendingEvents } from './subscriber';
import { formatInvoiceFileName } from '../../domain/invoice';
import { STAY_CANCELLED_NOTE } from '../../domain/message';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { runWithLease } from '../jobs/lease';
import { redactEmailAddresses } from '../logger';
import {
  claimDueMessages,
  findMessagesOfCancelledStays,
  fillRequestToken,
  findReplyToGuest,
  markMessageAttemptFailed,
  markMessageSent,
} from '../store/outbox';
import { lapseRequest, listLapsedRequests } from '../store/request-links';
import { recordRequestLapsed } from './record-messages';
import { attachUpiQr } from './upi-qr';
import type { MailAttachment, MailTransport } from './transport';
import { findInvoiceRow } from '../store/invoices';
import { renderInvoicePdf } from '../invoices/render-invoice-pdf';

export type DeliverySettings = Config['mail']['delivery'];

/** The wait before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min, … up to an hour. */
export function computeRetryDelay(
  attempts: number,
  settings: Pick<DeliverySettings, 'retryBaseMs' | 'maxRetryMs'>,
) {
  return Math.min(settings.maxRetryMs, settings.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: string; responseCode?: number }).code;
    const response = (error as { response?: string }).response;
    return [code, response ?? error.message].filter(Boolean).join(': ');
  }
  return String(error);
}

/**
 * An invoice e-mail's PDF, drawn when it is sent from the document as it was issued (which never changes),
 * so the outbox keeps no copy of it.
 */
async function attachInvoicePdf(db: Db, invoiceId: string | null): Promise<MailAttachment[]> {
  if (!invoiceId) return [];
  const invoice = await findInvoiceRow(db, invoiceId);
  if (!invoice) throw new Error(`Invoice ${invoiceId} not found`);
  return [
    {
      filename: formatInvoiceFileName(invoice.number),
      content: await renderInvoicePdf(invoice.document),
      contentType: 'application/pdf',
    },
  ];
}

export type MessageWorker = {
  /** Sends every due message once (the timer calls it; tests may too); the number delivered. */
  deliverDue(): Promise<number>;
  /** Cancels the requests whose hold ran out, and tells their guests; the number lapsed. */
  lapseExpiredRequests(): Promise<number>;
  /** Runs a pass soon (after a change wrote messages). */
  wake(): void;
  stop(): Promise<void>;
};

/**
 * The outbox's sender. Each pass claims due messages (a lease per message, so several processes on one
 * database never send one twice), sends them, and records the outcome; a failure is retried with
 * exponential backoff until maxAttempts, then the message is marked failed. A crash after sending and
 * before recording sends the message again when the claim runs out, with the same Message-ID.
 */
export function startMessageWorker(options: {
  db: Db;
  transport: MailTransport;
  holder: string;
  /** Links and texts of the messages it writes, and how it delivers (mail.pollMs 0: no timer). */
  config: Pick<Config, 'server' | 'messages' | 'mail' | 'payments'>;
  logger?: FastifyBaseLogger;
  lapseEveryMs?: number;
}): MessageWorker {
  const delivery = options.config.mail.delivery;
  const pollMs = options.config.mail.pollMs;
  const { db, transport, holder } = options;
  let stopped = false;
  let running: Promise<unknown> | undefined;

  const deliverDue = async (): Promise<number> => {
    let delivered = 0;
    while (!stopped) {
      const claimed = await claimDueMessages(db, {
        holder,
        leaseMs: delivery.claimMs,
        limit: delivery.batchSize,
      });
      if (claimed.length === 0) break;
      const ofCancelledStays = await findMessagesOfCancelledStays(db, claimed);
      for (const message of claimed) {
        if (ofCancelledStays.has(message.id)) {
          await markMessageAttemptFailed(db, {
            id: message.id,
            holder,
            error: STAY_CANCELLED_NOTE,
            retryInMs: 0,
            giveUp: true,
          });
          continue;
        }
        try {
          const text = fillRequestToken(message.text_body, message.link_token);
          const html = fillRequestToken(message.html_body, message.link_token);
          await transport.send({
            id: message.id,
            messageId: message.message_id,
            to: message.to_address,
            subject: message.subject,
            text,
            html,
            inlineImages: await attachUpiQr({ text, html }),
            attachments: await attachInvoicePdf(db, message.invoice_id),
            replyTo: await findReplyToGuest(db, message),
          });
          await markMessageSent(db, { id: message.id, holder });
          delivered += 1;
        } catch (error) {
          const giveUp = message.attempts >= delivery.maxAttempts;
          const reason = describeError(error);
          await markMessageAttemptFailed(db, {
            id: message.id,
            holder,
            error: reason,
            retryInMs: computeRetryDelay(message.attempts, delivery),
            giveUp,
          });
          options.logger?.warn(
            // The stored reason is the operator's to read; the log line leaves out the guest's address.
            { message: message.id, attempts: message.attempts, giveUp, error: redactEmailAddresses(reason) },
            giveUp ? 'message failed for good' : 'message not sent; will retry',
          );
        }
      }
      if (claimed.length < delivery.batchSize) break;
    }
    return delivered;
  };

  const lapseExpiredRequests = async (): Promise<number> => {
    const run = await runWithLease(
      db,
      { key: 'messages:lapse-requests', holder, ttlMs: 60_000 },
      async () => {
        let lapsed = 0;
        for (const row of await listLapsedRequests(db, 100)) {
          const reason = row.confirmed ? 'lapsed' : 'unconfirmed';
          const done = await db.transaction(async (tx) => {
            if (!(await lapseRequest(tx, { bookingId: row.booking.id, reason }))) return false;
            // A request its guest never confirmed lapses quietly: the address may not even be theirs.
            if (reason === 'unconfirmed') return true;
            await recordRequestLapsed(tx, options.config, {
              facts: { ...describeBookingFacts(row.booking, row.property_name), holdUntil: row.hold_until },
            });
            return true;
          });
          if (done) {
            lapsed += 1;
            options.logger?.info(
              { booking: row.booking.id },
              reason === 'lapsed' ? 'request lapsed unanswered' : 'request lapsed unconfirmed',
            );
          }
        }
        return lapsed;
      },
    );
    return run.acquired ? run.value : 0;
  };

  let lastLapse = 0;
  const pass = async () => {
    try {
      if (Date.now() - lastLapse >= (options.lapseEveryMs ?? 60_000)) {
        lastLapse = Date.now();
        await lapseExpiredRequests();
      }
      // Events not handled yet: a pass after an answer that a crash or a failure cut short.
      await handlePendingEvents(db, options.config, { logger: options.logger });
      await deliverDue();
    } catch (error) {
      options.logger?.error({ err: error }, 'message worker pass failed');
    }
  };
  const tick = () => {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  };

  const timer = pollMs ? setInterval(() => void tick(), pollMs) : undefined;
  timer?.unref();
  if (pollMs) setTimeout(() => void tick(), 0).unref();

  return {
    deliverDue,
    lapseExpiredRequests,
    wake: () => {
      if (!stopped && pollMs) setTimeout(() => void tick(), 0).unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
