import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RazorpayConfig } from '../../env';

export const STAND_IN_KEYS = {
  keyId: 'rzp_test_StandIn1234',
  keySecret: 'stand-in key secret',
  webhookSecret: 'stand-in webhook secret',
};

/**
 * How the stand-in treats the next refunds asked of it:
 * - 'answer': makes the refund and answers at once;
 * - 'answer-late': makes the refund and does not answer until the caller has given up (its timeout), as
 *   Razorpay does when it is slow;
 * - 'fail-after-making': makes the refund, then answers 500;
 * - 'fail-before-making': answers 500 having done nothing;
 * - 'busy': answers 409, a request with the same key still being processed;
 * - 'hold': makes nothing and answers nothing until `release()` (the caller's timeout set long).
 */
export type RefundMode =
  'answer' | 'answer-late' | 'fail-after-making' | 'fail-before-making' | 'busy' | 'hold';

export type StandInRefund = {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, unknown>;
  status: 'processed' | 'pending' | 'failed';
  created_at: number;
};

export type StandInCall = {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
};

/**
 * A stand-in for the parts of Razorpay's API the product calls, behaving as Razorpay does: Basic auth, the
 * captured payments it knows and what each has left, refunds made once per X-Refund-Idempotency key (the
 * same key and body answer the same refund, another body with it is refused), a payment's refunds listed,
 * and the ways a real gateway fails (slow, 5xx after or before making the refund, busy).
 */
export async function startRazorpayStandIn() {
  const calls: StandInCall[] = [];
  const payments = new Map<string, { amount: number; currency: string }>();
  const refunds: StandInRefund[] = [];
  const byKey = new Map<string, { body: string; refund: StandInRefund }>();
  const held: { response: ServerResponse; finish: () => void }[] = [];
  const state: { refundMode: RefundMode; counter: number } = { refundMode: 'answer', counter: 0 };

  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return { text, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
  const answer = (response: ServerResponse, status: number, body: unknown) => {
    if (response.destroyed || response.writableEnded) return;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const refusal = (description: string) => ({
    error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA' },
  });
  // Razorpay counts in paise, whole numbers: plain sums are exact here.
  const sumPaise = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
  const refundedOf = (paymentId: string) =>
    sumPaise(
      refunds
        .filter((refund) => refund.payment_id === paymentId && refund.status !== 'failed')
        .map((refund) => refund.amount),
    );

  /** Makes the refund asked (once per key), or says why Razorpay would refuse it. */
  const makeRefund = (
    paymentId: string,
    body: { text: string; json: Record<string, unknown> },
    key: string | undefined,
  ): { status: number; body: unknown } => {
    if (key) {
      const earlier = byKey.get(key);
      if (earlier) {
        return earlier.body === body.text
          ? { status: 200, body: earlier.refund }
          : {
              status: 400,
              body: refusal('Different request with the same idempotency key has already been processed.'),
            };
      }
    }
    const payment = payments.get(paymentId);
    if (!payment) return { status: 400, body: refusal('The id provided does not exist') };
    const { amount: captured } = payment;
    const asked = body.json.amount;
    const paise = typeof asked === 'number' ? asked : captured - refundedOf(paymentId);
    if (sumPaise([paise, refundedOf(paymentId)]) > captured) {
      return { status: 400, body: refusal('The refund amount provided is greater than amount captured') };
    }
    state.counter += 1;
    const refund: StandInRefund = {
      id: `rfnd_StandIn${String(state.counter).padStart(6, '0')}`,
      entity: 'refund',
      amount: paise,
      currency: payment.currency,
      payment_id: paymentId,
      notes: (body.json.notes as Record<string, unknown> | undefined) ?? {},
      status: 'processed',
      created_at: 1_795_000_000 + state.counter,
    };
    refunds.push(refund);
    if (key) byKey.set(key, { body: body.text, refund });
    return { status: 200, body: refund };
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const expected = `Basic ${Buffer.from(`${STAND_IN_KEYS.keyId}:${STAND_IN_KEYS.keySecret}`).toString('base64')}`;
      if (request.headers.authorization !== expected) {
        return answer(response, 401, refusal('Authentication failed'));
      }
      const body = await readBody(request);
      const path = request.url ?? '';
      const header = request.headers['x-refund-idempotency'];
      const idempotencyKey = typeof header === 'string' ? header : undefined;
      calls.push({ method: request.method ?? '', path, body: body.json, idempotencyKey });
      if (request.method === 'POST' && path === '/v1/payment_links') {
        state.counter += 1;
        return answer(response, 200, {
          id: `plink_StandIn${state.counter}`,
          short_url: `https://rzp.io/i/standin${state.counter}`,
          amount: body.json.amount,
          currency: body.json.currency,
          reference_id: body.json.reference_id,
          expire_by: body.json.expire_by,
          status: 'created',
        });
      }
      const refundPath = /^\/v1\/payments\/(pay_\w+)\/refund$/.exec(path);
      if (request.method === 'POST' && refundPath) {
        const paymentId = refundPath[1]!;
        switch (state.refundMode) {
          case 'busy':
            return answer(response, 409, refusal('Request is already being processed'));
          case 'fail-before-making':
            return answer(response, 500, { error: { code: 'SERVER_ERROR', description: 'Internal error' } });
          case 'fail-after-making':
            makeRefund(paymentId, body, idempotencyKey);
            return answer(response, 500, { error: { code: 'SERVER_ERROR', description: 'Internal error' } });
          case 'answer-late': {
            const made = makeRefund(paymentId, body, idempotencyKey);
            // Answered only once the caller has stopped waiting: the refund is made, and the caller never hears.
            response.on('close', () => answer(response, made.status, made.body));
            return;
          }
          case 'hold':
            held.push({
              response,
              finish: () => {
                const made = makeRefund(paymentId, body, idempotencyKey);
                answer(response, made.status, made.body);
              },
            });
            return;
          default: {
            const made = makeRefund(paymentId, body, idempotencyKey);
            return answer(response, made.status, made.body);
          }
        }
      }
      const listPath = /^\/v1\/payments\/(pay_\w+)\/refunds(?:\?.*)?$/.exec(path);
      if (request.method === 'GET' && listPath) {
        if (!payments.has(listPath[1]!))
          return answer(response, 400, refusal('The id provided does not exist'));
        const items = refunds.filter((refund) => refund.payment_id === listPath[1]).reverse();
        return answer(response, 200, { entity: 'collection', count: items.length, items });
      }
      return answer(response, 400, refusal('The requested URL was not found'));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    calls,
    refunds,
    state,
    /** The configuration of a server that calls this stand-in, answering within `timeoutMs`. */
    config: (timeoutMs = 5_000): RazorpayConfig => ({ ...STAND_IN_KEYS, apiUrl: url, timeoutMs }),
    /** A captured payment Razorpay knows of (minor units). */
    capture(paymentId: string, amount: number, currency = 'INR') {
      payments.set(paymentId, { amount, currency });
    },
    /** How many refund requests are being held ('hold'). */
    holding: () => held.length,
    /** Makes and answers every held refund request. */
    release() {
      for (const item of held.splice(0)) item.finish();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const item of held.splice(0)) item.response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type RazorpayStandIn = Awaited<ReturnType<typeof startRazorpayStandIn>>;

/** A webhook's body and its signature, by Razorpay's algorithm: hex HMAC-SHA256 of the raw body. */
export function signRazorpayEvent(event: object, secret = STAND_IN_KEYS.webhookSecret) {
  const body = JSON.stringify(event);
  return { body, signature: createHmac('sha256', secret).update(body).digest('hex') };
}

/** Razorpay's `payment.captured` event of a payment for a booking (named in its notes). */
export function paymentCapturedEvent(input: { paymentId: string; amount: number; bookingId: string }) {
  return {
    entity: 'event',
    account_id: 'acc_StandIn',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: input.paymentId,
          entity: 'payment',
          amount: input.amount,
          currency: 'INR',
          status: 'captured',
          method: 'upi',
          notes: { booking_id: input.bookingId },
        },
      },
    },
    created_at: 1_795_000_000,
  };
}

/** Razorpay's event of a refund: `refund.created`, `refund.processed` or `refund.failed`. */
export function refundEvent(
  event: 'refund.created' | 'refund.processed' | 'refund.failed',
  refund: StandInRefund,
) {
  return {
    entity: 'event',
    account_id: 'acc_StandIn',
    event,
    contains: ['refund', 'payment'],
    payload: {
      refund: { entity: { ...refund, status: event === 'refund.failed' ? 'failed' : refund.status } },
      payment: {
        entity: {
          id: refund.payment_id,
          entity: 'payment',
          amount: refund.amount,
          currency: refund.currency,
        },
      },
    },
    created_at: 1_795_000_100,
  };
}
