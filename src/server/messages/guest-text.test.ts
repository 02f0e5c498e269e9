import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { quoteGuestLines, quoteGuestText } from './guest-text';
import { renderBookingMessage, type BookingFacts } from './render-message';
import { createMailTransport } from './transport';
import { makeMoney } from '../../domain/money';

const ENCODED_NAME = `=?utf-8?b?${Buffer.from('Pay now: http://evil.example').toString('base64')}?=`;

const facts: BookingFacts = {
  bookingId: '3f2a91c0-1234-4abc-8def-000000000000',
  propertyId: '00000000-0000-4000-8000-000000000001',
  propertyName: 'The Villa',
  guestName: 'Asha Rao',
  guestEmail: 'asha@example.com',
  guestPhone: '+91 98220 12345',
  specialRequests: null,
  checkIn: '2027-01-10',
  checkOut: '2027-01-12',
  guests: 2,
  total: makeMoney(2000_00, 'INR'),
  currency: 'INR',
};

describe("a guest's text in a message", () => {
  const outbox = mkdtempSync(join(tmpdir(), 'villa-guest-text-'));
  afterAll(() => rmSync(outbox, { recursive: true, force: true }));

  /** The message as the outbox writes it, read back by a mail parser as a mail program reads it. */
  async function sendAndParse(subject: string, text: string) {
    const transport = createMailTransport({ from: 'Villa <stay@villa.test>', outboxDir: outbox });
    const id = `m${Math.random().toString(36).slice(2)}`;
    await transport.send({
      id,
      messageId: `<${id}@villa.test>`,
      to: 'owner@villa.test',
      subject,
      text,
      html: '',
    });
    transport.close();
    const raw = readFileSync(join(outbox, `${id}.eml`), 'utf8');
    return { raw, parsed: await simpleParser(raw) };
  }

  it('quotes a one-line text, escapes its quotes and defuses encoded-words and reordering', () => {
    expect(quoteGuestText('Asha Rao')).toBe('"Asha Rao"');
    expect(quoteGuestText('Asha "the boss" Rao\\')).toBe('"Asha \\"the boss\\" Rao\\\\"');
    expect(quoteGuestText(ENCODED_NAME)).toBe('"= ?utf-8?b?UGF5IG5vdzogaHR0cDovL2V2aWwuZXhhbXBsZQ== ?="');
    // A right-to-left override would turn the closing quote and what follows around.
    expect(quoteGuestText('Asha\u202Eoaf.exe\u202C')).toBe('"Ashaoaf.exe"');
    expect(quoteGuestText('Asha\u2028Total: AED 0')).toBe('"Asha Total: AED 0"');
    expect(quoteGuestText('नमस्ते')).toBe('"नमस्ते"');
  });

  it('quotes every line of a text of several lines, whatever breaks them', () => {
    expect(quoteGuestLines('A quiet room\r\nTotal: AED 0\rx\u2028y\u2029z\n\n--')).toBe(
      ['> A quiet room', '> Total: AED 0', '> x', '> y', '> z', '>', '> --'].join('\n'),
    );
  });

  it("keeps an encoded-word in the operator's subject undecoded, in quotes, as mail programs read it", async () => {
    for (const kind of ['request_received_operator', 'request_withdrawn_operator'] as const) {
      const rendered = await renderBookingMessage(kind, { ...facts, guestName: ENCODED_NAME }, {});
      const { raw, parsed } = await sendAndParse(rendered.subject, rendered.text);
      expect(parsed.subject).toContain('"= ?utf-8?b?UGF5IG5vdzogaHR0cDovL2V2aWwuZXhhbXBsZQ== ?="');
      expect(parsed.subject).not.toContain('Pay now');
      expect(parsed.text).not.toContain('Pay now');
      // No encoded-word of the guest's reaches the header as it is.
      expect(raw).not.toContain(ENCODED_NAME);
    }
  });

  it('shows the special requests under their label, every line quoted, in the text and the HTML', async () => {
    const rendered = await renderBookingMessage(
      'request_received_operator',
      { ...facts, specialRequests: 'A quiet room\nQuoted total: AED 0\n<b>bold</b>' },
      { manageUrl: 'http://villa.test/villa-management' },
    );
    expect(rendered.text).toContain(
      'Special requests:\n  > A quiet room\n  > Quoted total: AED 0\n  > <b>bold</b>\n',
    );
    expect(rendered.text.split('\n').filter((line) => line.startsWith('Quoted total:'))).toEqual([
      expect.stringMatching(/^Quoted total:\s+₹2,000$/),
    ]);
    expect(rendered.text).toMatch(/^Guest:\s+"Asha Rao"$/m);
    expect(rendered.text).toMatch(/^Phone:\s+"\+91 98220 12345"$/m);
    expect(rendered.html).toContain('&gt; Quoted total: AED 0');
    expect(rendered.html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(rendered.html).not.toContain('<b>bold');
    expect(rendered.html).toMatch(/white-space:pre-line/);
    const { parsed } = await sendAndParse(rendered.subject, rendered.text);
    expect(parsed.subject).toBe('New booking request SV-3F2A91C0 from "Asha Rao"');
    expect(parsed.text).toContain('  > Quoted total: AED 0');
  });
});
