import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RazorpayConfig } from '../env';
import { HttpError } from '../http-error';

/**
 * The few calls of Razorpay's API the product makes (Payment Links, refunds), over plain fetch with Basic
 * auth. Every failure becomes an HttpError the operator can act on: 502 when Razorpay cannot be reached
 * or answers in a way we cannot use, 409 when Razorpay refuses what was asked (its own words quoted).
 */

export type RazorpayLink = { id: string; short_url: string; expire_by: number };
export type RazorpayRefund = { id: string; amount: number };

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

async function callRazorpay(
  config: RazorpayConfig,
  request: { method: 'GET' | 'POST'; path: string; body?: unknown; action: string },
): Promise<unknown> {
  const auth = Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64');
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}${request.path}`, {
      method: request.method,
      headers: {
        authorization: `Basic ${auth}`,
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new HttpError(
      502,
      timedOut
        ? `Razorpay did not answer in time, so the ${request.action} was not made. Please try again.`
        : `Razorpay could not be reached, so the ${request.action} was not made. Please try again.`,
    );
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status === 401) {
    throw new HttpError(
      502,
      `Razorpay refused the API keys, so the ${request.action} was not made: check RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET`,
    );
  }
  if (response.status >= 400 && response.status < 500) {
    const reason = describeRazorpayRefusal(body);
    throw new HttpError(
      409,
      `Razorpay refused the ${request.action}${reason ? `: ${reason}` : ` (HTTP ${response.status})`}`,
    );
  }
  if (!response.ok || body === undefined) {
    throw new HttpError(
      502,
      `Razorpay answered with an error (HTTP ${response.status}), so the ${request.action} was not made. Please try again.`,
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

/** Refunds `amount` (minor units) of a captured payment; Razorpay's refund id is in the answer. */
export async function refundRazorpayPayment(
  config: RazorpayConfig,
  input: { paymentId: string; amount: number; notes: Record<string, string> },
): Promise<RazorpayRefund> {
  const action = 'refund';
  const body = await callRazorpay(config, {
    method: 'POST',
    path: `/v1/payments/${encodeURIComponent(input.paymentId)}/refund`,
    action,
    body: { amount: input.amount, notes: input.notes },
  });
  const id = readString(body, 'id');
  const amount = readInteger(body, 'amount');
  if (!id || amount === undefined) throw unusableAnswer(action);
  return { id, amount };
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
