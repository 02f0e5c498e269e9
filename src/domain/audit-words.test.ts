import { describe, expect, it } from 'vitest';
import { describeAuditEvent, describePricingChange } from './audit-words';

describe('the activity log in words', () => {
  it('names each changed field of a booking with its value before and after, as people read them', () => {
    expect(
      describeAuditEvent({
        entity_type: 'booking',
        action: 'update',
        before: { status: 'pending', check_in: '2026-12-12', total_amount: 110330, updated_at: 'x' },
        after: { status: 'confirmed', check_in: '2026-12-13', total_amount: 120000, updated_at: 'y' },
        currency: 'INR',
      }),
    ).toEqual([
      'Status: pending → confirmed',
      'Check-in: Sat, 12 Dec 2026 → Sun, 13 Dec 2026',
      'Total: ₹1,10,330 → ₹1,20,000',
    ]);
  });

  it('ends long text at a word and never shows raw JSON', () => {
    const long = `${'A quiet corner room with a view over the lawn, please. '.repeat(4)}`;
    const [line] = describeAuditEvent({
      entity_type: 'booking',
      action: 'update',
      before: { special_requests: null, quote: { total: 1 } },
      after: { special_requests: long, quote: { total: 2 } },
    });
    expect(line).toMatch(/^Special requests: — → A quiet corner room .*\w…$/);
    expect(line).not.toContain('{');
    expect(line!.length).toBeLessThan(160);
  });

  it('says what a new booking was in a few fields, hiding the internals', () => {
    expect(
      describeAuditEvent({
        entity_type: 'booking',
        action: 'insert',
        before: null,
        after: {
          id: 'b1',
          guest_name: 'Ananya Deshpande',
          check_in: '2026-12-12',
          check_out: '2026-12-15',
          quote: { lines: [] },
          request_network: '10.0.0.0/24',
          booking_source: 'booking_com',
        },
      }),
    ).toEqual([
      'Guest Ananya Deshpande · Check-in Sat, 12 Dec 2026 · Check-out Tue, 15 Dec 2026 · Source Booking.com',
    ]);
  });

  it("says a void with its reason, among a ledger entry's first fields", () => {
    expect(
      describeAuditEvent({
        entity_type: 'payment',
        action: 'insert',
        before: null,
        after: {
          id: '00000000-0000-4000-8000-000000000003',
          booking_id: '00000000-0000-4000-8000-000000000001',
          kind: 'payment',
          amount: 9000,
          currency: 'INR',
          method: 'upi',
          received_on: '2026-10-05',
          reference: null,
          note: null,
          corrects_id: '00000000-0000-4000-8000-000000000002',
          void_reason: 'Typed 9000 for 900',
          created_by: '00000000-0000-4000-8000-000000000009',
        },
      }),
    ).toEqual([
      'Amount ₹9,000 · Kind payment · Method upi · Received on Mon, 5 Oct 2026 · Voided because Typed 9000 for 900',
    ]);
  });

  it('tells a pricing change rule by rule: weekday prices, stay limits, seasons, taxes and fees', () => {
    const before = {
      weekday_prices: [null, null, null, null, 30000, 30000, null],
      min_nights: 1,
      seasons: [
        {
          name: 'Diwali',
          start: '2026-11-01',
          end: '2026-11-05',
          price: 40000,
          percent: null,
          min_nights: 3,
        },
      ],
      taxes: [
        {
          name: 'GST',
          bands: [
            { up_to: 7500, rate: 12 },
            { up_to: null, rate: 18 },
          ],
        },
      ],
      fees: [],
    };
    const after = {
      ...before,
      weekday_prices: [null, null, null, null, 32000, 30000, null],
      min_nights: 2,
      seasons: [
        { ...before.seasons[0], price: 45000 },
        {
          name: 'Monsoon',
          start: '2026-07-01',
          end: '2026-08-31',
          price: null,
          percent: -20,
          repeats_yearly: true,
        },
      ],
      taxes: [
        {
          name: 'GST',
          bands: [
            { up_to: 7500, rate: 5 },
            { up_to: null, rate: 18 },
          ],
        },
      ],
      fees: [{ name: 'Event lawn', amount: 15000, per: 'stay' }],
    };
    expect(describePricingChange(before, after, 'INR')).toEqual([
      'Friday price: ₹30,000 → ₹32,000',
      'Minimum stay (nights): 1 → 2',
      'Season "Diwali": Sun, 1 Nov 2026 to Thu, 5 Nov 2026, ₹40,000 a night, at least 3 nights → Sun, 1 Nov 2026 to Thu, 5 Nov 2026, ₹45,000 a night, at least 3 nights',
      'Season "Monsoon" added: Wed, 1 Jul 2026 to Mon, 31 Aug 2026, every year, -20% on the usual price',
      'Tax "GST": 12% up to ₹7,500, 18% above → 5% up to ₹7,500, 18% above',
      'Fee "Event lawn" added: ₹15,000 per stay',
    ]);
    expect(describePricingChange(after, { ...after, seasons: [] }, 'INR')).toEqual([
      'Season "Diwali" removed',
      'Season "Monsoon" removed',
    ]);
  });
});
