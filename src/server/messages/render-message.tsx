import type { StayQuote } from '../../domain/pricing';
import { render } from '@react-email/render';
import { formatBookingReference } from '../../domain/booking';
import { countDaysBetween, formatCalendarDate, formatVillaTime } from '../../domain/dates';
import type { MessageKind } from '../../domain/message';
import { formatMajorAmount, formatMoney, type Money } from '../../domain/money';
import { messageTexts } from '../../content/messages';
import { promiseTexts } from '../../content/promises';
import { paymentTexts } from '../../content/payments';
import { fillPaymentText, type GuestPaymentPlan } from '../payments/guest-payment';
import { UPI_QR_CID } from '../payments/upi-qr';
import { site } from '../../content/site';
import { quoteGuestLines, quoteGuestText } from './guest-text';
import {
  BookingEmail,
  type BookingEmailProps,
  type EmailFact,
  type EmailPayment,
} from './templates/booking-email';

/** What every booking message is written from. */
export type BookingFacts = {
  bookingId: string;
  propertyId: string;
  propertyName: string;
  guestName: string;
  guestEmail: string;
  guestPhone?: string | null;
  specialRequests?: string | null;
  checkIn: string;
  checkOut: string;
  guests: number;
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
  /** A payment that arrived through a gateway (the operator's notice of it). */
  received?: { amount: Money; reference: string } | null;
  /** An issued document the message carries (its PDF is attached when it is sent). */
  invoice?: { title: string; number: string; total: Money } | null;
  /** The operator's own words to the guest, with a confirmation or a refusal. */
  hostMessage?: string | null;
  /** What the operator changed, each as people read it (a changed booking's message lists them). */
  changes?: { label: string; before: string; after: string }[] | null;
  /** A changed booking's total before the change, when the change changed it (shown beside the new one). */
  previousTotal?: Money | null;
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

/** The total's row: quoted for a request, the new one beside the old one when a change changed it. */
function describeTotal(kind: MessageKind, facts: BookingFacts): EmailFact {
  const labels = messageTexts.labels;
  if (QUOTED_KINDS.has(kind)) return { label: labels.quotedTotal, value: formatMoney(facts.total) };
  if (facts.previousTotal)
    return {
      label: labels.newTotal,
      value: `${formatMoney(facts.total)} (${fill(labels.previousTotal, { amount: formatMoney(facts.previousTotal) })})`,
    };
  return { label: labels.total, value: formatMoney(facts.total) };
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
function describePayment(plan: GuestPaymentPlan): EmailPayment {
  const amount = formatMoney(plan.due.amount);
  const upi = plan.upi;
  return {
    heading: fillPaymentText(upi ? paymentTexts.upiHeading : paymentTexts.otherHeading, { amount }),
    dueLine: fillPaymentText(paymentTexts.dueLine, { date: formatCalendarDate(plan.due.due_date) }),
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
    instructions: plan.instructions ?? undefined,
    online: plan.link ? { url: plan.link.url, label: paymentTexts.onlineButton } : undefined,
  };
}

function describeProps(kind: FixedMessageKind, facts: BookingFacts, links: MessageLinks): BookingEmailProps {
  const reference = formatBookingReference(facts.bookingId);
  const values = {
    reference,
    property: facts.propertyName,
    guest: quoteGuestText(facts.guestName),
    deadline: facts.holdUntil ? formatVillaTime(facts.holdUntil) : 'soon',
    confirmBy: facts.confirmBy ? formatVillaTime(facts.confirmBy) : 'soon',
    document: facts.invoice?.title ?? '',
    number: facts.invoice?.number ?? '',
    amount: facts.invoice
      ? formatMoney(facts.invoice.total)
      : facts.received
        ? formatMoney(facts.received.amount)
        : facts.payment
          ? formatMoney(facts.payment.due.amount)
          : '',
    date: facts.payment ? formatCalendarDate(facts.payment.due.due_date) : '',
  };
  const texts = messageTexts.kinds[kind];
  const labels = messageTexts.labels;
  const nights = countDaysBetween(facts.checkIn, facts.checkOut);
  const forOperator = OPERATOR_KINDS.has(kind);
  const facts_: EmailFact[] = [
    { label: labels.reference, value: reference },
    { label: labels.property, value: facts.propertyName },
    { label: labels.checkIn, value: formatCalendarDate(facts.checkIn) },
    { label: labels.checkOut, value: formatCalendarDate(facts.checkOut) },
    { label: labels.nights, value: String(nights) },
    { label: labels.guests, value: String(facts.guests) },
    // The same breakdown as the quote on the site: each line, then each tax with its rate.
    ...(facts.quote?.lines ?? []).map((line) => ({
      label: line.label,
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
          { label: facts.invoice.title, value: facts.invoice.number },
          { label: labels.amount, value: formatMoney(facts.invoice.total) },
        ]
      : [describeTotal(kind, facts)]),
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
    }
  }
  const withoutPage = kind === 'invoice_issued' && !links.requestUrl;
  const actionUrl = forOperator ? links.manageUrl : links.requestUrl;
  const actionLabel = forOperator
    ? messageTexts.manageLinkLabel
    : kind === 'request_received'
      ? messageTexts.confirmLinkLabel
      : messageTexts.requestLinkLabel;
  return {
    preview: fill(texts.subject, values),
    heading: fill(texts.heading, values),
    // A document's e-mail speaks of the request page only when the stay has one (one the operator
    // entered has none).
    paragraphs: [
      fill(texts.intro, values),
      ...(facts.changes ?? []).map((change) => `${change.label}: ${change.before} → ${change.after}`),
      // The operator's words as they wrote them, after what happened and before what comes next.
      ...(facts.hostMessage && !forOperator
        ? [messageTexts.hostMessageLabel, ...facts.hostMessage.split(/\n\s*\n/).map((part) => part.trim())]
        : []),
      ...(withoutPage ? [] : [fill(texts.next, values)]),
      // A confirmation always says how paying goes on: the payment section below, or nothing due now.
      ...(kind === 'request_confirmed'
        ? [facts.payment ? promiseTexts.confirmedPayment : promiseTexts.confirmedNothingDue]
        : []),
    ],
    facts: facts_,
    action: actionUrl ? { label: actionLabel, url: actionUrl } : undefined,
    payment: !forOperator && facts.payment ? describePayment(facts.payment) : undefined,
    notes: forOperator
      ? [messageTexts.operatorNote]
      : [messageTexts.contactLine, withoutPage ? messageTexts.stayNote : messageTexts.automaticNote],
    footer: messageTexts.footer,
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
export type ChannelMessageKind = Extract<
  MessageKind,
  'channel_conflicts_operator' | 'channel_unhealthy_operator' | 'channel_recovered_operator'
>;

/** What a channel notice is written from. */
export type ChannelFacts = {
  propertyName: string;
  /** The connection as people know it: "Airbnb", or an 'other' calendar's own name. */
  channelLabel: string;
  /** The conflicts a sync found, each as the Channels view words it. */
  conflicts?: { checkIn: string; checkOut: string; description: string }[];
  lastSyncedAt?: Date | null;
  lastError?: string | null;
  staleHours?: number;
};

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
