import { randomUUID } from 'node:crypto';
import type { BookingStatus } from '../../domain/booking';
import { villaToday } from '../../domain/dates';
import type { InvoiceDocument } from '../../domain/invoice-document';
import type { Executor } from '../db/client';
import {
  findOperatorAddress,
  insertOutboxMessageOnce,
  insertOutboxMessages,
  REQUEST_TOKEN_PLACEHOLDER,
  type NewOutboxMessage,
} from '../store/outbox';
import { findRequestLink, insertRequestToken } from '../store/request-links';
import {
  renderBookingMessage,
  renderChannelMessage,
  type BookingFacts,
  type ChannelFacts,
  type ChannelMessageKind,
  type FixedMessageKind,
  type PaymentReceipt,
} from './render-message';
import type { MessageSettings } from '../env';
import { describeBookingFacts, type FactsOfBooking } from './booking-facts';
import { applyContact } from './contact-text';
import { findPropertyContact } from '../business/contact-queries';
import { attachPaymentLink, planGuestPayment, type GuestPaymentPlan } from './guest-payment';
import { readGuestPaymentDue, readLedger } from '../store/payments';
import { findBooking } from '../store/bookings';
import { requireProperty } from '../store/properties';
import type { PaymentEntry } from '../../domain/payment';
import { findLatestOpenPaymentLink } from '../store/payment-links';
import { makeMoney } from '../../domain/money';

// Every function here runs inside the transaction of the change that causes the messages: the change and
// its messages are committed together or not at all, and the worker sends them afterwards.

/** A request page's address; in a stored message the token is a placeholder until it is sent. */
export function buildRequestUrl(settings: MessageSettings, token = REQUEST_TOKEN_PLACEHOLDER): string {
  return `${settings.server.publicUrl}/request/${token}`;
}

export function buildManageUrl(
  settings: MessageSettings,
  facts: Pick<BookingFacts, 'propertyId' | 'guestEmail'>,
) {
  const query = new URLSearchParams({ view: 'bookings', property: facts.propertyId, q: facts.guestEmail });
  return `${settings.server.publicUrl}/villa-management?${query.toString()}`;
}

async function composeMessage(
  tx: Executor,
  settings: MessageSettings,
  kind: FixedMessageKind,
  to: string,
  facts: BookingFacts,
  links: { requestToken?: string; manageUrl?: string },
): Promise<NewOutboxMessage> {
  const id = randomUUID();
  const rendered = applyContact(
    await renderBookingMessage(kind, facts, {
      requestUrl: links.requestToken ? buildRequestUrl(settings) : undefined,
      manageUrl: links.manageUrl,
    }),
    await findPropertyContact(tx, facts.propertyId),
  );
  return {
    link_token: links.requestToken ?? null,
    id,
    property_id: facts.propertyId,
    booking_id: facts.bookingId,
    kind,
    to_address: to,
    subject: rendered.subject,
    text_body: rendered.text,
    html_body: rendered.html,
    message_id: `<${id}@${settings.messages.messageIdDomain}>`,
  };
}

async function resolveOperatorAddress(tx: Executor, settings: MessageSettings, propertyId: string) {
  return settings.messages.operatorNotifyEmail ?? (await findOperatorAddress(tx, propertyId));
}

/**
 * A guest's request from the public form: the guest's acknowledgement, whose link confirms the request
 * (until the guest opens it, the request holds its nights only until `confirmBy`). The operator hears of
 * it once it is confirmed (recordRequestConfirmed).
 */
export async function recordBookingRequested(
  tx: Executor,
  settings: MessageSettings,
  facts: BookingFacts,
): Promise<boolean> {
  const confirmToken = await insertRequestToken(tx, { bookingId: facts.bookingId, purpose: 'confirm' });
  const message = await composeMessage(tx, settings, 'request_received', facts.guestEmail, facts, {
    requestToken: confirmToken,
  });
  await insertOutboxMessages(tx, [message]);
  return true;
}

/** The guest confirmed their request from the e-mail: now the operator is told of it. */
export async function recordRequestConfirmed(
  tx: Executor,
  settings: MessageSettings,
  facts: BookingFacts,
): Promise<void> {
  const operator = await resolveOperatorAddress(tx, settings, facts.propertyId);
  if (!operator) return;
  await insertOutboxMessages(tx, [
    await composeMessage(tx, settings, 'request_received_operator', operator, facts, {
      manageUrl: buildManageUrl(settings, facts),
    }),
  ]);
}

/**
 * A payment link the operator made before confirming, for the confirmation to offer: open at `now`, the
 * server's clock that set its expiry.
 */
async function findConfirmationLink(tx: Executor, bookingId: string, now: Date) {
  const link = await findLatestOpenPaymentLink(tx, { bookingId, now });
  return link && { url: link.short_url, amount: makeMoney(link.amount, link.currency) };
}

/** The guest's message for an operator's decision on a request from the public form (others get none). */
export function describeStatusMessage(from: BookingStatus, to: BookingStatus): FixedMessageKind | undefined {
  if (to === 'confirmed') return 'request_confirmed';
  if (to === 'cancelled') return from === 'pending' ? 'request_declined' : 'booking_cancelled';
  return undefined;
}

/**
 * The operator confirmed, declined or cancelled a booking: its guest is told, if it came from the public
 * form (a booking the operator entered, or one a channel brought, has its own channel to the guest).
 */
export async function recordBookingStatusChanged(
  tx: Executor,
  settings: MessageSettings,
  change: { from: BookingStatus; to: BookingStatus; facts: BookingFacts; now: Date },
): Promise<boolean> {
  const kind = describeStatusMessage(change.from, change.to);
  if (!kind) return false;
  const link = await findRequestLink(tx, change.facts.bookingId);
  if (!link) return false;
  // A confirmation says what is due now and how to pay it.
  const facts: BookingFacts =
    kind === 'request_confirmed'
      ? {
          ...change.facts,
          payment: attachPaymentLink(
            planGuestPayment(
              {
                bookingId: change.facts.bookingId,
                payment: await readGuestPaymentDue(tx, change.facts.bookingId, villaToday(change.now)),
              },
              settings,
            ),
            await findConfirmationLink(tx, change.facts.bookingId, change.now),
          ),
        }
      : change.facts;
  const message = await composeMessage(tx, settings, kind, change.facts.guestEmail, facts, {
    requestToken: await insertRequestToken(tx, { bookingId: change.facts.bookingId, purpose: 'page' }),
  });
  await insertOutboxMessages(tx, [message]);
  return true;
}

/**
 * The operator changed the dates, guests or total of a booking: its guest is told what changed, if the
 * booking came from the public form and the guest confirmed it from their e-mail (an address never
 * confirmed is not known to be the guest's; other bookings have their own channel to the guest, as for a
 * cancellation). Returns whether a message was written.
 */
export async function recordBookingChanged(
  tx: Executor,
  settings: MessageSettings,
  input: { facts: BookingFacts & { changes: NonNullable<BookingFacts['changes']> } },
): Promise<boolean> {
  const link = await findRequestLink(tx, input.facts.bookingId);
  if (!link?.confirmed_at) return false;
  const message = await composeMessage(tx, settings, 'booking_changed', input.facts.guestEmail, input.facts, {
    requestToken: await insertRequestToken(tx, { bookingId: input.facts.bookingId, purpose: 'page' }),
  });
  await insertOutboxMessages(tx, [message]);
  return true;
}

/** The Message-ID of a booking's reminder of a part due on `dueOn`: one per part, whoever writes it. */
export function buildReminderMessageId(settings: MessageSettings, bookingId: string, dueOn: string) {
  return `<payment-reminder.${bookingId}.${dueOn}@${settings.messages.messageIdDomain}>`;
}

/**
 * A reminder to the guest of a payment falling due, with how to pay it. Written at most once per booking
 * and due day: its Message-ID is fixed by them and unique in the outbox, so of two writers (two processes,
 * or a job run twice) one writes it and the other's insert does nothing. False when it was already there.
 */
export async function recordPaymentReminder(
  tx: Executor,
  settings: MessageSettings,
  input: { facts: BookingFacts & { payment: GuestPaymentPlan } },
): Promise<boolean> {
  const { facts } = input;
  const message = await composeMessage(tx, settings, 'payment_reminder', facts.guestEmail, facts, {
    requestToken: await insertRequestToken(tx, { bookingId: facts.bookingId, purpose: 'page' }),
  });
  return insertOutboxMessageOnce(tx, {
    ...message,
    message_id: buildReminderMessageId(settings, facts.bookingId, facts.payment.due.due_date),
  });
}

/**
 * The guest withdrew their request. A confirmed request's guest and operator are told; one never confirmed
 * is withdrawn quietly, like a lapse: its address is not known to be the guest's (a stranger could have
 * sent e-mail to anyone by requesting and withdrawing), and the operator never heard of it.
 */
export async function recordRequestWithdrawn(
  tx: Executor,
  settings: MessageSettings,
  input: { facts: BookingFacts; guestConfirmed: boolean },
): Promise<void> {
  if (!input.guestConfirmed) return;
  const requestToken = await insertRequestToken(tx, { bookingId: input.facts.bookingId, purpose: 'page' });
  const messages = [
    await composeMessage(tx, settings, 'request_withdrawn', input.facts.guestEmail, input.facts, {
      requestToken,
    }),
  ];
  const operator = await resolveOperatorAddress(tx, settings, input.facts.propertyId);
  if (operator) {
    messages.push(
      await composeMessage(tx, settings, 'request_withdrawn_operator', operator, input.facts, {
        manageUrl: buildManageUrl(settings, input.facts),
      }),
    );
  }
  await insertOutboxMessages(tx, messages);
}

/** A request lapsed unanswered: the guest is told. */
export async function recordRequestLapsed(
  tx: Executor,
  settings: MessageSettings,
  input: { facts: BookingFacts },
): Promise<void> {
  const message = await composeMessage(tx, settings, 'request_lapsed', input.facts.guestEmail, input.facts, {
    requestToken: await insertRequestToken(tx, { bookingId: input.facts.bookingId, purpose: 'page' }),
  });
  await insertOutboxMessages(tx, [message]);
}

/** The property's Channels view in the management area. */
export function buildChannelsUrl(settings: MessageSettings, propertyId: string): string {
  const query = new URLSearchParams({ view: 'channels', property: propertyId });
  return `${settings.server.publicUrl}/villa-management?${query.toString()}`;
}

/**
 * A channel notice to the operator (conflicts a sync found, a connection that stopped or resumed
 * syncing), written in the sync's transaction. Nothing when there is nowhere to send it.
 */
export async function recordChannelNotice(
  tx: Executor,
  settings: MessageSettings,
  notice: { kind: ChannelMessageKind; propertyId: string; facts: ChannelFacts },
): Promise<boolean> {
  const to = await resolveOperatorAddress(tx, settings, notice.propertyId);
  if (!to) return false;
  const id = randomUUID();
  const rendered = await renderChannelMessage(notice.kind, notice.facts, {
    channelsUrl: buildChannelsUrl(settings, notice.propertyId),
  });
  await insertOutboxMessages(tx, [
    {
      id,
      property_id: notice.propertyId,
      booking_id: null,
      kind: notice.kind,
      to_address: to,
      subject: rendered.subject,
      text_body: rendered.text,
      html_body: rendered.html,
      message_id: `<${id}@${settings.messages.messageIdDomain}>`,
    },
  ]);
  return true;
}

/** A payment arrived through Razorpay: the operator is told (nothing when there is nowhere to send it). */
export async function recordPaymentReceived(
  tx: Executor,
  settings: MessageSettings,
  input: { facts: BookingFacts & { received: NonNullable<BookingFacts['received']> } },
): Promise<void> {
  const operator = await resolveOperatorAddress(tx, settings, input.facts.propertyId);
  if (!operator) return;
  await insertOutboxMessages(tx, [
    await composeMessage(tx, settings, 'payment_received_operator', operator, input.facts, {
      manageUrl: buildManageUrl(settings, input.facts),
    }),
  ]);
}

/**
 * The operator made a payment link for a confirmed stay: its guest gets it by e-mail, if the stay came from
 * the public form (like the other guest messages). `plan` says what the link asks for.
 */
export async function recordPaymentLinkMade(
  tx: Executor,
  settings: MessageSettings,
  input: { facts: BookingFacts; plan: GuestPaymentPlan },
): Promise<boolean> {
  if (!(await findRequestLink(tx, input.facts.bookingId))) return false;
  const message = await composeMessage(
    tx,
    settings,
    'payment_link',
    input.facts.guestEmail,
    { ...input.facts, payment: input.plan },
    { requestToken: await insertRequestToken(tx, { bookingId: input.facts.bookingId, purpose: 'page' }) },
  );
  await insertOutboxMessages(tx, [message]);
  return true;
}

/**
 * An invoice, bill of supply, receipt or credit note was issued: its guest gets it by e-mail, written in
 * the issuing transaction, with the PDF attached when it is sent. None for a stay without an address (a
 * channel's stays have none). A stay from the public form gets the link to its page, where the document
 * can be downloaded again; one the operator entered has no page, so no link. False when none was written.
 */
export async function recordInvoiceIssued(
  tx: Executor,
  settings: MessageSettings,
  input: {
    booking: FactsOfBooking;
    invoice: { id: string; document: InvoiceDocument };
  },
): Promise<boolean> {
  const { booking, invoice } = input;
  const to = booking.guest_email.trim();
  if (!to) return false;
  const { document } = invoice;
  const requestToken = (await findRequestLink(tx, booking.id))
    ? await insertRequestToken(tx, { bookingId: booking.id, purpose: 'page' })
    : undefined;
  const message = await composeMessage(
    tx,
    settings,
    'invoice_issued',
    to,
    {
      ...describeBookingFacts(booking, document.stay.property_name),
      guestEmail: to,
      invoice: {
        title: document.title,
        number: document.number,
        total: makeMoney(document.total_minor, document.currency),
      },
    },
    { requestToken },
  );
  await insertOutboxMessages(tx, [{ ...message, invoice_id: invoice.id }]);
  return true;
}

/** The Message-ID of an entry's receipt: one per entry, whoever writes it. */
export function buildReceiptMessageId(settings: MessageSettings, entryId: string) {
  return `<payment-receipt.${entryId}@${settings.messages.messageIdDomain}>`;
}

/**
 * Money recorded on a stay (a payment or a security deposit held, by hand, by Mark paid or by Razorpay's
 * webhook): its guest gets a receipt in their language, with what is left to pay and by when, written in
 * the recording transaction after the entry (the ledger read then includes it). None for a correcting
 * entry, a stay a channel brought (the channel has its own way to the guest) or a sample, a cancelled stay
 * (the operator acts on money that arrives on one), a stay without an address, or a request whose address
 * its guest never confirmed. False when none was written.
 */
export async function recordPaymentReceipt(
  tx: Executor,
  settings: MessageSettings,
  input: { bookingId: string; entry: PaymentEntry; today: string },
): Promise<boolean> {
  const { entry } = input;
  // Entries are never changed: the ledger up to this one is what it was when it was recorded.
  if (entry.corrects_id || (entry.kind !== 'payment' && entry.kind !== 'security_deposit_held')) return false;
  const booking = await findBooking(tx, input.bookingId);
  if (!booking || booking.booking_source !== 'direct' || booking.is_sample || booking.status === 'cancelled')
    return false;
  const to = booking.guest_email.trim();
  if (!to) return false;
  const link = await findRequestLink(tx, booking.id);
  if (link && !link.confirmed_at) return false;
  const property = await requireProperty(tx, booking.property_id);
  const { summary } = await readLedger(tx, {
    booking,
    property,
    today: input.today,
    throughEntryId: entry.id,
  });
  const money = (minor: number) => makeMoney(minor, booking.currency);
  const nextDue = summary.next_due && { amount: money(summary.next_due.amount), date: summary.next_due.date };
  const receipt: PaymentReceipt = {
    kind: entry.kind,
    amount: money(entry.amount),
    method: entry.method,
    reference: entry.reference,
    receivedOn: entry.received_on,
    credited: money(summary.credited),
    paidSoFar: money(summary.net_paid),
    balance: money(summary.balance),
    nextDue,
    // The schedule's last part is the rest, when what is due next is not all that is left.
    restDueOn:
      nextDue && nextDue.amount.minor < money(summary.balance).minor
        ? (summary.schedule.at(-1)?.due_on ?? null)
        : null,
    overpaid: money(summary.overpaid),
    depositHeld: money(summary.security_deposit_held),
    today: input.today,
    amountKnown: booking.amount_known,
  };
  const requestToken = link
    ? await insertRequestToken(tx, { bookingId: booking.id, purpose: 'page' })
    : undefined;
  const message = await composeMessage(
    tx,
    settings,
    'payment_receipt',
    to,
    { ...describeBookingFacts(booking, property.name), guestEmail: to, receipt },
    { requestToken },
  );
  return insertOutboxMessageOnce(tx, { ...message, message_id: buildReceiptMessageId(settings, entry.id) });
}
