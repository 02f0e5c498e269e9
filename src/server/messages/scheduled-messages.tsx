import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { render } from '@react-email/render';
import { eq } from 'drizzle-orm';
import { formatBookingReference, type StoredBooking } from '../../domain/booking';
import { countDaysBetween, formatCalendarDate, villaToday } from '../../domain/dates';
import {
  fillTemplateText,
  isSendingHour,
  MESSAGE_TEMPLATE_KINDS,
  planScheduledSend,
  type MessagePlaceholder,
  type MessageTemplate,
  type MessageTemplateKind,
  type ScheduledMessage,
} from '../../domain/message-template';
import { formatMoney, makeMoney } from '../../domain/money';
import { scheduledMessageTexts, stayTimes } from '../../content/scheduled-messages';
import { messageTexts } from '../../content/messages';
import { DEFAULT_LANGUAGE, type Language } from '../../domain/language';
import { findGuestMessageTexts } from './render-message';
import type { Db, Executor } from '../db/client';
import { properties } from '../db/schema';
import type { Config } from '../env';
import { runWithLease } from '../jobs/lease';
import { startPeriodicJob } from '../jobs/periodic';
import { lockBooking, readLedger } from '../store/payments';
import { insertOutboxMessageOnce, REQUEST_TOKEN_PLACEHOLDER } from '../store/outbox';
import { insertRequestToken } from '../store/request-links';
import {
  claimScheduledMessage,
  findMessageTemplate,
  listScheduledCandidates,
  listScheduledRecords,
} from './scheduled-queries';
import type { MessageSettings } from '../env';
import { ScheduledEmail } from './templates/scheduled-email';
import { findPropertyContact } from '../business/contact-queries';
import type { BusinessContact } from '../../domain/business-contact';
import { applyContact } from './contact-text';

type PropertyFacts = {
  id: string;
  name: string;
  address: string;
  city: string;
  country: string;
  currency: string;
};

export async function findPropertyFacts(
  db: Executor,
  propertyId: string,
): Promise<PropertyFacts | undefined> {
  const [row] = await db
    .select({
      id: properties.id,
      name: properties.name,
      address: properties.address,
      city: properties.city,
      country: properties.country,
      currency: properties.currency,
    })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .limit(1);
  return row;
}

function describeAddress(property: PropertyFacts): string {
  return [property.address, property.city, property.country]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/** A map search for the property's address (no account, any phone opens it). */
export function buildMapLink(property: PropertyFacts): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(describeAddress(property))}`;
}

/**
 * The placeholders' values for a stay. `checkInLink`: the guest's page (its token is put in when the message
 * is sent), or, for a preview, the page's address with the token masked.
 */
export async function describeStayValues(
  tx: Executor,
  settings: MessageSettings,
  input: {
    booking: StoredBooking;
    property: PropertyFacts;
    template: Pick<MessageTemplate, 'review_url'>;
    today: string;
    link: 'token' | 'masked' | 'none';
  },
): Promise<Partial<Record<MessagePlaceholder, string>>> {
  const { booking, property } = input;
  const { summary } = await readLedger(tx, { booking, property, today: input.today });
  const balance = makeMoney(summary.balance, booking.currency);
  // Every stay gets its guest's page (for online check-in), the ones the operator entered too: the link is
  // made when the message is written.
  const hasPage = input.link !== 'none';
  const page = `${settings.server.publicUrl}/request/${input.link === 'token' ? REQUEST_TOKEN_PLACEHOLDER : '••••••'}#check-in`;
  const contact = await findPropertyContact(tx, property.id);
  return {
    contactPhone: contact.phone,
    contactEmail: contact.email,
    guestName: booking.guest_name.trim(),
    reference: formatBookingReference(booking.id),
    checkInDate: formatCalendarDate(booking.check_in),
    checkInTime: stayTimes.checkIn,
    checkOutDate: formatCalendarDate(booking.check_out),
    checkOutTime: stayTimes.checkOut,
    nights: String(countDaysBetween(booking.check_in, booking.check_out)),
    guests: String(booking.guests_count),
    propertyName: property.name,
    propertyAddress: describeAddress(property),
    mapLink: buildMapLink(property),
    balanceDue: balance.minor > 0 ? formatMoney(balance) : '',
    checkInLink: hasPage ? page : '',
    reviewLink: input.template.review_url.trim(),
  };
}

export type RenderedScheduled = { subject: string; text: string; html: string };

/** A scheduled message's subject, plain text and HTML from its template and the placeholders' values. */
export async function renderScheduledMessage(
  template: Pick<MessageTemplate, 'subject' | 'body'>,
  values: Partial<Record<MessagePlaceholder, string>>,
  options: { notes?: string[]; subjectPrefix?: string; language?: Language; contact?: BusinessContact } = {},
): Promise<RenderedScheduled> {
  const subject = `${options.subjectPrefix ?? ''}${fillTemplateText(template.subject, values).replace(/\s+/g, ' ')}`;
  const body = fillTemplateText(template.body, values);
  // The operator's words stay as they wrote them; our note under them is in the guest's language.
  const notesLanguage = options.notes ? DEFAULT_LANGUAGE : (options.language ?? DEFAULT_LANGUAGE);
  const notes = options.notes ?? [
    notesLanguage === DEFAULT_LANGUAGE
      ? scheduledMessageTexts.stayNote
      : findGuestMessageTexts(notesLanguage).stayNote,
  ];
  const paragraphs = body
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
  const text = [body, '', ...notes.flatMap((note) => [note, '']), '--', messageTexts.footer, ''].join('\n');
  const html = await render(
    <ScheduledEmail
      preview={subject}
      heading={subject}
      paragraphs={paragraphs}
      notes={notes}
      notesLang={notesLanguage}
      footer={messageTexts.footer}
    />,
  );
  const rendered = { subject, text, html };
  return options.contact ? applyContact(rendered, options.contact) : rendered;
}

/** The Message-ID of a booking's scheduled message: one per booking and kind, whoever writes it. */
export function buildScheduledMessageId(
  settings: MessageSettings,
  kind: MessageTemplateKind,
  bookingId: string,
) {
  return `<${kind.replace('_', '-')}.${bookingId}@${settings.messages.messageIdDomain}>`;
}

/** Why a stay gets no scheduled message at all, whatever the time; undefined when it may get one. */
function findExclusion(
  booking: StoredBooking,
  kind: MessageTemplateKind,
): keyof typeof scheduledMessageTexts.notes | undefined {
  if (booking.is_sample) return 'sample';
  if (booking.status === 'cancelled') return 'cancelled';
  if (!booking.guest_email.trim()) return 'noEmail';
  if (kind === 'before_arrival' && booking.status === 'completed') return 'tooLate';
  return undefined;
}

/**
 * When a stay's message goes out (planScheduledSend), and never a thank-you for a stay entered after it
 * ended (the operator recording history).
 */
export function planStaySend(booking: StoredBooking, kind: MessageTemplateKind, days: number, now: Date) {
  if (kind === 'after_stay' && villaToday(new Date(booking.created_at)) >= booking.check_out) return null;
  return planScheduledSend({ kind, stay: booking, days, now });
}

class AlreadyWritten extends Error {}

/**
 * Writes one booking's scheduled message if it is due now, in one transaction: the booking locked, every
 * rule checked again, the message written to the outbox with its record. The record's key (booking, kind)
 * makes it once only, whoever else writes it meanwhile. Whether it was written.
 */
export async function writeScheduledMessage(
  db: Db,
  settings: MessageSettings,
  input: { bookingId: string; kind: MessageTemplateKind; now: Date },
): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const booking = await lockBooking(tx, input.bookingId);
      if (!booking || findExclusion(booking, input.kind)) return false;
      if (booking.status !== 'confirmed' && !(input.kind === 'after_stay' && booking.status === 'completed'))
        return false;
      const property = await findPropertyFacts(tx, booking.property_id);
      if (!property) return false;
      const template = await findMessageTemplate(tx, { propertyId: property.id, kind: input.kind });
      if (!template.enabled) return false;
      const sendAt = planStaySend(booking, input.kind, template.days, input.now);
      if (!sendAt || sendAt > input.now || !isSendingHour(input.now)) return false;
      const values = await describeStayValues(tx, settings, {
        booking,
        property,
        template,
        today: villaToday(input.now),
        link: 'token',
      });
      const rendered = await renderScheduledMessage(template, values, {
        language: booking.guest_language,
        contact: await findPropertyContact(tx, property.id),
      });
      const linkToken = values.checkInLink
        ? await insertRequestToken(tx, { bookingId: booking.id, purpose: 'page' })
        : null;
      const id = randomUUID();
      const written = await insertOutboxMessageOnce(tx, {
        id,
        property_id: property.id,
        booking_id: booking.id,
        kind: input.kind,
        to_address: booking.guest_email.trim(),
        subject: rendered.subject,
        text_body: rendered.text,
        html_body: rendered.html,
        message_id: buildScheduledMessageId(settings, input.kind, booking.id),
        link_token: linkToken,
      });
      if (!written) throw new AlreadyWritten();
      const claimed = await claimScheduledMessage(tx, {
        bookingId: booking.id,
        propertyId: property.id,
        kind: input.kind,
        outboxMessageId: id,
      });
      // Skipped (or written) meanwhile: nothing of this one is kept.
      if (!claimed) throw new AlreadyWritten();
      return true;
    });
  } catch (error) {
    if (error instanceof AlreadyWritten) return false;
    throw error;
  }
}

const BATCH = 200;

/**
 * One pass of the scheduled messages, under the job's lease (one process at a time; each message's record
 * keeps it single even if two passes overlap). Nothing in the villa's night. The number written.
 */
export async function sendDueScheduledMessages(
  db: Db,
  options: { config: MessageSettings; holder: string; now?: () => Date; logger?: FastifyBaseLogger },
): Promise<number> {
  const run = await runWithLease(
    db,
    { key: 'messages:scheduled', holder: options.holder, ttlMs: 60_000 },
    async () => {
      const now = options.now?.() ?? new Date();
      if (!isSendingHour(now)) return 0;
      const today = villaToday(now);
      let written = 0;
      for (const kind of MESSAGE_TEMPLATE_KINDS) {
        const candidates = await listScheduledCandidates(db, { kind, today, limit: BATCH });
        for (const { id } of candidates) {
          if (await writeScheduledMessage(db, options.config, { bookingId: id, kind, now })) {
            written += 1;
            options.logger?.info({ booking: id, kind }, 'scheduled message written');
          }
        }
      }
      return written;
    },
  );
  return run.acquired ? run.value : 0;
}

/** The scheduled messages' periodic job: every SCHEDULED_MESSAGES_MINUTES, and soon after the start. */
export function startScheduledMessages(options: {
  db: Db;
  config: MessageSettings & Pick<Config, 'messages'>;
  holder: string;
  logger?: FastifyBaseLogger;
  onMessagesWritten?: () => void;
}) {
  return startPeriodicJob({
    pass: async () => {
      const written = await sendDueScheduledMessages(options.db, options);
      if (written > 0) options.onMessagesWritten?.();
      return written;
    },
    everyMs: options.config.messages.scheduledEveryMinutes * 60_000,
    firstMs: 7_000,
    logger: options.logger,
    failure: 'scheduled messages pass failed',
  });
}

/** A booking's scheduled messages as the operator sees them: what is sent when, or why not. */
export async function listBookingSchedule(
  tx: Executor,
  input: { booking: StoredBooking; now: Date },
): Promise<ScheduledMessage[]> {
  const { booking, now } = input;
  const records = await listScheduledRecords(tx, [booking.id]);
  const schedule: ScheduledMessage[] = [];
  for (const kind of MESSAGE_TEMPLATE_KINDS) {
    const template = await findMessageTemplate(tx, { propertyId: booking.property_id, kind });
    const record = records.find((each) => each.kind === kind);
    const planned = planStaySend(booking, kind, template.days, now);
    const notes = scheduledMessageTexts.notes;
    const entry = (
      state: ScheduledMessage['state'],
      note: string,
      extra: Partial<ScheduledMessage> = {},
    ): ScheduledMessage => ({
      kind,
      state,
      send_at: planned?.toISOString() ?? null,
      sent_at: null,
      note,
      can_skip: false,
      can_restore: false,
      ...extra,
    });
    if (record?.status === 'written') {
      schedule.push(
        entry('sent', notes.sent, {
          send_at: record.created_at.toISOString(),
          sent_at: record.sent_at?.toISOString() ?? null,
        }),
      );
      continue;
    }
    const exclusion = findExclusion(booking, kind);
    if (exclusion) {
      schedule.push(entry('none', notes[exclusion], { send_at: null }));
      continue;
    }
    if (record?.status === 'skipped') {
      schedule.push(entry('skipped', notes.skipped, { can_restore: true }));
      continue;
    }
    if (!template.enabled) {
      schedule.push(entry('off', notes.off));
      continue;
    }
    if (!planned) {
      schedule.push(entry('none', notes.tooLate));
      continue;
    }
    const note = booking.status === 'pending' ? notes.pending : planned <= now ? notes.late : notes.scheduled;
    schedule.push(entry('scheduled', note, { can_skip: true }));
  }
  return schedule;
}
