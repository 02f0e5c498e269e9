import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, LOG_LINE_MAX_BYTES, redactRequestPath, stripQueryParameters } from './logger';

function captureLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger({ level: 'info', stream }), lines };
}

const GUEST = 'Asha Verma, +91 98220 47391';

describe('log lines', () => {
  it('never passes the cap, whatever a call puts in them, and stay JSON', () => {
    const { logger, lines } = captureLogger();
    const huge = `${GUEST} `.repeat(200_000);
    logger.warn({ body: huge }, 'a value of megabytes');
    logger.warn(
      { nested: { deeper: { items: Array.from({ length: 500 }, () => huge.slice(0, 3_000)) } } },
      'many',
    );
    logger.error({ err: new Error(huge) }, 'an error of megabytes');
    logger.error(
      { err: Object.assign(new Error('short'), { detail_text: huge }) },
      'an error with a long field',
    );
    logger.warn({ buffer: Buffer.from(huge) }, 'a buffer');
    logger.info(huge);
    expect(lines).toHaveLength(6);
    for (const line of lines) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(LOG_LINE_MAX_BYTES);
      expect(() => JSON.parse(line)).not.toThrow();
    }
    expect(JSON.parse(lines[0]!)).toMatchObject({
      msg: 'a value of megabytes',
      body: expect.stringMatching(/more characters\]$/),
    });
    // A line still over the cap once its texts are cut is written with its level, time and message only.
    expect(JSON.parse(lines[5]!)).toMatchObject({
      level: 30,
      truncated: true,
      msg: expect.stringMatching(/^Asha/),
    });
  });

  it('redacts a request or export token wherever it stands in a path, and keeps the rest of the path', () => {
    expect(redactRequestPath('/hi/request/T0KEN?lang=hi')).toBe('/hi/request/[redacted]');
    expect(redactRequestPath('/mr/request/T0KEN/withdraw')).toBe('/mr/request/[redacted]/withdraw');
    expect(redactRequestPath('/api/requests/T0KEN/invoices/42/pdf')).toBe(
      '/api/requests/[redacted]/invoices/42/pdf',
    );
    expect(redactRequestPath('/ical/T0KEN.ics#x')).toBe('/ical/[redacted]');
    expect(redactRequestPath('/hi/%52equest//T0KEN')).toBe('/hi/%52equest//[redacted]');
    expect(redactRequestPath('/hi/request')).toBe('/hi/request');
    expect(redactRequestPath('/hi/partnership')).toBe('/hi/partnership');
  });

  it('drops every parameter of a failed query, though they hold line breaks', () => {
    const message = `Failed query: update "channel_connections" set "feed_body" = $1\nparams: BEGIN:VCALENDAR\r\nSUMMARY:${GUEST}\r\nEND:VCALENDAR,2026-11-22`;
    expect(stripQueryParameters(message)).toBe(
      'Failed query: update "channel_connections" set "feed_body" = $1\nparams: [redacted]',
    );
    const stack = `Error: ${message}\n    at query (db.js:1:1)\n    at sync (sync.ts:2:2)`;
    expect(stripQueryParameters(stack)).toBe(
      'Error: Failed query: update "channel_connections" set "feed_body" = $1\nparams: [redacted]\n    at query (db.js:1:1)\n    at sync (sync.ts:2:2)',
    );

    const { logger, lines } = captureLogger();
    const error = Object.assign(new Error(message), { params: [`SUMMARY:${GUEST}`] });
    logger.error({ err: error }, 'channel sync crashed');
    expect(lines.join('\n')).not.toMatch(/Asha|98220/);
  });

  it("never writes Razorpay's key or webhook secret, nor a webhook's signature", () => {
    const { logger, lines } = captureLogger();
    const razorpay = {
      keyId: 'rzp_test_AbCdEf123456',
      keySecret: 'the-key-secret',
      webhookSecret: 'the-webhook-secret',
    };
    logger.info({ razorpay }, 'razorpay settings');
    logger.info({ req: { headers: { 'x-razorpay-signature': 'ab12' } } }, 'a delivery');
    const text = lines.join('\n');
    expect(text).not.toMatch(/the-key-secret|the-webhook-secret|ab12/);
    expect(JSON.parse(lines[0]!)).toMatchObject({ razorpay: { keyId: 'rzp_test_AbCdEf123456' } });
  });
});
