import { describe, expect, it } from 'vitest';
import { renderBookingMessage, type BookingFacts } from './render-message';
import { makeMoney } from '../../domain/money';

const facts: BookingFacts = {
  bookingId: '3f2a91c0-1234-4abc-8def-000000000000',
  propertyId: '00000000-0000-4000-8000-000000000001',
  propertyName: 'The Villa',
  guestName: 'Asha Rao',
  guestEmail: 'asha@example.com',
  checkIn: '2027-01-10',
  checkOut: '2027-01-12',
  guests: 2,
  total: makeMoney(27_500_00, 'INR'),
  currency: 'INR',
};

/** The lines of the text part that name a total, whatever it is called. */
const totalLines = (text: string) => text.split('\n').filter((line) => /^[\w ]*total:/i.test(line));

describe("the total in a booking's e-mails", () => {
  it("calls a request's total what the site quoted, and a booking's simply its total", async () => {
    for (const kind of ['request_received', 'request_received_operator', 'request_declined'] as const) {
      const { text } = await renderBookingMessage(kind, facts, {});
      expect(totalLines(text), kind).toEqual([expect.stringMatching(/^Quoted total:\s+₹27,500$/)]);
    }
    for (const kind of ['request_confirmed', 'booking_cancelled', 'booking_changed'] as const) {
      const { text, html } = await renderBookingMessage(kind, facts, {});
      expect(totalLines(text), kind).toEqual([expect.stringMatching(/^Total:\s+₹27,500$/)]);
      expect(html, kind).not.toContain('Quoted total');
    }
  });

  it('shows a changed booking its new total with the one before beside it', async () => {
    const { text, html } = await renderBookingMessage(
      'booking_changed',
      {
        ...facts,
        previousTotal: makeMoney(25_000_00, 'INR'),
        changes: [
          { field: 'total', before: makeMoney(25_000_00, 'INR'), after: makeMoney(27_500_00, 'INR') },
        ],
      },
      {},
    );
    expect(text).toContain('Total: ₹25,000 → ₹27,500');
    expect(totalLines(text)).toEqual([
      'Total: ₹25,000 → ₹27,500',
      expect.stringMatching(/^New total:\s+₹27,500 \(was ₹25,000\)$/),
    ]);
    expect(html).toContain('New total');
    expect(html).toContain('₹27,500 (was ₹25,000)');
    expect(`${text}${html}`).not.toContain('Quoted total');
  });
});

describe("a guest's e-mail in their language", () => {
  it('names a document in Hindi and lists what changed with Hindi dates, the operator seeing English', async () => {
    const invoice = await renderBookingMessage(
      'invoice_issued',
      {
        ...facts,
        language: 'hi',
        invoice: { title: 'Tax Invoice', number: 'SV/2627/0007', total: makeMoney(27_500_00, 'INR') },
      },
      { requestUrl: 'http://villa.test/request/abc' },
    );
    expect(invoice.subject).toBe('ठहराव SV-3F2A91C0 के लिए टैक्स इनवॉइस SV/2627/0007');
    expect(invoice.html).toContain('lang="hi"');
    expect(invoice.text).not.toContain('Tax Invoice');

    const changed = await renderBookingMessage(
      'booking_changed',
      {
        ...facts,
        language: 'hi',
        changes: [{ field: 'checkIn', before: '2027-01-09', after: '2027-01-10' }],
      },
      {},
    );
    expect(changed.text).toContain('चेक-इन: शनि, 9 जन॰ 2027 → रवि, 10 जन॰ 2027');

    const operator = await renderBookingMessage(
      'request_withdrawn_operator',
      { ...facts, language: 'hi' },
      {},
    );
    expect(operator.subject).toBe('"Asha Rao" withdrew request SV-3F2A91C0');
    expect(operator.html).toContain('lang="en"');
  });
});
