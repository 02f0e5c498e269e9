import { createHash } from 'node:crypto';
import { site } from '../../content/site';
import { addDaysToDate, villaToday } from '../../domain/dates';
import type { Executor } from '../db/client';
import {
  findExportProperty,
  listClosedCalendarDays,
  listExportBlocks,
  listExportStays,
} from './export-queries';
import { writeCalendar, type CalendarEvent } from './write-calendar';

/** How far back the export reaches: stays and closed nights that ended within this many days. */
export const EXPORT_PAST_DAYS = 30;
const UID_DOMAIN = new URL(site.url).hostname;
const PROD_ID = `-//${site.brandName}//Channel calendar//EN`;
// Part of every ETag: change it when the calendar's text changes for the same rows (a new field, another
// layout), so channels fetch the new text once.
const CALENDAR_FORMAT = 'v1';

type Span = { start: string; end: string; stamp: Date };

const nextDay = (date: string) => {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
};

/** Merges overlapping and touching ranges into one 'Not available' range each. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) {
      if (span.end > last.end) last.end = span.end;
      if (span.stamp > last.stamp) last.stamp = span.stamp;
    } else merged.push({ ...span });
  }
  return merged;
}

/**
 * The events of an export: each pending or confirmed stay as 'Reserved' and each closed range as 'Not
 * available', with no guest data. UIDs are stable (a stay keeps its UID when its dates move) and DTSTAMP
 * is when the item last changed, so an unchanged calendar is byte-identical and its ETag holds.
 */
export function buildExportEvents(input: {
  propertyId: string;
  stays: readonly { id: string; check_in: string; check_out: string; updated_at: Date }[];
  closed: readonly Span[];
}): CalendarEvent[] {
  const events: CalendarEvent[] = input.stays.map((stay) => ({
    uid: `stay-${stay.id}@${UID_DOMAIN}`,
    start: stay.check_in,
    end: stay.check_out,
    summary: 'Reserved',
    stamp: stay.updated_at,
  }));
  for (const span of mergeSpans(input.closed)) {
    events.push({
      uid: `closed-${span.start.replace(/-/g, '')}-${input.propertyId}@${UID_DOMAIN}`,
      start: span.start,
      end: span.end,
      summary: 'Not available',
      stamp: span.stamp,
    });
  }
  return events.sort((a, b) => a.start.localeCompare(b.start) || a.uid.localeCompare(b.uid));
}

/**
 * A property's calendar for export, optionally without what one connection brought. The ETag is a hash
 * of the rows the calendar is made of (not of the text), so a channel asking "has it changed?" is
 * answered without writing the calendar; `render()` writes it when it has.
 */
export async function loadPropertyCalendar(
  db: Executor,
  input: { propertyId: string; excludeConnectionId: string | null; now: Date },
): Promise<{ etag: string; render: () => string } | undefined> {
  const property = await findExportProperty(db, input.propertyId);
  if (!property) return undefined;
  const from = addDaysToDate(villaToday(input.now), -EXPORT_PAST_DAYS);
  const scope = { propertyId: property.id, from, excludeConnectionId: input.excludeConnectionId };
  const stays = await listExportStays(db, scope);
  const blocks = await listExportBlocks(db, scope);
  const days = await listClosedCalendarDays(db, { propertyId: property.id, from });
  const closed: Span[] = [
    ...blocks.map((block) => ({ start: block.start_date, end: block.end_date, stamp: block.updated_at })),
    ...days.map((day) => ({ start: day.date, end: nextDay(day.date), stamp: day.created_at })),
  ];
  const hash = createHash('sha256').update(`${CALENDAR_FORMAT}\n${property.name}\n`);
  for (const stay of stays)
    hash.update(`s ${stay.id} ${stay.check_in} ${stay.check_out} ${stay.updated_at.getTime()}\n`);
  for (const span of closed) hash.update(`c ${span.start} ${span.end} ${span.stamp.getTime()}\n`);
  return {
    etag: `"${hash.digest('base64url').slice(0, 27)}"`,
    render: () =>
      writeCalendar({
        name: property.name,
        prodId: PROD_ID,
        events: buildExportEvents({ propertyId: property.id, stays, closed }),
      }),
  };
}
