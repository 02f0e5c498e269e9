import type { MessageTemplateKind } from '../domain/message-template';
import { site } from './site';

/**
 * The scheduled guest messages: the words a property starts with (the villa's own, or neutral ones for every
 * other property; the operator edits them per property under Messages in the management area), and the
 * arrival and departure times they name.
 * Placeholders are listed in src/domain/message-template.ts (MESSAGE_PLACEHOLDERS).
 */
export const stayTimes = {
  /** From when guests may arrive, villa time. */
  checkIn: '14:00',
  /** By when guests leave, villa time. */
  checkOut: '11:00',
} as const;

type DefaultTemplates = Record<
  MessageTemplateKind,
  { subject: string; body: string; days: number; enabled: boolean }
>;

/**
 * The villa's own words: the fort, the temple gate, the monkeys. Only the villa starts from them (a
 * property whose message_wording is 'villa'); the phone and e-mail are the contact settings', filled in
 * when a message is sent.
 */
export const villaMessageTemplates: DefaultTemplates = {
  before_arrival: {
    subject: 'Your arrival at {propertyName} on {checkInDate}',
    days: 3,
    enabled: true,
    body: `Dear {guestName},

We are looking forward to welcoming you to {propertyName} on {checkInDate}. Here is everything you need for a calm arrival.

Arrival
Your room is ready from {checkInTime}. If you expect to arrive much earlier or after 21:00, tell us and we will arrange it. Check-out is by {checkOutTime} on {checkOutDate}.

Finding us
{propertyAddress}
Map: {mapLink}
The last stretch below the fort is a narrow village road: drive slowly, and call us from the temple gate if you are unsure of the turn. There is parking inside the gate.

Getting in
Our caretaker meets you at the gate and hands you the keys. Please bring the photo ID of each adult guest.
Check in online before you travel, to save time at the gate: {checkInLink}

House rules
- Quiet hours are from 22:00 to 07:00: sound carries across the valley.
- No smoking indoors; the verandas are yours.
- Please do not leave food on the terrace (the monkeys know).
- Visitors who are not staying with us leave by 21:00.

Balance due before arrival: {balanceDue}

Whom to call
For anything at all, before or during your stay, call or WhatsApp us on {contactPhone}, or write to {contactEmail}.

Your booking reference: {reference} ({nights} nights, {guests} guests).

Warm regards,
The ${site.brandName} team`,
  },
  after_stay: {
    subject: 'Thank you for staying at {propertyName}',
    days: 1,
    enabled: true,
    body: `Dear {guestName},

Thank you for staying with us at {propertyName}. We hope the quiet of the fort and the valley stays with you for a while.

If you have a moment, a few words about your stay help other travellers find us, and help us do better: {reviewLink}

If you left anything behind, or there is anything we could have done better, simply reply to this e-mail.

We would love to welcome you back.

Warm regards,
The ${site.brandName} team`,
  },
};

/** What every other property starts from: nothing of the villa's, its own address, the business's contact. */
export const neutralMessageTemplates: DefaultTemplates = {
  before_arrival: {
    subject: 'Your arrival at {propertyName} on {checkInDate}',
    days: 3,
    enabled: true,
    body: `Dear {guestName},

We are looking forward to welcoming you to {propertyName} on {checkInDate}. Here is what you need for your arrival.

Arrival
You can check in from {checkInTime}. If you expect to arrive much earlier or late in the evening, tell us and we will arrange it. Check-out is by {checkOutTime} on {checkOutDate}.

Finding us
{propertyAddress}
Map: {mapLink}

Checking in
Please bring the photo ID of each adult guest. Check in online before you travel, to save time on arrival: {checkInLink}

Balance due before arrival: {balanceDue}

Whom to call
For anything at all, before or during your stay, call us on {contactPhone} or write to {contactEmail}.

Your booking reference: {reference} ({nights} nights, {guests} guests).

Warm regards,
The {propertyName} team`,
  },
  after_stay: {
    subject: 'Thank you for staying at {propertyName}',
    days: 1,
    enabled: true,
    body: `Dear {guestName},

Thank you for staying with us at {propertyName}. We hope you had a restful time.

If you have a moment, a few words about your stay help other travellers find us, and help us do better: {reviewLink}

If you left anything behind, or there is anything we could have done better, simply reply to this e-mail or call us on {contactPhone}.

We would love to welcome you back.

Warm regards,
The {propertyName} team`,
  },
};

/** The words a property starts from, by its message_wording. */
export const defaultMessageTemplates = { villa: villaMessageTemplates, neutral: neutralMessageTemplates };

/** The words around the scheduled messages in the e-mails and the management area. */
export const scheduledMessageTexts = {
  /** The note under every scheduled message. */
  stayNote: 'You receive this e-mail because of your stay with us.',
  /** The heading of a test the operator sends themself. */
  testSubjectPrefix: '[Test] ',
  testNote:
    'This is a test of your message template, rendered on one of your bookings. It was sent only to you.',
  /** Why a booking's message is not sent, or what happens next. */
  notes: {
    scheduled: 'Sent on this day, between 08:00 and 21:00 India time.',
    sent: 'Written to the outbox; see Messages for its delivery.',
    skipped: 'Skipped: it will not be sent unless you restore it.',
    off: 'This message is switched off for the property (Messages).',
    noEmail: 'The guest has no e-mail address.',
    cancelled: 'The stay is cancelled.',
    sample: 'A sample booking: no messages are sent.',
    pending: 'Sent once the stay is confirmed.',
    tooLate: 'Its time has passed: it will not be sent.',
    late: 'Its time has passed: sent at the next look, between 08:00 and 21:00 India time.',
  },
} as const;
