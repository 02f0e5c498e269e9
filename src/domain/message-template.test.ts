import { describe, expect, it } from 'vitest';
import {
  buildWhatsAppUrl,
  fillTemplateText,
  findUnknownPlaceholders,
  findVillaMoment,
  MessageTemplateUpdateSchema,
  planScheduledSend,
} from './message-template';
import { describeHoldTime } from './time-left';

const stay = { check_in: '2027-03-10', check_out: '2027-03-13' };

describe('message templates', () => {
  it('names each unknown placeholder once, and knows the real ones', () => {
    expect(findUnknownPlaceholders('Hi {guestName}, {guest} {guest} {stars} {}')).toEqual([
      '{guest}',
      '{stars}',
      '{}',
    ]);
    const parsed = MessageTemplateUpdateSchema.safeParse({
      subject: 'Hi',
      body: '{nope}',
      enabled: true,
      days: 3,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain('{nope}');
  });

  it('fills placeholders and leaves out a line whose placeholder has no value', () => {
    const text = 'Dear {guestName},\n\nReview us: {reviewLink}\nOwing: {balanceDue}\n\nBye';
    expect(fillTemplateText(text, { guestName: 'Asha', balanceDue: '₹100' })).toBe(
      'Dear Asha,\n\nOwing: ₹100\n\nBye',
    );
  });

  it('plans the send at 09:00 villa time on its day, at once when late by day, in the morning when late by night', () => {
    expect(findVillaMoment('2027-03-07', 9).toISOString()).toBe('2027-03-07T03:30:00.000Z');
    const plan = (now: string) =>
      planScheduledSend({ kind: 'before_arrival', stay, days: 3, now: new Date(now) })?.toISOString() ?? null;
    expect(plan('2027-03-01T06:00:00Z')).toBe('2027-03-07T03:30:00.000Z');
    expect(plan('2027-03-08T06:00:00Z')).toBe('2027-03-08T06:00:00.000Z');
    // 22:30 on 8 March at the villa: 08:00 the next morning.
    expect(plan('2027-03-08T17:00:00Z')).toBe('2027-03-09T02:30:00.000Z');
    // After the check-in day: too late.
    expect(plan('2027-03-10T18:31:00Z')).toBeNull();
    const thanks = (now: string) =>
      planScheduledSend({ kind: 'after_stay', stay, days: 1, now: new Date(now) })?.toISOString() ?? null;
    expect(thanks('2027-03-12T06:00:00Z')).toBe('2027-03-14T03:30:00.000Z');
    expect(thanks('2027-03-20T06:00:00Z')).toBeNull();
  });

  it('writes a wa.me link from a phone number in any common form', () => {
    expect(buildWhatsAppUrl('+91 98220 12345', 'Hi & welcome')).toBe(
      'https://wa.me/919822012345?text=Hi%20%26%20welcome',
    );
    expect(buildWhatsAppUrl('098220 12345', 'x')).toBe('https://wa.me/919822012345?text=x');
    expect(buildWhatsAppUrl('+49 151 2345 6789', 'x')).toBe('https://wa.me/4915123456789?text=x');
    expect(buildWhatsAppUrl('12', 'x')).toBeNull();
    expect(buildWhatsAppUrl(null, 'x')).toBeNull();
  });

  it('words the hold time from the configured hours', () => {
    expect(describeHoldTime(48)).toBe('48 hours');
    expect(describeHoldTime(24)).toBe('24 hours');
    expect(describeHoldTime(72)).toBe('3 days');
    expect(describeHoldTime(1)).toBe('60 minutes');
    expect(describeHoldTime(2.5)).toBe('2 hours 30 minutes');
  });
});
