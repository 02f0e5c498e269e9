import { and, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import { formatBookingReference } from '../../domain/booking';
import { formatCalendarDate } from '../../domain/dates';
import {
  AUDIT_PAGE_SIZE,
  type AuditEvent,
  type AuditEventPage,
  type AuditEventQuery,
} from '../../domain/audit';
import type { Executor } from '../db/client';
import { auditEvents, bookings, properties } from '../db/schema';

type EventRow = typeof auditEvents.$inferSelect;

const BOOKING_ENTITIES = new Set(['booking', 'payment', 'gateway_refund', 'invoice', 'guest_check_in']);

/** The booking an event is about: the booking itself, or the booking of a payment or an invoice. */
function findEventBookingId(row: EventRow): string | undefined {
  if (row.entity_type === 'booking') return row.entity_id;
  if (!BOOKING_ENTITIES.has(row.entity_type)) return undefined;
  const values = (row.after ?? row.before) as Record<string, unknown> | null;
  return typeof values?.booking_id === 'string' ? values.booking_id : undefined;
}

/**
 * What each event is about, in words, and the currency of its amounts: a booking by its reference,
 * guest and property; anything else of a property by the property's name. Two queries for a whole page.
 */
async function describeEventSubjects(db: Executor, rows: readonly EventRow[]) {
  const bookingIds = [...new Set(rows.map(findEventBookingId).filter((id): id is string => Boolean(id)))];
  const propertyIds = [
    ...new Set(rows.map((row) => row.property_id).filter((id): id is string => Boolean(id))),
  ];
  const stays = bookingIds.length
    ? await db
        .select({ id: bookings.id, guest_name: bookings.guest_name, property_id: bookings.property_id })
        .from(bookings)
        .where(inArray(bookings.id, bookingIds))
    : [];
  const places = propertyIds.length
    ? await db
        .select({ id: properties.id, name: properties.name, currency: properties.currency })
        .from(properties)
        .where(inArray(properties.id, propertyIds))
    : [];
  const stayById = new Map(stays.map((stay) => [stay.id, stay]));
  const placeById = new Map(places.map((place) => [place.id, place]));
  return (row: EventRow) => {
    const place = row.property_id ? placeById.get(row.property_id) : undefined;
    const bookingId = findEventBookingId(row);
    const values = (row.after ?? row.before) as Record<string, unknown> | null;
    let subject: string | null = place?.name ?? null;
    if (bookingId) {
      // A booking removed since (sample data) still has its guest in the event's own values.
      const guest = stayById.get(bookingId)?.guest_name ?? (values?.guest_name as string | undefined);
      subject = [formatBookingReference(bookingId), guest, place?.name].filter(Boolean).join(' · ');
    }
    if (row.entity_type === 'invoice' && typeof values?.number === 'string')
      subject = [values.number, subject].filter(Boolean).join(' · ');
    if (row.entity_type === 'calendar_day' && typeof values?.date === 'string')
      subject = [place?.name, formatCalendarDate(values.date)].filter(Boolean).join(' · ');
    return { subject, currency: place?.currency ?? null };
  };
}

/**
 * A page of the operator's audit events, newest first. Row-level security limits the rows to the
 * operator the transaction acts for; paging is by id, so new events never shift a page being read.
 */
export async function listAuditEventsPage(db: Executor, query: AuditEventQuery): Promise<AuditEventPage> {
  const limit = query.limit ?? AUDIT_PAGE_SIZE.default;
  const conditions: (SQL | undefined)[] = [
    query.entity_type ? eq(auditEvents.entity_type, query.entity_type) : undefined,
    query.entity_id ? eq(auditEvents.entity_id, query.entity_id) : undefined,
    query.property_id ? eq(auditEvents.property_id, query.property_id) : undefined,
    query.actor ? eq(auditEvents.actor, query.actor) : undefined,
    query.from ? gte(auditEvents.occurred_at, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(auditEvents.occurred_at, new Date(`${query.to}T00:00:00Z`)) : undefined,
    query.before ? lt(auditEvents.id, query.before) : undefined,
  ];
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const describe = await describeEventSubjects(db, page);
  return {
    events: page.map((row): AuditEvent => ({
      ...describe(row),
      id: row.id,
      occurred_at: row.occurred_at.toISOString(),
      actor: row.actor as AuditEvent['actor'],
      actor_id: row.actor_id,
      entity_type: row.entity_type as AuditEvent['entity_type'],
      entity_id: row.entity_id,
      property_id: row.property_id,
      action: row.action as AuditEvent['action'],
      before: row.before as AuditEvent['before'],
      after: row.after as AuditEvent['after'],
    })),
    next_before: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}
