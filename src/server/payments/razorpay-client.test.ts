import { createHmac } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RazorpayConfig } from '../env';
import { HttpError } from '../http/http-error';
import { createRazorpayLink, isRazorpaySignatureValid, refundRazorpayPayment } from './razorpay';

/** What the stand-in answers next: a status and body, or no answer at all (held until the test ends). */
let next: { status: number; body: string } | 'hang' = { status: 200, body: '{}' };
const held: ServerResponse[] = [];
let server: Server;
let config: RazorpayConfig;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    if (next === 'hang') {
      held.push(response);
      return;
    }
    response.writeHead(next.status, { 'content-type': 'application/json' });
    response.end(next.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  config = {
    keyId: 'rzp_test_AbCdEf123456',
    keySecret: 'the key secret',
    webhookSecret: 'the webhook secret',
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    // Long enough for an answer on a busy machine; the calls that must time out use `hurried`.
    timeoutMs: 5000,
  };
});
/** The configuration with a short wait, for a call that Razorpay never answers. */
const hurried = () => ({ ...config, timeoutMs: 200 });

afterAll(async () => {
  for (const response of held) response.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const LINK = {
  amount: 300_000,
  currency: 'INR',
  description: 'Shanti Villa, booking SV-1A2B3C4D',
  reference_id: '0b3f2c1e-0000-4000-8000-000000000000',
  expire_by: 1_800_000_000,
  notes: { booking_id: '1a2b3c4d-0000-4000-8000-000000000000' },
};

const REFUND_ID = '5d0c7a2e-0000-4000-8000-000000000000';
const REFUND = { refundId: REFUND_ID, paymentId: 'pay_1', amount: 100, notes: {} };

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe("Razorpay's API, as the operator hears of its failures", () => {
  it('reads a created link and a refund', async () => {
    next = {
      status: 200,
      body: JSON.stringify({ id: 'plink_1', short_url: 'https://rzp.io/i/x', expire_by: 5 }),
    };
    await expect(createRazorpayLink(config, LINK)).resolves.toEqual({
      id: 'plink_1',
      short_url: 'https://rzp.io/i/x',
      expire_by: 5,
    });
    next = {
      status: 200,
      body: JSON.stringify({ id: 'rfnd_1', amount: 100, status: 'pending', notes: { refund_id: REFUND_ID } }),
    };
    await expect(refundRazorpayPayment(config, REFUND)).resolves.toEqual({
      kind: 'made',
      refund: { id: 'rfnd_1', amount: 100, status: 'made', refundId: REFUND_ID },
    });
  });

  it('says a refund is refused only when Razorpay certainly did nothing, and not known otherwise', async () => {
    next = { status: 400, body: JSON.stringify({ error: { description: 'The amount is invalid' } }) };
    expect(await refundRazorpayPayment(config, REFUND)).toEqual({
      kind: 'refused',
      reason: 'Razorpay refused the refund: The amount is invalid',
    });
    next = { status: 401, body: JSON.stringify({ error: { description: 'Authentication failed' } }) };
    expect((await refundRazorpayPayment(config, REFUND)).kind).toBe('refused');
    // A request with the same key still being processed at Razorpay.
    next = { status: 409, body: JSON.stringify({ error: { description: 'Request in progress' } }) };
    expect((await refundRazorpayPayment(config, REFUND)).kind).toBe('unknown');
    next = { status: 503, body: '<html>down</html>' };
    expect((await refundRazorpayPayment(config, REFUND)).kind).toBe('unknown');
    next = { status: 200, body: JSON.stringify({ amount: 100 }) };
    expect((await refundRazorpayPayment(config, REFUND)).kind).toBe('unknown');
    next = 'hang';
    expect(await refundRazorpayPayment(hurried(), REFUND)).toEqual({
      kind: 'unknown',
      reason: 'Razorpay did not answer in time',
    });
  });

  it("quotes Razorpay's refusal as a 409, and never names the secret", async () => {
    next = {
      status: 400,
      body: JSON.stringify({
        error: { code: 'BAD_REQUEST_ERROR', description: 'The link amount is invalid' },
      }),
    };
    const error = await refusal(createRazorpayLink(config, LINK));
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe('Razorpay refused the payment link: The link amount is invalid');
    expect(error.message).not.toContain(config.keySecret);
  });

  it('answers 502 for refused keys, a server error, an answer it cannot read, and no answer in time', async () => {
    next = { status: 401, body: JSON.stringify({ error: { description: 'Authentication failed' } }) };
    expect(await refusal(createRazorpayLink(config, LINK))).toMatchObject({
      statusCode: 502,
      message: expect.stringMatching(/RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET/),
    });
    next = { status: 503, body: '<html>down</html>' };
    expect((await refusal(createRazorpayLink(config, LINK))).statusCode).toBe(502);
    next = { status: 200, body: JSON.stringify({ id: 'plink_1', short_url: 'javascript:alert(1)' }) };
    expect((await refusal(createRazorpayLink(config, LINK))).statusCode).toBe(502);
    next = 'hang';
    expect(await refusal(createRazorpayLink(hurried(), LINK))).toMatchObject({
      statusCode: 502,
      message: expect.stringMatching(/did not answer in time/),
    });
  });

  it('answers 502 when Razorpay cannot be reached', async () => {
    const unreachable = { ...config, apiUrl: 'http://127.0.0.1:1' };
    expect((await refusal(createRazorpayLink(unreachable, LINK))).statusCode).toBe(502);
  });
});

describe("a webhook's signature", () => {
  const body = Buffer.from('{"event":"payment.captured"}');
  const signature = createHmac('sha256', 'secret').update(body).digest('hex');

  it('is the hex HMAC-SHA256 of the raw body with the webhook secret', () => {
    expect(isRazorpaySignatureValid(body, signature, 'secret')).toBe(true);
    expect(isRazorpaySignatureValid(body, signature.toUpperCase(), 'secret')).toBe(true);
    expect(isRazorpaySignatureValid(body, signature, 'another secret')).toBe(false);
    expect(isRazorpaySignatureValid(Buffer.from('{"event":"payment.captured" }'), signature, 'secret')).toBe(
      false,
    );
  });

  it('refuses anything that is not 64 hex digits, without comparing', () => {
    for (const value of [
      undefined,
      '',
      'zz',
      signature.slice(2),
      `${signature}00`,
      `${signature.slice(1)}g`,
    ]) {
      expect(isRazorpaySignatureValid(body, value, 'secret')).toBe(false);
    }
  });
});
