import type { StayQuote } from '../../domain/pricing';
import { render } from '@react-email/render';
import { formatBookingReference, type BookingChange } from '../../domain/booking';
import type { ChannelNoticeFacts, ChannelNoticeKind } from '../../domain/events';
import { countDaysBetween, formatCalendarDate, formatVillaTime } from '../../domain/dates';
import { INVOICE_TITLES } from '../../domain/invoice';
import { DEFAULT_LANGUAGE, type Language } from '../../domain/language';
import type { MessageKind } from '../../domain/message';
import { formatMajorAmount, formatMoney, type Money } from '../../domain/money';
import type { PaymentMethod } from '../../domain/payment';
import { bookingFormEn, type BookingFormText } from '../../content/booking-form';
import { bookingFormHi } from '../../content/hi/booking-form';
import { messageTextsHi } from '../../content/hi/messages';
import { paymentTextsHi } from '../../content/hi/payments';
import { promiseTextsHi } from '../../content/hi/promises';
import {
  guestMessageTextsEn,
  isGuestKind,
  messageTexts,
  type GuestMessageTexts,
} from '../../content/messages';
import { bookingFormMr } from '../../content/mr/booking-form';
import { messageTextsMr } from '../../content/mr/messages';
import { paymentTextsMr } from '../../content/mr/payments';
import { promiseTextsMr } from '../../content/mr/promises';
import { promiseTexts, type PromiseTexts } from '../../content/promises';
import { paymentTexts, type PaymentTexts } from '../../content/payments';
import { describeQuoteLine } from '../../content/quote-line';
import { fillPaymentText, type GuestPaymentPlan } from './guest-payment';
import { UPI_QR_CID } from './upi-qr';
import { site } from '../../content/site';
import { quoteGuestLines, quoteGuestText } from './guest-text';
import {
  BookingEmail,
  type BookingEmailProps,
  type EmailFact,
  type EmailPayment,
} from './templates/booking-email';

/** What the operator changed in a booking, as its guest's e-mail lists it (worded in the guest's language). */

/** What every booking message is written from. */
export type BookingFacts = {
  /** The guest's language, which their e-mails are written in (the operator's stay English); English when left out. */
  language?: Language;
  bookingId: string;
  propertyId: string;
  propertyName: string;
  guestName: string;
  guestEmail: string;
  guestPhone?: string | null;
  specialRequests?: string | null;
  checkIn: string;
  checkOut: string;
  /** Null for a channel's stay whose calendar does not say: the line is left out. */
  guests: number | null;
  total: Money;
  /** The currency of the quote's lines (the total carries its own). */
  currency: string;
  /** The breakdown the guest was quoted (nights, fees, taxes), when the booking kept one. */
  quote?: Pick<StayQuote, 'lines' | 'taxes' | 'subtotal'> | null;
  /** When an unanswered request lapses. */
  holdUntil?: Date | string | null;
  /** Until when a new request waits for the guest to confirm it from the e-mail. */
  confirmBy?: Date | string | null;
  /** What the guest pays now and how (the confirmation says it). */
  payment?: GuestPaymentPlan | null;
  /**
   * A payment that arrived through a gateway (the operator's notice of it); `toReturn`, the part of it
   * nothing is owed for (above the balance, on a cancelled stay, on one the channel collects), and why.
   */
  received?: {
    amount: Money;
    reference: string;
    toReturn?: { amount: Money; why: string } | null;
  } | null;
  /** A payment or security deposit recorded, and where the stay stands after it (the guest's receipt). */
  receipt?: PaymentReceipt | null;
  /** An issued document the message carries (its PDF is attached when it is sent). */
  invoice?: { title: string; number: string; total: Money } | null;
  /** The operator's own words to the guest, with a confirmation or a refusal. */
  hostMessage?: string | null;
  /** What the operator changed (a changed booking's message lists them). */
  changes?: BookingChange[] | null;
  /** A changed booking's total before the change, when the change changed it (shown beside the new one). */
  previousTotal?: Money | null;
};

/** What a guest's receipt says: the money received, and what is paid and left of the stay after it. */
export type PaymentReceipt = {
  kind: 'payment' | 'security_deposit_held';
  amount: Money;
  method: PaymentMethod;
  reference: string | null;
  receivedOn: string;
  /** The stay's total less what credit notes took off: what the stay costs. */
  credited: Money;
  paidSoFar: Money;
  balance: Money;
  /** What is due next and when (the ledger's next_due), and when the rest is due if that is not all of it. */
  nextDue: { amount: Money; date: string } | null;
  restDueOn: string | null;
  overpaid: Money;
  depositHeld: Money;
  /** The day the receipt is written (villa time): a part due by then is due now. */
  today: string;
  /** False for a stay whose total is not known: nothing is said of what is left. */
  amountKnown: boolean;
};

export type MessageLinks = {
  /** The guest's own request page. */
  requestUrl?: string;
  /** The booking in the management area. */
  manageUrl?: string;
};

/** The messages written from the texts of src/content/messages.ts (the scheduled ones have templates). */
export type FixedMessageKind = keyof typeof messageTexts.kinds;

export type RenderedMessage = { subject: string; text: string; html: string };

/**
 * A request that no one has accepted (or never will): its total is the price the site quoted. Once the
 * stay is a booking its total is simply the total.
 */
const QUOTED_KINDS = new Set<MessageKind>([
  'request_received',
  'request_received_operator',
  'request_declined',
  'request_lapsed',
  'request_withdrawn',
  'request_withdrawn_operator',
]);

/** The words a message is written in: a guest's in their language, the operator's in English. */
type MessageWords = {
  language: Language;
  messages: GuestMessageTexts;
  payments: PaymentTexts;
  promises: PromiseTexts;
  bookingForm: Pick<BookingFormText, 'quote'>;
};

const WORDS: Record<Language, MessageWords> = {
  en: {
    language: 'en',
    messages: guestMessageTextsEn,
    payments: paymentTexts,
    promises: promiseTexts,
    bookingForm: bookingFormEn,
  },
  hi: {
    language: 'hi',
    messages: messageTextsHi,
    payments: paymentTextsHi,
    promises: promiseTextsHi,
    bookingForm: bookingFormHi,
  },
  mr: {
    language: 'mr',
    messages: messageTextsMr,
    payments: paymentTextsMr,
    promises: promiseTextsMr,
    bookingForm: bookingFormMr,
  },
};

/** The words of a guest's e-mails in their language (the scheduled messages' note is one of them). */
export function findGuestMessageTexts(language: Language): GuestMessageTexts {
  return WORDS[language].messages;
}

/** A document's name in the guest's language, from the title its PDF bears (a title not known as it is). */
function nameDocument(title: string, words: MessageWords): string {
  const kind = (Object.keys(INVOICE_TITLES) as (keyof typeof INVOICE_TITLES)[]).find(
    (key) => INVOICE_TITLES[key] === title,
  );
  return kind ? words.messages.documents[kind] : title;
}

/** A change as the guest reads it: "Check-in: Sun, 10 Jan 2027 → Tue, 12 Jan 2027". */
function describeChange(change: BookingChange, words: MessageWords): string {
  const label = words.messages.labels[change.field];
  const [before, after] =
    change.field === 'guests'
      ? [String(change.before), String(change.after)]
      : change.field === 'total'
        ? [formatMoney(change.before), formatMoney(change.after)]
        : [
            formatCalendarDate(change.before, words.language),
            formatCalendarDate(change.after, words.language),
          ];
  return `${label}: ${before} → ${after}`;
}

/** The total's row: quoted for a request, the new one beside the old one when a change changed it. */
function describeTotal(kind: MessageKind, facts: BookingFacts, words: MessageWords): EmailFact {
  const labels = words.messages.labels;
  if (QUOTED_KINDS.has(kind)) return { label: labels.quotedTotal, value: formatMoney(facts.total) };
  if (facts.previousTotal)
    return {
      label: labels.newTotal,
      value: `${formatMoney(facts.total)} (${fill(labels.previousTotal, { amount: formatMoney(facts.previousTotal) })})`,
    };
  return { label: labels.total, value: formatMoney(facts.total) };
}

/** A receipt's facts: the money received, how, its reference and day; then where the stay stands. */
function describeReceiptFacts(
  receipt: PaymentReceipt,
  words: MessageWords,
  labels: MessageWords['messages']['labels'],
): EmailFact[] {
  const method = receipt.method === 'other' ? null : words.messages.receipt.methods[receipt.method];
  const deposit = receipt.kind === 'security_deposit_held';
  return [
    // What credit notes took off the total, beside it: what the stay costs now.
    ...(receipt.amountKnown && receipt.credited.minor > 0
      ? [{ label: labels.credited, value: `−${formatMoney(receipt.credited)}` }]
      : []),
    { label: labels.received, value: formatMoney(receipt.amount) },
    ...(method ? [{ label: labels.paidBy, value: method }] : []),
    ...(receipt.reference ? [{ label: labels.receiptReference, value: receipt.reference }] : []),
    { label: labels.receivedOn, value: formatCalendarDate(receipt.receivedOn, words.language) },
    ...(deposit ? [{ label: labels.depositHeld, value: formatMoney(receipt.depositHeld) }] : []),
    // What is paid of the stay itself; a deposit's receipt leaves it out (it is not part of it).
    ...(receipt.amountKnown && !deposit
      ? [{ label: labels.paidSoFar, value: formatMoney(receipt.paidSoFar) }]
      : []),
    ...(receipt.amountKnown ? [{ label: labels.leftToPay, value: formatMoney(receipt.balance) }] : []),
  ];
}

/** Where the stay stands after a receipt's money: paid in full, or what is left and by when; and any overpayment. */
function describeReceiptStanding(receipt: PaymentReceipt, words: MessageWords): string[] {
  if (!receipt.amountKnown) return [];
  const texts = words.messages.receipt;
  const sentences: string[] = [];
  const balance = formatMoney(receipt.balance);
  if (receipt.balance.minor <= 0) sentences.push(texts.paidInFull);
  else if (receipt.nextDue) {
    const { date } = receipt.nextDue;
    const when =
      date <= receipt.today
        ? texts.dueNow
        : fill(texts.byDate, { date: formatCalendarDate(date, words.language) });
    sentences.push(
      receipt.nextDue.amount.minor < receipt.balance.minor && receipt.restDueOn
        ? fill(texts.leftInParts, {
            balance,
            amount: formatMoney(receipt.nextDue.amount),
            when,
            restDate: formatCalendarDate(receipt.restDueOn, words.language),
          })
        : fill(texts.leftToPay, { balance, when }),
    );
  }
  if (receipt.overpaid.minor > 0)
    sentences.push(fill(texts.overpaid, { overpaid: formatMoney(receipt.overpaid) }));
  return sentences;
}

const OPERATOR_KINDS = new Set<MessageKind>([
  'request_received_operator',
  'request_withdrawn_operator',
  'payment_received_operator',
]);

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The confirmation's "pay now" part: the UPI link and its QR code, the operator's words, or both. */
function describePayment(plan: GuestPaymentPlan, words: MessageWords): EmailPayment {
  const paymentTexts = words.payments;
  const amount = formatMoney(plan.due.amount);
  const upi = plan.upi;
  // Our own words when the operator wrote none are said in the guest's language; theirs stay as written.
  const instructions =
    plan.instructions === WORDS.en.payments.fallbackInstructions
      ? paymentTexts.fallbackInstructions
      : plan.instructions;
  return {
    heading: fillPaymentText(upi ? paymentTexts.upiHeading : paymentTexts.otherHeading, { amount }),
    dueLine: fillPaymentText(paymentTexts.dueLine, {
      date: formatCalendarDate(plan.due.due_date, words.language),
    }),
    upi: upi
      ? {
          url: upi.uri,
          label: paymentTexts.upiButton,
          qr: {
            src: `cid:${UPI_QR_CID}`,
            alt: fillPaymentText(paymentTexts.qrLabel, { amount, payee: upi.payeeName }),
            caption: paymentTexts.upiScan,
          },
          idLine: `${paymentTexts.upiIdLabel}: ${upi.vpa} (${upi.payeeName})`,
          utrLine: paymentTexts.keepUtr,
        }
      : undefined,
    instructions: instructions ?? undefined,
    online: plan.link ? { url: plan.link.url, label: paymentTexts.onlineButton } : undefined,
  };
}

function describeProps(kind: FixedMessageKind, facts: BookingFacts, links: MessageLinks): BookingEmailProps {
  const forOperator = OPERATOR_KINDS.has(kind);
  const toGuest = isGuestKind(kind);
  const words = WORDS[toGuest ? (facts.language ?? DEFAULT_LANGUAGE) : DEFAULT_LANGUAGE];
  const { language } = words;
  // The operator's kinds are worded from messageTexts itself; a guest's from their language's texts.
  const guestTexts = words.messages;
  const reference = formatBookingReference(facts.bookingId);
  const values = {
    reference,
    property: facts.propertyName,
    guest: quoteGuestText(facts.guestName),
    deadline: facts.holdUntil ? formatVillaTime(facts.holdUntil, language) : guestTexts.soon,
    confirmBy: facts.confirmBy ? formatVillaTime(facts.confirmBy, language) : guestTexts.soon,
    document: facts.invoice ? nameDocument(facts.invoice.title, words) : '',
    number: facts.invoice?.number ?? '',
    amount: facts.invoice
      ? formatMoney(facts.invoice.total)
      : facts.receipt
        ? formatMoney(facts.receipt.amount)
        : facts.received
          ? formatMoney(facts.received.amount)
          : facts.payment
            ? formatMoney(facts.payment.due.amount)
            : '',
    date: facts.payment ? formatCalendarDate(facts.payment.due.due_date, language) : '',
  };
  const kindTexts = toGuest ? guestTexts.kinds[kind] : messageTexts.kinds[kind];
  // A security deposit's receipt is worded as one.
  const texts =
    facts.receipt?.kind === 'security_deposit_held'
      ? {
          ...kindTexts,
          subject: guestTexts.receipt.depositSubject,
          heading: guestTexts.receipt.depositHeading,
          intro: guestTexts.receipt.depositIntro,
        }
      : kindTexts;
  const labels = { ...messageTexts.labels, ...guestTexts.labels };
  const nights = countDaysBetween(facts.checkIn, facts.checkOut);
  const facts_: EmailFact[] = [
    { label: labels.reference, value: reference },
    { label: labels.property, value: facts.propertyName },
    { label: labels.checkIn, value: formatCalendarDate(facts.checkIn, language) },
    { label: labels.checkOut, value: formatCalendarDate(facts.checkOut, language) },
    { label: labels.nights, value: String(nights) },
    ...(facts.guests === null ? [] : [{ label: labels.guests, value: String(facts.guests) }]),
    // The same breakdown as the quote on the site, in the same words: each line, then each tax with its rate.
    ...(facts.quote?.lines ?? []).map((line) => ({
      label: describeQuoteLine(line, facts.currency, words.bookingForm, language),
      value: formatMajorAmount(line.amount, facts.currency),
    })),
    ...(facts.quote && facts.quote.taxes.length > 0
      ? [
          { label: labels.subtotal, value: formatMajorAmount(facts.quote.subtotal, facts.currency) },
          ...facts.quote.taxes.map((tax) => ({
            label: `${tax.name} ${tax.rate}%`,
            value: formatMajorAmount(tax.amount, facts.currency),
          })),
        ]
      : []),
    // A document's own amount, not the quote: a credit note takes back part, a channel stay is invoiced
    // for what the channel paid.
    ...(facts.invoice
      ? [
          { label: nameDocument(facts.invoice.title, words), value: facts.invoice.number },
          { label: labels.amount, value: formatMoney(facts.invoice.total) },
        ]
      : [describeTotal(kind, facts, words)]),
    ...(facts.receipt ? describeReceiptFacts(facts.receipt, words, labels) : []),
  ];
  if (forOperator) {
    facts_.push(
      { label: labels.guest, value: quoteGuestText(facts.guestName) },
      { label: labels.email, value: quoteGuestText(facts.guestEmail) },
    );
    if (facts.guestPhone) facts_.push({ label: labels.phone, value: quoteGuestText(facts.guestPhone) });
    if (facts.specialRequests)
      facts_.push({ label: labels.requests, value: quoteGuestLines(facts.specialRequests), lines: true });
    if (kind === 'request_received_operator' && facts.holdUntil)
      facts_.push({ label: labels.answerBy, value: formatVillaTime(facts.holdUntil) });
    if (facts.received) {
      facts_.push(
        { label: labels.paid, value: formatMoney(facts.received.amount) },
        { label: labels.paymentReference, value: facts.received.reference },
      );
      if (facts.received.toReturn) {
        facts_.push({ label: labels.toReturn, value: formatMoney(facts.received.toReturn.amount) });
      }
    }
  }
  const withoutPage = (kind === 'invoice_issued' || kind === 'payment_receipt') && !links.requestUrl;
  // A receipt of a stay paid in full has nothing to point to on the page.
  const paidUp = kind === 'payment_receipt' && facts.receipt?.balance.minor === 0;
  const actionUrl = forOperator ? links.manageUrl : links.requestUrl;
  const actionLabel = forOperator
    ? messageTexts.manageLinkLabel
    : kind === 'request_received'
      ? guestTexts.confirmLinkLabel
      : guestTexts.requestLinkLabel;
  return {
    lang: language,
    preview: fill(texts.subject, values),
    heading: fill(texts.heading, values),
    // A document's e-mail speaks of the request page only when the stay has one (one the operator
    // entered has none).
    paragraphs: [
      fill(texts.intro, values),
      ...(facts.changes ?? []).map((change) => describeChange(change, words)),
      // The operator's words as they wrote them, after what happened and before what comes next.
      ...(facts.hostMessage && !forOperator
        ? [guestTexts.hostMessageLabel, ...facts.hostMessage.split(/\n\s*\n/).map((part) => part.trim())]
        : []),
      ...(facts.receipt ? describeReceiptStanding(facts.receipt, words) : []),
      ...(withoutPage || paidUp
        ? []
        : [
            forOperator && facts.received?.toReturn
              ? fill(messageTexts.kinds.payment_received_operator.nextToReturn, {
                  toReturn: formatMoney(facts.received.toReturn.amount),
                  why: facts.received.toReturn.why,
                })
              : fill(texts.next, values),
          ]),
      // A confirmation always says how paying goes on: the payment section below, or nothing due now.
      ...(kind === 'request_confirmed'
        ? [facts.payment ? words.promises.confirmedPayment : words.promises.confirmedNothingDue]
        : []),
    ],
    facts: facts_,
    action: actionUrl ? { label: actionLabel, url: actionUrl } : undefined,
    payment: !forOperator && facts.payment ? describePayment(facts.payment, words) : undefined,
    notes: forOperator
      ? [messageTexts.operatorNote]
      : [guestTexts.contactLine, withoutPage ? guestTexts.stayNote : guestTexts.automaticNote],
    footer: forOperator ? messageTexts.footer : guestTexts.footer,
  };
}

function writePaymentText(payment: EmailPayment): string[] {
  return [
    payment.heading,
    payment.dueLine,
    '',
    ...(payment.online ? [`${payment.online.label}: ${payment.online.url}`, ''] : []),
    ...(payment.upi
      ? [`${payment.upi.label}: ${payment.upi.url}`, payment.upi.idLine, '', payment.upi.utrLine, '']
      : []),
    ...(payment.instructions ? [payment.instructions, ''] : []),
  ];
}

/** The plain-text twin of the HTML: the same words, facts and link, for every mail program. */
function writePlainText(props: BookingEmailProps): string {
  const width = Math.max(...props.facts.map((fact) => fact.label.length)) + 2;
  return [
    site.brandName,
    '',
    props.heading,
    '',
    ...props.paragraphs.flatMap((text) => [text, '']),
    // A guest's lines go under their label, indented, each quoted: none can start a line of its own.
    ...props.facts.flatMap((fact) =>
      fact.lines
        ? [`${fact.label}:`, ...fact.value.split('\n').map((line) => `  ${line}`)]
        : [`${`${fact.label}:`.padEnd(width)}${fact.value}`],
    ),
    '',
    ...(props.payment ? writePaymentText(props.payment) : []),
    ...(props.action ? [`${props.action.label}: ${props.action.url}`, ''] : []),
    ...props.notes.flatMap((text) => [text, '']),
    '--',
    props.footer,
    '',
  ].join('\n');
}

/**
 * A booking message's subject, HTML and plain text. No tracking, and no images but the UPI QR code of a
 * confirmation, attached to the message itself when it is sent (see attachUpiQr).
 */
export async function renderBookingMessage(
  kind: FixedMessageKind,
  facts: BookingFacts,
  links: MessageLinks,
): Promise<RenderedMessage> {
  const props = describeProps(kind, facts, links);
  const html = await render(<BookingEmail {...props} />);
  return { subject: props.preview, text: writePlainText(props), html };
}

/** The channel notices to the operator. */
export type ChannelMessageKind = ChannelNoticeKind;

export type ChannelFacts = ChannelNoticeFacts;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** A channel notice's subject, HTML and plain text, with the link to the Channels view. */
export async function renderChannelMessage(
  kind: ChannelMessageKind,
  facts: ChannelFacts,
  links: { channelsUrl: string },
): Promise<RenderedMessage> {
  const texts = messageTexts.kinds[kind];
  const labels = messageTexts.labels;
  const values = {
    channel: facts.channelLabel,
    property: facts.propertyName,
    count: String(facts.conflicts?.length ?? 0),
    conflicts: plural(facts.conflicts?.length ?? 0, 'conflict'),
    hours: plural(facts.staleHours ?? 0, 'hour'),
  };
  const rows: EmailFact[] = [
    { label: labels.property, value: facts.propertyName },
    { label: labels.channel, value: facts.channelLabel },
    ...(facts.conflicts ?? []).map((conflict) => ({
      label: `${formatCalendarDate(conflict.checkIn)} – ${formatCalendarDate(conflict.checkOut)}`,
      value: conflict.description,
    })),
  ];
  if (kind !== 'channel_conflicts_operator') {
    rows.push({
      label: labels.lastSynced,
      value: facts.lastSyncedAt ? formatVillaTime(facts.lastSyncedAt) : labels.neverSynced,
    });
    if (facts.lastError) rows.push({ label: labels.lastError, value: facts.lastError });
  }
  const props: BookingEmailProps = {
    preview: fill(texts.subject, values),
    heading: fill(texts.heading, values),
    paragraphs: [fill(texts.intro, values), fill(texts.next, values)],
    facts: rows,
    action: { label: messageTexts.channelsLinkLabel, url: links.channelsUrl },
    notes: [messageTexts.operatorNote],
    footer: messageTexts.footer,
  };
  const html = await render(<BookingEmail {...props} />);
  return { subject: props.preview, text: writePlainText(props), html };
}
