import { INVOICE_TITLES } from '../domain/invoice';
import type { InvoiceKind } from '../domain/invoice-document';
import type { PaymentMethod } from '../domain/payment';
import { promiseTexts } from './promises';
import { site } from './site';

/**
 * The texts of the e-mails to guests and to the operator. Placeholders are filled by the templates:
 * {reference}, {property}, {guest}, {deadline} (when an unanswered request lapses), {confirmBy} (until when a
 * new request waits for the guest to confirm it from the e-mail); in the channel notices {channel}, {property}, {count},
 * {conflicts} ("1 conflict", "3 conflicts") and {hours}; in a payment reminder {amount} and {date} (what is
 * due and by when). The owner edits the words here, not in the
 * templates.
 */
export const messageTexts = {
  footer: `${site.brandName} · ${site.address.street}, ${site.address.city}, ${site.address.region}, ${site.address.country}`,
  contactLine: `Questions? Reply to this e-mail, write to ${site.email} or call ${site.phone}.`,
  requestLinkLabel: 'View your request',
  confirmLinkLabel: 'Confirm my request',
  manageLinkLabel: 'Open the booking',
  channelsLinkLabel: 'Open Channels',
  hostMessageLabel: 'A note from us:',
  automaticNote: 'You receive this e-mail because of a booking request made on our website.',
  /** In place of automaticNote for a stay booked some other way (one the operator entered). */
  stayNote: 'You receive this e-mail because of your stay with us.',
  operatorNote: 'Sent by your villa management area.',
  /** In place of a time not known ("we answer by soon"). */
  soon: 'soon',
  labels: {
    reference: 'Reference',
    property: 'Property',
    checkIn: 'Check-in',
    checkOut: 'Check-out',
    nights: 'Nights',
    guests: 'Guests',
    subtotal: 'Subtotal',
    /** A booking's total as it stands (a confirmed stay, a reminder, a cancellation). */
    total: 'Total',
    /** A request's total before anyone accepted it: the price the site quoted. */
    quotedTotal: 'Quoted total',
    /** A changed booking's total, when the change changed it; the old one follows it as `previousTotal`. */
    newTotal: 'New total',
    previousTotal: 'was {amount}',
    amount: 'Amount',
    guest: 'Guest',
    email: 'E-mail',
    phone: 'Phone',
    requests: 'Special requests',
    answerBy: 'Answer by',
    paid: 'Paid',
    paymentReference: 'Razorpay payment',
    /** A receipt's facts: the money received, how, its reference and day, and where the stay stands. */
    received: 'Received',
    paidBy: 'Paid by',
    receiptReference: 'Payment reference',
    receivedOn: 'Received on',
    credited: 'Credit notes',
    paidSoFar: 'Paid so far',
    leftToPay: 'Left to pay',
    depositHeld: 'Security deposit held',
    toReturn: 'To return',
    channel: 'Channel',
    lastSynced: 'Last synced (India time)',
    neverSynced: 'Never',
    lastError: 'Last error',
  },
  kinds: {
    request_received: {
      subject: 'Please confirm your request {reference}',
      heading: 'One step left: confirm your request',
      intro:
        'Thank you for your booking request for {property}. Please confirm it with the link below by {confirmBy} (India time): we hold the dates for you until then, and a request that is not confirmed lapses quietly and the dates are released. If you did not make this request, ignore this e-mail; nothing more will happen.',
      next: `Once you confirm, the dates are held for you while we look at your request, and we answer by {deadline} (India time). ${promiseTexts.payment} You can follow, or withdraw, your request on its page at any time.`,
    },
    request_received_operator: {
      subject: 'New booking request {reference} from {guest}',
      heading: 'A new booking request',
      intro: '{guest} asks to stay at {property}. The dates are held until {deadline} (India time).',
      next: 'Confirm or decline it in the management area before then; unanswered, it lapses and the guest is told.',
    },
    request_confirmed: {
      subject: 'Your stay is confirmed: {reference}',
      heading: 'Your stay is confirmed',
      intro: 'Good news: your stay at {property} is confirmed. We look forward to welcoming you.',
      next: 'We will be in touch before your arrival with directions and check-in details.',
    },
    request_declined: {
      subject: 'Your request {reference} could not be accepted',
      heading: 'We are sorry',
      intro: 'We are unable to accept your request for {property} on these dates. The dates are released.',
      next: 'Other dates may be free: have a look at the calendar on our website, or write to us.',
    },
    booking_cancelled: {
      subject: 'Your booking {reference} is cancelled',
      heading: 'Your booking is cancelled',
      intro: 'Your booking at {property} has been cancelled.',
      next: 'If you did not expect this, please contact us.',
    },
    booking_changed: {
      subject: 'Your booking {reference} has changed',
      heading: 'Your booking has changed',
      intro: 'We have changed your booking at {property}. What changed:',
      next: 'The booking as it stands now is below. If anything is not as you expect, please contact us.',
    },
    request_lapsed: {
      subject: 'Your request {reference} has lapsed',
      heading: 'Your request has lapsed',
      intro:
        'We are sorry: we could not answer your request for {property} in time, so it has lapsed and the dates are released. Nothing was charged.',
      next: 'If you still wish to stay with us, please send a new request or write to us.',
    },
    request_withdrawn: {
      subject: 'You withdrew your request {reference}',
      heading: 'Your request is withdrawn',
      intro: 'As you asked, your request for {property} is withdrawn and the dates are released.',
      next: 'We hope to welcome you another time.',
    },
    request_withdrawn_operator: {
      subject: '{guest} withdrew request {reference}',
      heading: 'A guest withdrew their request',
      intro: '{guest} withdrew their request for {property}. Its nights are open again.',
      next: 'Nothing needs doing.',
    },
    channel_conflicts_operator: {
      subject: '{channel} calendar: {conflicts} at {property}',
      heading: 'The calendars disagree',
      intro:
        'The last sync of {channel} for {property} found {conflicts} with the bookings here. Nothing was overwritten: each waits for your decision.',
      next: 'Open Channels to keep ours or take theirs. Until then those nights stay closed on the website and on your other channels.',
    },
    channel_unhealthy_operator: {
      subject: '{channel} calendar for {property} stopped syncing',
      heading: 'A calendar stopped syncing',
      intro:
        'The {channel} calendar of {property} has not synced for more than {hours}. Stays booked on {channel} since then are missing here, and the nights may be sold twice.',
      next: 'Open Channels to see why and to check the calendar address. You will not be told again until it syncs again.',
    },
    channel_recovered_operator: {
      subject: '{channel} calendar for {property} is syncing again',
      heading: 'The calendar is syncing again',
      intro: 'The {channel} calendar of {property} synced again; stays booked there meanwhile are now here.',
      next: 'Open Channels to see whether the sync found conflicts.',
    },
    payment_reminder: {
      subject: 'Payment reminder: {amount} due by {date} ({reference})',
      heading: 'Your payment is due soon',
      intro:
        'A friendly reminder about your stay at {property}: {amount} is due by {date}. How to pay is below.',
      next: 'If you have paid already, thank you: there is nothing more to do, and we confirm your payment once it reaches us.',
    },
    payment_received_operator: {
      subject: '{guest} paid {amount} online for {reference}',
      heading: 'A payment arrived through Razorpay',
      intro: '{guest} paid {amount} for their stay at {property}. It is recorded in the booking’s payments.',
      next: 'Nothing needs doing: the balance and what is due next follow from it.',
      /** In place of `next` when the payment is money to return (above the balance, a cancelled stay…). */
      nextToReturn:
        'This needs you: {toReturn} of it is more than the stay owes ({why}). Open the booking’s payments to refund it.',
    },
    payment_link: {
      subject: 'Pay {amount} online for your stay {reference}',
      heading: 'You can pay online',
      intro:
        'You can pay {amount} for your stay at {property} online, by UPI, card or netbanking, on the secure page of Razorpay, our payment provider.',
      next: 'We see your payment as soon as it is made: nothing else is needed.',
    },
    invoice_issued: {
      subject: 'Your {document} {number} for the stay {reference}',
      heading: 'Your {document}',
      intro: 'Please find attached {document} {number} for your stay at {property}, for {amount}.',
      next: 'You can also download it from your request page at any time.',
    },
    payment_receipt: {
      subject: 'Payment received: {amount} for your stay {reference}',
      heading: 'Thank you: your payment has reached us',
      intro: 'We have received {amount} for your stay at {property} and recorded it against your booking.',
      next: 'Your request page shows what you have paid and what is left, and how to pay it.',
    },
  },
  /**
   * A receipt's own sentences: where the stay stands after the payment ({balance}: what is left; {amount} and
   * {when}: what is due next and when; {restDate}: when the rest is due; {overpaid}: paid above what is
   * owed), and a security deposit's subject, heading and first sentence in place of a payment's.
   */
  receipt: {
    paidInFull: 'Your stay is now paid in full: nothing more is due.',
    leftToPay: '{balance} is left to pay, {when}.',
    leftInParts: '{balance} is left to pay: {amount} {when}, and the rest by {restDate}.',
    byDate: 'by {date}',
    dueNow: 'due now',
    overpaid: 'You have paid {overpaid} more than your stay costs: we will be in touch to return it.',
    depositSubject: 'Security deposit received: {amount} for your stay {reference}',
    depositHeading: 'Thank you: your security deposit has reached us',
    depositIntro:
      'We have received your refundable security deposit of {amount} for your stay at {property}. It is returned to you after your stay.',
    /** How the money came, as the receipt names it (a payment entered as 'other' is not named). */
    methods: {
      upi: 'UPI',
      bank_transfer: 'Bank transfer',
      cash: 'Cash',
      card: 'Card',
      razorpay: 'Online (Razorpay)',
      channel: 'Through the booking site',
    },
  },
  /** A document's name as the guest's e-mail says it: in English, its title as the PDF bears it. */
  documents: INVOICE_TITLES,
} as const;

/** The e-mails a guest receives; the operator's own (`…_operator`) stay English, as the management area does. */
export type GuestMessageKind = Exclude<keyof typeof messageTexts.kinds, `${string}_operator`>;

/** The labels of the facts a guest's e-mail shows (the others are the operator's). */
const GUEST_LABELS = [
  'reference',
  'property',
  'checkIn',
  'checkOut',
  'nights',
  'guests',
  'subtotal',
  'total',
  'quotedTotal',
  'newTotal',
  'previousTotal',
  'amount',
  'received',
  'paidBy',
  'receiptReference',
  'receivedOn',
  'credited',
  'paidSoFar',
  'leftToPay',
  'depositHeld',
] as const;
type GuestLabel = (typeof GUEST_LABELS)[number];

/**
 * The words of a guest's e-mails, the shape the Hindi and Marathi versions (`src/content/hi/messages.ts`)
 * follow: the same keys and the same {placeholders} as the English ones. The footer is the postal address,
 * as the site's footer writes it in that language.
 */
export type GuestMessageTexts = {
  [
    key in
      | 'footer'
      | 'contactLine'
      | 'requestLinkLabel'
      | 'confirmLinkLabel'
      | 'hostMessageLabel'
      | 'automaticNote'
      | 'stayNote'
      | 'soon'
  ]: string;
} & {
  labels: { [key in GuestLabel]: string };
  kinds: { [kind in GuestMessageKind]: { subject: string; heading: string; intro: string; next: string } };
  documents: { [kind in InvoiceKind]: string };
  receipt: { [key in Exclude<keyof typeof messageTexts.receipt, 'methods'>]: string } & {
    methods: { [method in Exclude<PaymentMethod, 'other'>]: string };
  };
};

/** Whether a message goes to a guest (and is written in their language). */
export const isGuestKind = (kind: string): kind is GuestMessageKind => !kind.endsWith('_operator');

/** The English words of a guest's e-mails, picked from messageTexts (which also words the operator's). */
export const guestMessageTextsEn: GuestMessageTexts = {
  footer: messageTexts.footer,
  contactLine: messageTexts.contactLine,
  requestLinkLabel: messageTexts.requestLinkLabel,
  confirmLinkLabel: messageTexts.confirmLinkLabel,
  hostMessageLabel: messageTexts.hostMessageLabel,
  automaticNote: messageTexts.automaticNote,
  stayNote: messageTexts.stayNote,
  soon: messageTexts.soon,
  labels: Object.fromEntries(
    GUEST_LABELS.map((key) => [key, messageTexts.labels[key]]),
  ) as GuestMessageTexts['labels'],
  kinds: Object.fromEntries(
    Object.entries(messageTexts.kinds).filter(([kind]) => isGuestKind(kind)),
  ) as GuestMessageTexts['kinds'],
  documents: messageTexts.documents,
  receipt: messageTexts.receipt,
};
