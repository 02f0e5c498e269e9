import { describe, expect, it } from 'vitest';
import { isGuestKind, messageTexts } from '../../content/messages';
import { makeMoney } from '../../domain/money';
import { priceStay, PricingRulesSchema } from '../../domain/pricing';
import { findEnglishWords } from '../../test/find-english-words';
import { renderBookingMessage, type BookingFacts, type FixedMessageKind } from './render-message';

const GUEST = 'Asha Rao';
const quote = priceStay({
  checkIn: '2027-01-08',
  checkOut: '2027-01-11',
  guests: 4,
  basePrice: 12_000,
  currency: 'INR',
  rules: PricingRulesSchema.parse({
    weekday_prices: [null, null, null, null, 15_000, 15_000, null],
    guests_included: 2,
    extra_guest_fee: 1_500,
    cleaning_fee: 2_000,
    taxes: [{ name: 'GST', bands: [{ up_to: null, rate: 18 }] }],
  }),
});

/** A stay with everything an e-mail can show: the quote's lines, deadlines, a document, a receipt. */
const facts: BookingFacts = {
  bookingId: '3f2a91c0-1234-4abc-8def-000000000000',
  propertyId: '00000000-0000-4000-8000-000000000001',
  propertyName: 'Shanti Villa Retreat',
  guestName: GUEST,
  guestEmail: 'asha@example.com',
  checkIn: quote.check_in,
  checkOut: quote.check_out,
  guests: 4,
  total: makeMoney(quote.total * 100, 'INR'),
  currency: 'INR',
  quote,
  holdUntil: '2027-01-02T10:00:00Z',
  confirmBy: '2027-01-01T10:30:00Z',
  invoice: { title: 'Tax Invoice', number: 'SV/2627/0007', total: makeMoney(quote.total * 100, 'INR') },
  changes: [{ field: 'checkIn', before: '2027-01-07', after: '2027-01-08' }],
  receipt: {
    kind: 'payment',
    amount: makeMoney(10_000_00, 'INR'),
    method: 'upi',
    reference: '412345678901',
    receivedOn: '2026-12-20',
    credited: makeMoney(quote.total * 100, 'INR'),
    paidSoFar: makeMoney(10_000_00, 'INR'),
    balance: makeMoney(quote.total * 100 - 10_000_00, 'INR'),
    nextDue: { amount: makeMoney(quote.total * 100 - 10_000_00, 'INR'), date: '2027-01-01' },
    restDueOn: null,
    overpaid: makeMoney(0, 'INR'),
    depositHeld: makeMoney(0, 'INR'),
    today: '2026-12-20',
    amountKnown: true,
  },
};

const GUEST_KINDS = (Object.keys(messageTexts.kinds) as FixedMessageKind[]).filter(isGuestKind);

/** An e-mail's words: its subject, its text part and what its HTML shows (tags, styles and links left out). */
function readWords(message: { subject: string; text: string; html: string }) {
  const shown = message.html
    .replace(/<head[\s\S]*?<\/head>/gi, ' ')
    .replace(/<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/g, ' ');
  return [message.subject, message.text, shown].join('\n').replaceAll(GUEST, ' ');
}

describe.each(['hi', 'mr'] as const)("a guest's e-mails in %s", (language) => {
  it.each(GUEST_KINDS)('%s has no English word, its price lines and footer included', async (kind) => {
    const message = await renderBookingMessage(
      kind,
      { ...facts, language },
      { requestUrl: 'http://villa.test/request/abc' },
    );
    expect(findEnglishWords(readWords(message))).toEqual([]);
  });
});

describe('the check of the e-mails', () => {
  it('reads their words: the English one is full of English, the cleaning fee and the address among them', async () => {
    const english = findEnglishWords(readWords(await renderBookingMessage('request_received', facts, {})));
    expect(english).toEqual(expect.arrayContaining(['Cleaning', 'fee', 'Fort', 'Road', 'behind']));
  });
});
