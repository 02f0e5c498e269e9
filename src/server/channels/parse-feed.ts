import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import type { ChannelKind } from '../../domain/channel';
import { DATE_BOUNDS, stripControlCharacters } from '../../domain/fields';
import { FeedError } from './fetch-feed';

/** One stay or closed range read from a channel's calendar, as half-open calendar dates. */
export type FeedItem = {
  uid: string;
  kind: 'stay' | 'block';
  check_in: string;
  check_out: string;
  summary: string | null;
  /** The channel's reservation code (Airbnb's HM…), when the feed gives one. */
  external_booking_id: string | null;
  /** A guest name when the feed gives one (Vrbo's 'Reserved - Name'); channels mostly do not. */
  guest_name: string | null;
  /** The last digits of the guest's phone (Airbnb gives four). */
  phone_last_digits: string | null;
};

export type ParseFeedOptions = {
  channel: ChannelKind;
  /** Items that end on or before this date are left out: past stays are never touched. */
  from: string;
  /** Recurring events are expanded up to this date. */
  to: string;
  /** The zone in which UTC date-times are read as dates (the villa's). */
  timeZone: string;
};

export const FEED_LIMITS = { maxItems: 20_000, maxOccurrencesPerEvent: 1_000 } as const;

/**
 * Reads an RFC 5545 calendar (CRLF or bare LF, folded lines, DATE and DATE-TIME values, TZID, RRULE with
 * EXDATE and RECURRENCE-ID overrides, STATUS:CANCELLED) into stays and closed ranges.
 *
 * Dates: a DATE is taken as written; a DATE-TIME with a TZID (or floating) by its wall-clock date as the
 * calendar shows it; a UTC DATE-TIME by its date in `timeZone`. The end is exclusive (a check-out day),
 * and an event that starts and ends on one date closes that date.
 */
export function parseFeed(text: string, options: ParseFeedOptions): FeedItem[] {
  const body = text.replace(/^\uFEFF/, '');
  if (!/^\s*BEGIN:VCALENDAR/i.test(body)) {
    throw new FeedError(
      'not_a_calendar',
      /^\s*</.test(body)
        ? 'The address returned a web page, not a calendar: copy the iCal export link from the channel'
        : 'The address did not return a calendar (no BEGIN:VCALENDAR): copy the iCal export link from the channel',
    );
  }
  let root: ICAL.Component;
  try {
    const parsed = ICAL.parse(body) as unknown;
    // Several calendars in one answer: read the first.
    const first = (Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed[0] : parsed) as unknown[];
    root = new ICAL.Component(first as never);
  } catch (error) {
    throw new FeedError(
      'not_a_calendar',
      `The calendar could not be read: ${error instanceof Error ? error.message : 'malformed content'}`,
    );
  }

  const items: FeedItem[] = [];
  const seen = new Set<string>();
  const push = (item: FeedItem) => {
    if (seen.has(item.uid) || item.check_out <= options.from) return;
    // Dates stay within the years every other part of the product takes: an item that starts after the
    // last date there is (a DTSTART in 9999) is left out, and a range closed "for ever" (a DTEND in 9999)
    // closes the nights up to that date. A stay years ahead is kept: a missed stay is a double booking.
    if (item.check_in >= DATE_BOUNDS.max) return;
    seen.add(item.uid);
    if (item.check_out > DATE_BOUNDS.max) item.check_out = DATE_BOUNDS.max;
    items.push(item);
    if (items.length > FEED_LIMITS.maxItems) {
      throw new FeedError(
        'too_large',
        `The calendar has more than ${FEED_LIMITS.maxItems.toLocaleString('en-US')} events`,
      );
    }
  };

  const components = root.getAllSubcomponents('vevent');
  const masters = new Set(
    components
      .filter((component) => !component.hasProperty('recurrence-id'))
      .map((component) => String(component.getFirstPropertyValue('uid') ?? '')),
  );
  for (const component of components) {
    const uid = readText(component, 'uid') ?? synthesiseUid(component);
    // An override of a recurring event is read through its master (getOccurrenceDetails).
    if (component.hasProperty('recurrence-id') && masters.has(uid)) continue;
    if (readStatus(component) === 'CANCELLED') continue;
    const description = readText(component, 'description');
    const summary = readText(component, 'summary');

    if (!component.hasProperty('rrule') && !component.hasProperty('rdate')) {
      // Read directly: building an ICAL.Event costs far more than the rest of the parse.
      const dates = toStayDates(...readRange(component), options.timeZone);
      if (dates) push(describe(uid, summary, description, dates, options.channel));
      continue;
    }
    let event: ICAL.Event;
    try {
      event = new ICAL.Event(component);
    } catch {
      continue;
    }
    if (!event.startDate) continue;
    const iterator = event.iterator();
    for (let count = 0; count < FEED_LIMITS.maxOccurrencesPerEvent; count += 1) {
      const next = iterator.next();
      if (!next) break;
      const details = event.getOccurrenceDetails(next);
      const dates = toStayDates(details.startDate, details.endDate, options.timeZone);
      if (!dates) continue;
      if (dates.check_in >= options.to) break;
      if (readStatus(details.item.component) === 'CANCELLED') continue;
      const occurrenceUid = `${uid}#${formatCompactDate(next)}`;
      push(
        describe(
          occurrenceUid,
          cleanText(details.item.summary),
          readText(details.item.component, 'description') ?? description,
          dates,
          options.channel,
        ),
      );
    }
  }
  return items;
}

/** DTSTART and the end: DTEND, else DTSTART + DURATION, else none (one day; see toStayDates). */
function readRange(component: ICAL.Component): [ICAL.Time | null, ICAL.Time | null] {
  const start = component.getFirstPropertyValue('dtstart');
  if (!(start instanceof ICAL.Time)) return [null, null];
  const end = component.getFirstPropertyValue('dtend');
  if (end instanceof ICAL.Time) return [start, end];
  const duration = component.getFirstPropertyValue('duration');
  if (duration instanceof ICAL.Duration) {
    const computed = start.clone();
    computed.addDuration(duration);
    return [start, computed];
  }
  return [start, null];
}

function readStatus(component: ICAL.Component): string {
  const value = component.getFirstPropertyValue('status');
  return typeof value === 'string' ? value.trim().toUpperCase() : '';
}

function readText(component: ICAL.Component, name: string): string | null {
  return cleanText(component.getFirstPropertyValue(name));
}

/**
 * A feed's text with its control characters dropped (line breaks kept, for the descriptions read line by
 * line), trimmed; null when nothing is left. PostgreSQL refuses a NUL outright, so one in a summary or a
 * UID would otherwise fail every sync of the channel until the channel changed its calendar.
 */
function cleanText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = stripControlCharacters(value, { multiline: true }).trim();
  return text || null;
}

function synthesiseUid(component: ICAL.Component): string {
  const fingerprint = ['dtstart', 'dtend', 'summary']
    .map((name) => String(component.getFirstPropertyValue(name) ?? ''))
    .join('|');
  return `no-uid-${createHash('sha256').update(fingerprint).digest('hex').slice(0, 24)}`;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function formatCompactDate(time: ICAL.Time): string {
  return `${pad(time.year, 4)}${pad(time.month)}${pad(time.day)}`;
}

function formatWallDate(time: ICAL.Time): string {
  return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();
function formatDateInZone(instant: Date, timeZone: string): string {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}

function isUtc(time: ICAL.Time): boolean {
  return time.zone === ICAL.Timezone.utcTimezone || time.zone?.tzid === 'UTC';
}

function toCalendarDate(time: ICAL.Time, timeZone: string): string {
  if (time.isDate || !isUtc(time)) return formatWallDate(time);
  return formatDateInZone(time.toJSDate(), timeZone);
}

function nextDate(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

function toStayDates(
  start: ICAL.Time | null,
  end: ICAL.Time | null,
  timeZone: string,
): { check_in: string; check_out: string } | undefined {
  if (!start) return undefined;
  const check_in = toCalendarDate(start, timeZone);
  let check_out = end ? toCalendarDate(end, timeZone) : nextDate(check_in);
  if (check_out < check_in) return undefined;
  if (check_out === check_in) check_out = nextDate(check_in);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(check_in) || !/^\d{4}-\d{2}-\d{2}$/.test(check_out)) return undefined;
  return { check_in, check_out };
}

const BLOCK_WORDS = /not available|unavailable|blocked|closed|busy|owner/i;
const STAY_WORDS = /\b(reserved|reservation|booked|booking)\b/i;

/**
 * Stay or closed range: Airbnb marks reservations 'Reserved' (with a reservation URL) and everything else
 * 'Airbnb (Not available)'; Booking.com says only 'CLOSED - Not available' and never which nights are
 * sold, so all of it is closed nights; Vrbo and other tools call a reservation 'Reserved' or 'Booked'.
 */
function classify(channel: ChannelKind, summary: string, description: string): 'stay' | 'block' {
  if (channel === 'booking_com') return 'block';
  if (channel === 'airbnb') {
    return /^reserved\b/i.test(summary) || /\/reservations?\/details\//i.test(description) ? 'stay' : 'block';
  }
  return STAY_WORDS.test(summary) && !BLOCK_WORDS.test(summary) ? 'stay' : 'block';
}

function describe(
  uid: string,
  rawSummary: string | null | undefined,
  rawDescription: string | null,
  dates: { check_in: string; check_out: string },
  channel: ChannelKind,
): FeedItem {
  // One line: a summary is shown as a title (and names a guest), so its line breaks become spaces.
  const summary = rawSummary?.replace(/\s+/g, ' ').trim().slice(0, 200) || null;
  const description = rawDescription ?? '';
  const kind = classify(channel, summary ?? '', description);
  if (kind === 'block') {
    return {
      uid,
      kind,
      ...dates,
      summary,
      external_booking_id: null,
      guest_name: null,
      phone_last_digits: null,
    };
  }
  const code = /reservations?\/details\/([A-Z0-9]{6,20})/i.exec(description)?.[1] ?? null;
  const phone = /last\s*4\s*digits\)?\s*:\s*(\d{4})/i.exec(description)?.[1] ?? null;
  // 'Reserved - Jane D' (Vrbo and others): the part after the dash names the guest.
  const named = /^(?:reserved|booked)\s*[-–:]\s*(.{1,80})$/i.exec(summary ?? '')?.[1]?.trim() ?? null;
  return {
    uid,
    kind,
    ...dates,
    summary,
    external_booking_id: code ? code.toUpperCase() : null,
    guest_name: named,
    phone_last_digits: phone,
  };
}
