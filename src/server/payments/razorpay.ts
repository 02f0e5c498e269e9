import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RazorpayConfig } from '../env';
import { assertNoTransactionOpen } from '../db/outside-calls';
import { HttpError } from '../http/http-error';

/**
 * The few calls of Razorpay's API the product makes (Payment Links, refunds), over plain fetch with Basic
 * auth. Every failure becomes an HttpError the operator can act on: 502 when Razorpay cannot be reached
 * or answers in a way we cannot use, 409 when Razorpay refuses what was asked (its own words quoted).
 */

export type RazorpayLink = { id: string; short_url: string; expire_by: number };

export type NewRazorpayLink = {
  /** Minor units (paise). */
  amount: number;
  currency: string;
  description: string;
  /** Unique per link at Razorpay; ours is the link's row id. */
  reference_id: string;
  /** Unix seconds. */
  expire_by: number;
  customer?: { name: string; email: string };
  callback_url?: string;
  notes: Record<string, string>;
};

const RAZORPAY_REFUSAL_MAX_CHARS = 300;

function describeRazorpayRefusal(body: unknown): string | undefined {
  const error = (body as { error?: { description?: unknown } } | null)?.error;
  return typeof error?.description === 'string'
    ? error.description.slice(0, RAZORPAY_REFUSAL_MAX_CHARS)
    : undefined;
}

/**
 * A call of Razorpay's API that did not give a usable answer: an HttpError for the operator (502 when
 * Razorpay cannot be reached or fails, 409 when it refuses), which also says whether Razorpay certainly did
 * nothing (`certain`: it refused the request) and its HTTP status, if it answered.
 */
export class RazorpayCallError extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    readonly razorpay: { status: number | undefined; certain: boolean; reason: string },
  ) {
    super(statusCode, message);
  }
}

async function callRazorpay(
  config: RazorpayConfig,
  request: {
    method: 'GET' | 'POST';
    path: string;
    body?: unknown;
    action: string;
    headers?: Record<string, string>;
  },
): Promise<unknown> {
  assertNoTransactionOpen('Razorpay');
  const auth = Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64');
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}${request.path}`, {
      method: request.method,
      headers: {
        authorization: `Basic ${auth}`,
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    const reason = timedOut ? 'Razorpay did not answer in time' : 'Razorpay could not be reached';
    throw new RazorpayCallError(502, `${reason}, so the ${request.action} was not made. Please try again.`, {
      status: undefined,
      certain: false,
      reason,
    });
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status === 401) {
    throw new RazorpayCallError(
      502,
      `Razorpay refused the API keys, so the ${request.action} was not made: check RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET`,
      { status: 401, certain: true, reason: 'Razorpay refused the API keys' },
    );
  }
  if (response.status >= 400 && response.status < 500) {
    const reason = describeRazorpayRefusal(body);
    const words = `Razorpay refused the ${request.action}${reason ? `: ${reason}` : ` (HTTP ${response.status})`}`;
    throw new RazorpayCallError(409, words, { status: response.status, certain: true, reason: words });
  }
  if (!response.ok || body === undefined) {
    throw new RazorpayCallError(
      502,
      `Razorpay answered with an error (HTTP ${response.status}), so the ${request.action} was not made. Please try again.`,
      { status: response.status, certain: false, reason: `Razorpay answered HTTP ${response.status}` },
    );
  }
  return body;
}

function readString(body: unknown, name: string): string | undefined {
  const value = (body as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function readInteger(body: unknown, name: string): number | undefined {
  const value = (body as Record<string, unknown> | null)?.[name];
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
}

function unusableAnswer(action: string): HttpError {
  return new HttpError(502, `Razorpay's answer to the ${action} could not be read. Please try again.`);
}

/** Creates a Standard Payment Link (UPI, cards, netbanking on Razorpay's page). */
export async function createRazorpayLink(
  config: RazorpayConfig,
  link: NewRazorpayLink,
): Promise<RazorpayLink> {
  const action = 'payment link';
  const body = await callRazorpay(config, {
    method: 'POST',
    path: '/v1/payment_links',
    action,
    body: {
      ...link,
      accept_partial: false,
      // The guest pays on Razorpay's page, from our e-mail or request page: Razorpay sends nothing itself.
      notify: { sms: false, email: false },
      reminder_enable: false,
      callback_method: 'get',
    },
  });
  const id = readString(body, 'id');
  const shortUrl = readString(body, 'short_url');
  if (!id || !shortUrl || !/^https?:\/\//.test(shortUrl)) throw unusableAnswer(action);
  return { id, short_url: shortUrl, expire_by: readInteger(body, 'expire_by') ?? link.expire_by };
}

/** Razorpay's word on one refund: made (its status 'processed' or 'pending' there), or failed. */
export type RazorpayRefundState = {
  id: string;
  amount: number;
  status: 'made' | 'failed';
  /** Our refund's id, from the notes we sent with it, when it was made by us. */
  refundId: string | undefined;
};

/**
 * What became of a refund asked of Razorpay. 'unknown' when Razorpay's answer did not say (a timeout, a 5xx,
 * a refund of the same key still being processed there, an answer that cannot be read): Razorpay may have
 * made it, so it stays pending until Razorpay is asked again with the same idempotency key, or reports it.
 */
export type RazorpayRefundOutcome =
  | { kind: 'made'; refund: RazorpayRefundState }
  | { kind: 'refused'; reason: string }
  | { kind: 'unknown'; reason: string };

/** Razorpay's refund object as we read it, or undefined when it is not one. */
function readRefund(body: unknown): RazorpayRefundState | undefined {
  const id = readString(body, 'id');
  const amount = readInteger(body, 'amount');
  const status = readString(body, 'status');
  if (!id || amount === undefined || !status) return undefined;
  const notes = (body as { notes?: unknown }).notes;
  const refundId =
    notes && typeof notes === 'object' && !Array.isArray(notes)
      ? readString(notes, REFUND_ID_NOTE)
      : undefined;
  return { id, amount, status: status === 'failed' ? 'failed' : 'made', refundId };
}

/** The note that carries our refund's id to Razorpay and back (its list of a payment's refunds, webhooks). */
export const REFUND_ID_NOTE = 'refund_id';

/**
 * Asks Razorpay to refund `amount` (minor units) of a captured payment, idempotently: `refundId` is sent as
 * X-Refund-Idempotency (and in the notes), so asking again with the same id and body refunds once. Never
 * throws for what Razorpay answers: the outcome says whether the refund was made, refused, or is not known.
 */
export async function refundRazorpayPayment(
  config: RazorpayConfig,
  input: { refundId: string; paymentId: string; amount: number; notes: Record<string, string> },
): Promise<RazorpayRefundOutcome> {
  try {
    const body = await callRazorpay(config, {
      method: 'POST',
      path: `/v1/payments/${encodeURIComponent(input.paymentId)}/refund`,
      action: 'refund',
      headers: { 'x-refund-idempotency': input.refundId },
      body: { amount: input.amount, notes: { ...input.notes, [REFUND_ID_NOTE]: input.refundId } },
    });
    const refund = readRefund(body);
    if (!refund) return { kind: 'unknown', reason: "Razorpay's answer could not be read" };
    if (refund.status === 'failed') return { kind: 'refused', reason: 'Razorpay failed the refund' };
    return { kind: 'made', refund };
  } catch (error) {
    return classifyRefundError(error);
  }
}

/**
 * A refused request is certain (a 4xx: Razorpay did nothing, or its keys were refused); anything else may
 * have reached Razorpay. A 409 is Razorpay saying a request with the same key is still being processed.
 */
function classifyRefundError(error: unknown): RazorpayRefundOutcome {
  if (!(error instanceof RazorpayCallError)) throw error;
  const { certain, status, reason } = error.razorpay;
  if (certain && status !== 409) return { kind: 'refused', reason };
  return { kind: 'unknown', reason };
}

/** Razorpay's refunds of a payment (at most 100, newest first), as it reports them. */
export async function listRazorpayRefunds(
  config: RazorpayConfig,
  paymentId: string,
): Promise<RazorpayRefundState[]> {
  const body = await callRazorpay(config, {
    method: 'GET',
    path: `/v1/payments/${encodeURIComponent(paymentId)}/refunds?count=100`,
    action: 'look-up of refunds',
  });
  const items = (body as { items?: unknown }).items;
  if (!Array.isArray(items)) throw unusableAnswer('look-up of refunds');
  return items.map(readRefund).filter((item): item is RazorpayRefundState => item !== undefined);
}

/** The hex HMAC-SHA256 of a webhook's raw body with the webhook secret, as Razorpay signs it. */
export function signRazorpayWebhook(body: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** Whether `signature` (the X-Razorpay-Signature header) is the body's, compared in constant time. */
export function isRazorpaySignatureValid(
  body: Buffer,
  signature: string | undefined,
  secret: string,
): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signRazorpayWebhook(body, secret), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
