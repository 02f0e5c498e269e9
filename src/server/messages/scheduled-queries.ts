import { and, asc, desc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  MESSAGE_TEMPLATE_KINDS,
  type MessageTemplate,
  type MessageTemplateKind,
  type MessageTemplateUpdate,
  MESSAGE_WORDINGS,
  type TemplateWording,
} from '../../domain/message-template';
import { defaultMessageTemplates } from '../../content/scheduled-messages';
import type { Executor } from '../db/client';
import { bookings, messageTemplates, outboxMessages, properties, scheduledMessages } from '../db/schema';

/** Whose words a template's subject and text are: one of the two defaults', or the operator's own. */
export function describeWording(
  template: Pick<MessageTemplate, 'kind' | 'subject' | 'body'>,
): TemplateWording {
  for (const wording of MESSAGE_WORDINGS) {
    const defaults = defaultMessageTemplates[wording][template.kind];
    if (template.subject === defaults.subject && template.body === defaults.body) return wording;
  }
  return 'own';
}

/** A property's template of each kind: the saved one, else the defaults of its wording. */
export async function listMessageTemplates(db: Executor, propertyId: string): Promise<MessageTemplate[]> {
  const rows = await db.select().from(messageTemplates).where(eq(messageTemplates.property_id, propertyId));
  const [property] = await db
    .select({ message_wording: properties.message_wording })
    .from(properties)
    .where(eq(properties.id, propertyId));
  const wording = property?.message_wording ?? 'neutral';
  return MESSAGE_TEMPLATE_KINDS.map((kind) => {
    const row = rows.find((each) => each.kind === kind);
    if (row) {
      const template = {
        property_id: propertyId,
        kind,
        subject: row.subject,
        body: row.body,
        enabled: row.enabled,
        days: row.days,
        review_url: row.review_url,
        saved: true,
      };
      return { ...template, wording: describeWording(template) };
    }
    const defaults = defaultMessageTemplates[wording][kind];
    return { property_id: propertyId, kind, ...defaults, review_url: '', saved: false, wording };
  });
}

/** The operator's properties (as row-level security shows them) whose messages still use the villa's words. */
export async function listVillaWordingProperties(
  db: Executor,
): Promise<{ property_id: string; name: string }[]> {
  const rows = await db
    .select({ id: properties.id, name: properties.name })
    .from(properties)
    .orderBy(asc(properties.created_at), asc(properties.id));
  const found: { property_id: string; name: string }[] = [];
  for (const row of rows) {
    const templates = await listMessageTemplates(db, row.id);
    if (templates.some((template) => template.wording === 'villa'))
      found.push({ property_id: row.id, name: row.name });
  }
  return found;
}

export async function findMessageTemplate(
  db: Executor,
  input: { propertyId: string; kind: MessageTemplateKind },
): Promise<MessageTemplate> {
  const templates = await listMessageTemplates(db, input.propertyId);
  return templates.find((template) => template.kind === input.kind)!;
}

export async function saveMessageTemplate(
  db: Executor,
  input: { propertyId: string; kind: MessageTemplateKind; template: MessageTemplateUpdate },
): Promise<void> {
  const values = { ...input.template, updated_at: sql`now()` };
  await db
    .insert(messageTemplates)
    .values({ property_id: input.propertyId, kind: input.kind, ...values })
    .onConflictDoUpdate({ target: [messageTemplates.property_id, messageTemplates.kind], set: values });
}

/** What became of a booking's scheduled messages (skipped, or written with its delivery state). */
export async function listScheduledRecords(db: Executor, bookingIds: string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      booking_id: scheduledMessages.booking_id,
      kind: scheduledMessages.kind,
      status: scheduledMessages.status,
      created_at: scheduledMessages.created_at,
      sent_at: outboxMessages.sent_at,
    })
    .from(scheduledMessages)
    .leftJoin(outboxMessages, eq(outboxMessages.id, scheduledMessages.outbox_message_id))
    .where(inArray(scheduledMessages.booking_id, bookingIds));
}

/** Skips a booking's message; false when it was already written (too late to skip). */
export async function skipScheduledMessage(
  db: Executor,
  input: { bookingId: string; propertyId: string; kind: MessageTemplateKind },
): Promise<boolean> {
  await db
    .insert(scheduledMessages)
    .values({
      booking_id: input.bookingId,
      property_id: input.propertyId,
      kind: input.kind,
      status: 'skipped',
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({ status: scheduledMessages.status })
    .from(scheduledMessages)
    .where(and(eq(scheduledMessages.booking_id, input.bookingId), eq(scheduledMessages.kind, input.kind)));
  return row?.status === 'skipped';
}

/** Restores a skipped message to the schedule; false when it was not skipped. */
export async function restoreScheduledMessage(
  db: Executor,
  input: { bookingId: string; kind: MessageTemplateKind },
): Promise<boolean> {
  const rows = await db
    .delete(scheduledMessages)
    .where(
      and(
        eq(scheduledMessages.booking_id, input.bookingId),
        eq(scheduledMessages.kind, input.kind),
        eq(scheduledMessages.status, 'skipped'),
      ),
    )
    .returning({ id: scheduledMessages.booking_id });
  return rows.length === 1;
}

/**
 * Claims a booking's message for writing: one row per booking and kind, so of two writers (two processes,
 * or a pass run twice) one gets it. False when it was skipped or written already.
 */
export async function claimScheduledMessage(
  db: Executor,
  input: { bookingId: string; propertyId: string; kind: MessageTemplateKind; outboxMessageId: string },
): Promise<boolean> {
  const rows = await db
    .insert(scheduledMessages)
    .values({
      booking_id: input.bookingId,
      property_id: input.propertyId,
      kind: input.kind,
      status: 'written',
      outbox_message_id: input.outboxMessageId,
    })
    .onConflictDoNothing()
    .returning({ id: scheduledMessages.booking_id });
  return rows.length === 1;
}

/**
 * Stays that may have a scheduled message of this kind to write (the job runs as the table owner): live
 * stays with an e-mail address, not samples, whose message has no record yet, and whose day, by the
 * largest offset a template may have, is near. Each is checked exactly (planScheduledSend) before writing.
 */
export async function listScheduledCandidates(
  db: Executor,
  input: { kind: MessageTemplateKind; today: string; limit: number },
) {
  const statuses = input.kind === 'before_arrival' ? ['confirmed'] : ['confirmed', 'completed'];
  const window =
    input.kind === 'before_arrival'
      ? sql`${bookings.check_in} between ${input.today}::date and ${input.today}::date + 31`
      : sql`${bookings.check_out} between ${input.today}::date - 33 and ${input.today}::date`;
  return db
    .select({ id: bookings.id })
    .from(bookings)
    .leftJoin(
      scheduledMessages,
      and(eq(scheduledMessages.booking_id, bookings.id), eq(scheduledMessages.kind, input.kind)),
    )
    .where(
      and(
        inArray(bookings.status, statuses as ('confirmed' | 'completed')[]),
        eq(bookings.is_sample, false),
        ne(sql`btrim(${bookings.guest_email})`, ''),
        window,
        isNull(scheduledMessages.booking_id),
      ),
    )
    .orderBy(bookings.check_in)
    .limit(input.limit);
}

/** A booking to preview a template on, when none is chosen: the next stay to come, else the latest. */
export async function findPreviewBookingId(
  db: Executor,
  input: { propertyId: string; today: string },
): Promise<string | undefined> {
  const live = and(eq(bookings.property_id, input.propertyId), ne(bookings.status, 'cancelled'));
  const [next] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(live, gte(bookings.check_in, input.today)))
    .orderBy(asc(bookings.check_in))
    .limit(1);
  if (next) return next.id;
  const [latest] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.property_id, input.propertyId))
    .orderBy(desc(bookings.check_in))
    .limit(1);
  return latest?.id;
}
