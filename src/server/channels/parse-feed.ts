import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import type { ChannelKind } from '../../domain/channel';
import { FEED_READ_LIMITS, LEFT_OUT_LIST_LIMIT, type LeftOutReason } from '../../domain/channel-feed';
import { DATE_BOUNDS, stripControlCharacters } from '../../domain/text-rules';
import { FeedError } from './feed-error';

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
  /** How many guests come, when the description says ('Guests: 3', 'Adults: 2, Children: 1'); mostly not. */
  guests_count: number | null;
};

/** An item of the calendar that was not imported: its UID and dates as written, never its summary. */
export type LeftOutFeedItem = {
  uid: string | null;
  check_in: string | null;
  check_out: string | null;
  reason: LeftOutReason;
};

export type ParsedFeed = {
  items: FeedItem[];
  /** What was left out, in the calendar's order: the first LEFT_OUT_LIST_LIMIT, and how many in all. */
  leftOut: { total: number; items: LeftOutFeedItem[] };
  /**
   * UIDs the calendar still lists but that could not be read in full (a repeating event's UID stands for
   * all its repeats): what was imported under them is kept as it is, not cancelled as gone.
   */
  heldUids: string[];
};

export type FeedLimits = {
  /** Items (events and repeats) a calendar may bring; more fails the sync ('too_large'). */
  maxItems: number;
  /** Repeats kept of one event, and of all the calendar's repeating events together. */
  maxOccurrencesPerEvent: number;
  maxOccurrences: number;
  /**
   * Dates the repeat rules may try, all together, whether they fall in the window or not: ical.js tries
   * every candidate date one by one (a rule that can never match tries for ever), so this is what bounds
   * the work of the worst calendar.
   */
  maxRecurrenceSteps: number;
};

export const FEED_LIMITS: FeedLimits = {
  maxItems: 20_000,
  maxOccurrencesPerEvent: FEED_READ_LIMITS.occurrencesPerEvent,
  maxOccurrences: FEED_READ_LIMITS.occurrences,
  maxRecurrenceSteps: 300_000,
};

export type ParseFeedOptions = {
  channel: ChannelKind;
  /** Items that end on or before this date are left out: past stays are never touched. */
  from: string;
  /** Recurring events are expanded up to this date. */
  to: string;
  /** The zone in which UTC date-times are read as dates (the villa's). */
  timeZone: string;
  limits?: Partial<FeedLimits>;
};

/** Thrown from inside ical.js's iteration when the calendar's repeat rules have tried all they may. */
class RecurrenceBudgetExhausted extends Error {}

// ical.js has no bound of its own on the dates a rule tries (FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30 spins
// for ever inside one next()): every candidate date passes through check_contracting_rules, so it is
// counted there against the budget of the calendar being read (parsing is synchronous: one at a time).
let recurrenceSteps: { left: number } | undefined;
const checkContractingRules = ICAL.RecurIterator.prototype.check_contracting_rules;
ICAL.RecurIterator.prototype.check_contracting_rules = function (this: ICAL.RecurIterator) {
  if (recurrenceSteps && --recurrenceSteps.left < 0) throw new RecurrenceBudgetExhausted();
  return checkContractingRules.call(this);
};

/**
 * Reads an RFC 5545 calendar (CRLF or bare LF, folded lines, DATE and DATE-TIME values, TZID, RRULE with
 * EXDATE and RECURRENCE-ID overrides, STATUS:CANCELLED) into stays and closed ranges.
 *
 * Dates: a DATE is taken as written; a DATE-TIME with a TZID (or floating) by its wall-clock date as the
 * calendar shows it; a UTC DATE-TIME by its date in `timeZone`. The end is exclusive (a check-out day),
 * and an event that starts and ends on one date closes that date.
 *
 * One unreadable event never fails the calendar: it is left out, listed with its reason, and its UID
 * held (see ParsedFeed). Only what makes the whole calendar doubtful fails it: not a calendar, a line
 * outside the events that cannot be read, a calendar cut off before its end, too many items.
 */
export function parseFeed(text: string, options: ParseFeedOptions): ParsedFeed {
  const body = text.replace(/^\uFEFF/, '');
  if (!/^\s*BEGIN:VCALENDAR/i.test(body)) {
    throw new FeedError(
      'not_a_calendar',
      /^\s*</.test(body)
        ? 'The address returned a web page, not a calendar: copy the iCal export link from the channel'
        : 'The address did not return a calendar (no BEGIN:VCALENDAR): copy the iCal export link from the channel',
    );
  }
  const limits = { ...FEED_LIMITS, ...options.limits };
  const reader = new FeedReader(options, limits);
  recurrenceSteps = reader.steps;
  try {
    const calendar = readCalendar(body);
    for (const event of calendar.unreadable) reader.leaveUnreadableOut(event);
    reader.readEvents(calendar.root, calendar.positions);
  } finally {
    recurrenceSteps = undefined;
  }
  return reader.finish();
}

type UnreadableEvent = {
  position: number;
  uid: string | null;
  check_in: string | null;
  check_out: string | null;
  reason: 'unreadable_event' | 'unreadable_rule';
};

/**
 * The first calendar of the text as one component. Read whole when it can be (the usual case); else event
 * by event, so that one event ical.js refuses (a repeat rule it cannot read) is left out on its own.
 */
function readCalendar(body: string): {
  root: ICAL.Component;
  /** Each event's place among the calendar's events, when some were left out. */
  positions?: Map<ICAL.Component, number>;
  unreadable: UnreadableEvent[];
} {
  try {
    return { root: toRoot(ICAL.parse(body)), unreadable: [] };
  } catch {
    // Read event by event below, to tell which one the parser refused.
  }
  const { properties, blocks } = splitCalendar(body);
  let root: ICAL.Component;
  try {
    root = toRoot(ICAL.parse(wrapInCalendar(properties)));
  } catch {
    // The parser's own message quotes the line, which may name a guest: it is not passed on.
    throw new FeedError(
      'not_a_calendar',
      'The calendar could not be read: a line outside its events is malformed',
    );
  }
  const positions = new Map<ICAL.Component, number>();
  const unreadable: UnreadableEvent[] = [];
  let position = 0;
  for (const block of blocks) {
    const isEvent = block.name === 'VEVENT';
    try {
      const component = toRoot(ICAL.parse(wrapInCalendar(block.lines))).getAllSubcomponents()[0];
      if (!component) throw new Error('empty');
      component.parent?.removeSubcomponent(component);
      root.addSubcomponent(component);
      if (isEvent) positions.set(component, position);
    } catch {
      // A time zone or another component that cannot be read is no item: only events are listed.
      if (isEvent) unreadable.push(describeUnreadableEvent(block.lines, position));
    }
    if (isEvent) position += 1;
  }
  return { root, positions, unreadable };
}

function toRoot(parsed: unknown): ICAL.Component {
  // Several calendars in one answer: read the first.
  const first = (Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed[0] : parsed) as unknown[];
  return new ICAL.Component(first);
}

const wrapInCalendar = (lines: string[]) => ['BEGIN:VCALENDAR', ...lines, 'END:VCALENDAR', ''].join('\r\n');

/** The calendar's lines, unfolded (a line that starts with a space or a tab continues the one before). */
function unfoldLines(body: string): string[] {
  const lines: string[] = [];
  for (const line of body.split(/\r\n|\n|\r/)) {
    if ((line.startsWith(' ') || line.startsWith('\t')) && lines.length > 0) {
      lines[lines.length - 1] += line.slice(1);
    } else if (line.trim() !== '') {
      lines.push(line);
    }
  }
  return lines;
}

/**
 * The first calendar's own property lines and its components (events, time zones…), each with its lines.
 * A calendar that ends before its last BEGIN is closed was cut off: reading what came would cancel every
 * stay in the part that did not, so it fails whole.
 */
function splitCalendar(body: string): {
  properties: string[];
  blocks: { name: string; lines: string[] }[];
} {
  const properties: string[] = [];
  const blocks: { name: string; lines: string[] }[] = [];
  const open: string[] = [];
  let block: { name: string; lines: string[] } | undefined;
  for (const line of unfoldLines(body)) {
    const marker = /^(BEGIN|END):([A-Za-z0-9-]+)\s*$/i.exec(line);
    const verb = marker?.[1]!.toUpperCase();
    const name = marker?.[2]!.toUpperCase() ?? '';
    if (open.length === 0) {
      if (verb === 'BEGIN' && name === 'VCALENDAR') open.push(name);
      continue;
    }
    if (verb === 'BEGIN') {
      open.push(name);
      if (open.length === 2) block = { name, lines: [] };
    }
    const closes = verb === 'END' && open.at(-1) === name;
    if (block) block.lines.push(line);
    else if (!closes) properties.push(line);
    if (closes) {
      open.pop();
      if (open.length === 1 && block) {
        blocks.push(block);
        block = undefined;
      }
      if (open.length === 0) break;
    }
  }
  if (open.length > 0) {
    throw new FeedError(
      'not_a_calendar',
      'The calendar ends before it is complete (the answer may have been cut off); nothing was changed',
    );
  }
  return { properties, blocks };
}

/** What can be told of an event the parser refused, from its lines: its UID and dates as written. */
function describeUnreadableEvent(lines: string[], position: number): UnreadableEvent {
  const find = (name: string) => lines.find((line) => new RegExp(`^${name}[;:]`, 'i').test(line));
  const rawDate = (name: string) => {
    const match = /:(\d{4})(\d{2})(\d{2})(?:T[\dZ]*)?\s*$/.exec(find(name) ?? '');
    return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
  };
  const isRule = (line: string) => /^(RRULE|EXRULE|RDATE|EXDATE)[;:]/i.test(line);
  let reason: UnreadableEvent['reason'] = 'unreadable_event';
  if (lines.some(isRule)) {
    try {
      ICAL.parse(wrapInCalendar(lines.filter((line) => !isRule(line))));
      reason = 'unreadable_rule';
    } catch {
      // Something besides its repeat rule is wrong too.
    }
  }
  const uidLine = find('UID');
  const uid = uidLine === undefined ? null : cleanText(uidLine.slice(uidLine.indexOf(':') + 1));
  return {
    position,
    uid: uid === null ? null : normaliseUid(uid),
    check_in: rawDate('DTSTART'),
    check_out: rawDate('DTEND'),
    reason,
  };
}

/** Reads the events of one calendar into items, the list of what it left out, and the UIDs it holds. */
class FeedReader {
  readonly steps: { left: number };
  private occurrencesLeft: number;
  private readonly items: FeedItem[] = [];
  private readonly leftOut: (LeftOutFeedItem & { position: number })[] = [];
  private readonly held = new Set<string>();
  /** Each UID read, with the event it came from and its dates (to tell a duplicate from a repeat). */
  private readonly seen = new Map<string, { source: ICAL.Component; check_in: string; check_out: string }>();

  constructor(
    private readonly options: ParseFeedOptions,
    private readonly limits: FeedLimits,
  ) {
    this.steps = { left: limits.maxRecurrenceSteps };
    this.occurrencesLeft = limits.maxOccurrences;
  }

  leaveUnreadableOut(event: UnreadableEvent): void {
    const { position, ...item } = event;
    this.leaveOut(position, item);
    if (event.uid) this.held.add(event.uid);
  }

  readEvents(root: ICAL.Component, positions?: Map<ICAL.Component, number>): void {
    const components = root.getAllSubcomponents('vevent');
    // Overrides (RECURRENCE-ID) by the UID of the event they change: read through it, never alone.
    const overrides = new Map<string, ICAL.Component[]>();
    const masters = new Set<string>();
    for (const component of components) {
      const uid = readUid(component);
      if (!uid) continue;
      if (component.hasProperty('recurrence-id'))
        overrides.set(uid, [...(overrides.get(uid) ?? []), component]);
      else masters.add(uid);
    }
    for (const [index, component] of components.entries()) {
      const position = positions?.get(component) ?? index;
      const uid = readUid(component) ?? synthesiseUid(component);
      const recurring = component.hasProperty('rrule') || component.hasProperty('rdate');
      try {
        if (component.hasProperty('recurrence-id') && (masters.has(uid) || this.held.has(uid))) continue;
        if (readStatus(component) === 'CANCELLED') continue;
        if (recurring) this.readSeries(component, uid, position, overrides.get(uid) ?? []);
        else this.readSingle(component, uid, position);
      } catch (error) {
        if (error instanceof FeedError) throw error;
        const [start, end] = safely(() => readRange(component)) ?? [null, null];
        this.leaveOut(position, {
          uid,
          check_in: start ? formatWallDate(start) : null,
          check_out: end ? formatWallDate(end) : null,
          reason: recurring ? 'unreadable_rule' : 'unreadable_event',
        });
        this.held.add(uid);
      }
    }
  }

  finish(): ParsedFeed {
    const ordered = this.leftOut.sort((a, b) => a.position - b.position);
    return {
      items: this.items,
      leftOut: {
        total: ordered.length,
        items: ordered.slice(0, LEFT_OUT_LIST_LIMIT).map(({ position: _position, ...item }) => item),
      },
      heldUids: [...this.held],
    };
  }

  private leaveOut(position: number, item: LeftOutFeedItem): void {
    // A UID is shown to tell the event apart; a very long one is shortened (a digest stands in for it).
    const uid = item.uid && item.uid.length > 120 ? `${item.uid.slice(0, 119)}…` : item.uid;
    this.leftOut.push({ ...item, uid, position });
  }

  private readSingle(component: ICAL.Component, uid: string, position: number): void {
    const [start, end] = readRange(component);
    if (!start) {
      this.leaveOut(position, { uid, check_in: null, check_out: null, reason: 'no_start' });
      this.held.add(uid);
      return;
    }
    const dates = this.toDates(start, end, uid, position);
    if (!dates) return;
    const summary = readText(component, 'summary');
    const description = readText(component, 'description');
    this.push(describe(uid, summary, description, dates, this.options.channel), component, position);
  }

  /** A repeating event's repeats within the window, within the calendar's budget. */
  private readSeries(
    component: ICAL.Component,
    uid: string,
    position: number,
    exceptions: ICAL.Component[],
  ): void {
    const [start] = readRange(component);
    if (!start) {
      this.leaveOut(position, { uid, check_in: null, check_out: null, reason: 'no_start' });
      this.held.add(uid);
      return;
    }
    const overBudget = (date: string) => {
      this.leaveOut(position, { uid, check_in: date, check_out: null, reason: 'over_budget' });
      this.held.add(uid);
    };
    if (this.occurrencesLeft <= 0 || this.steps.left <= 0) {
      // Nothing of it was read: what is missed starts with the window (or with the event, if later).
      const first = formatWallDate(start);
      return overBudget(first > this.options.from ? first : this.options.from);
    }
    // The overrides of this event only (ical.js would otherwise relate every override in the calendar to
    // every repeating event, whatever its UID).
    const event = new ICAL.Event(component, { exceptions });

    const durationSeconds = event.duration.toSeconds();
    if (durationSeconds < 0) {
      // Every repeat would end before it starts: said once, for the event.
      const end = event.endDate;
      this.leaveOut(position, {
        uid,
        check_in: formatWallDate(start),
        check_out: end ? formatWallDate(end) : null,
        reason: 'ends_before_start',
      });
      this.held.add(uid);
      return;
    }
    const durationDays = Math.min(Math.ceil(durationSeconds / 86_400), 36_600);
    // A repeat that starts this many days before the window can still reach into it.
    const relevantFrom = shiftDate(this.options.from, -(durationDays + 1));
    const first = findIteratorStart(component, start, shiftDate(relevantFrom, -1));
    if (!first) return;
    const description = readText(component, 'description');
    let kept = 0;
    let last = formatWallDate(first);
    try {
      // Even setting up the iterator tries dates (up to a rule's first repeat).
      const iterator = event.iterator(first);
      for (;;) {
        if (--this.steps.left < 0) throw new RecurrenceBudgetExhausted();
        const next = iterator.next();
        if (!next) break;
        last = formatWallDate(next);
        if (last < relevantFrom) continue;
        const details = event.getOccurrenceDetails(next);
        const dates = this.toDates(details.startDate, details.endDate, uid, position);
        if (!dates) continue;
        if (dates.check_in >= this.options.to) break;
        if (readStatus(details.item.component) === 'CANCELLED') continue;
        if (dates.check_out <= this.options.from) continue;
        if (kept >= this.limits.maxOccurrencesPerEvent || this.occurrencesLeft <= 0) {
          overBudget(dates.check_in);
          break;
        }
        const item = describe(
          `${uid}#${formatCompactDate(next)}`,
          cleanText(details.item.summary),
          readText(details.item.component, 'description') ?? description,
          dates,
          this.options.channel,
        );
        if (this.push(item, component, position)) {
          kept += 1;
          this.occurrencesLeft -= 1;
        }
      }
    } catch (error) {
      if (!(error instanceof RecurrenceBudgetExhausted)) throw error;
      overBudget(last);
    }
  }

  /** The item's dates, or undefined (and the item listed as left out) when they make no stay. */
  private toDates(
    start: ICAL.Time,
    end: ICAL.Time | null,
    uid: string,
    position: number,
  ): { check_in: string; check_out: string } | undefined {
    const check_in = toCalendarDate(start, this.options.timeZone);
    let check_out = end ? toCalendarDate(end, this.options.timeZone) : nextDate(check_in);
    const wellFormed = (date: string) => /^\d{4}-\d{2}-\d{2}$/.test(date);
    if (!wellFormed(check_in) || !wellFormed(check_out)) {
      this.leaveOut(position, { uid, check_in: null, check_out: null, reason: 'unreadable_event' });
      this.held.add(uid);
      return undefined;
    }
    if (check_out < check_in) {
      this.leaveOut(position, { uid, check_in, check_out, reason: 'ends_before_start' });
      this.held.add(uid);
      return undefined;
    }
    if (check_out === check_in) check_out = nextDate(check_in);
    return { check_in, check_out };
  }

  /** Adds an item that has not ended; false when it had (past stays are never touched). */
  private push(item: FeedItem, source: ICAL.Component, position: number): boolean {
    if (item.check_out <= this.options.from) return false;
    const listed = { uid: item.uid, check_in: item.check_in, check_out: item.check_out };
    // Dates stay within the years every other part of the product takes: an item that starts after the
    // last date there is (a DTSTART in 9999) is left out, and a range closed "for ever" (a DTEND in 9999)
    // closes the nights up to that date. A stay years ahead is kept: a missed stay is a double booking.
    if (item.check_in >= DATE_BOUNDS.max) {
      this.leaveOut(position, { ...listed, reason: 'after_last_date' });
      this.held.add(item.uid);
      return false;
    }
    const earlier = this.seen.get(item.uid);
    if (earlier) {
      // Two repeats of one event on one date (an hourly rule) are the same nights: nothing is lost.
      const sameRepeat =
        earlier.source === source &&
        earlier.check_in === item.check_in &&
        earlier.check_out === item.check_out;
      if (!sameRepeat) this.leaveOut(position, { ...listed, reason: 'duplicate_uid' });
      return false;
    }
    this.seen.set(item.uid, { source, check_in: item.check_in, check_out: item.check_out });
    if (item.check_out > DATE_BOUNDS.max) item.check_out = DATE_BOUNDS.max;
    this.items.push(item);
    if (this.items.length > this.limits.maxItems) {
      throw new FeedError(
        'too_large',
        `The calendar has more than ${this.limits.maxItems.toLocaleString('en-US')} events`,
      );
    }
    return true;
  }
}

/** Rules whose candidate dates are one fixed period apart (in seconds), so that whole periods can be skipped. */
const FIXED_PERIODS: Partial<Record<string, number>> = {
  SECONDLY: 1,
  MINUTELY: 60,
  HOURLY: 3_600,
  DAILY: 86_400,
  WEEKLY: 604_800,
};

/**
 * Where to start iterating a repeating event so that its repeats before `before` are skipped without
 * trying them one by one (a daily rule since 2000 would otherwise try some 10,000 dates to reach today):
 * the start moved on by whole periods of its rule, which leaves the repeats from there on as they were.
 * With COUNT that holds only when each period brings exactly one repeat (no BY… parts); the count is
 * then lowered by the periods skipped. Null when the repeats ended before `before`.
 */
function findIteratorStart(component: ICAL.Component, start: ICAL.Time, before: string): ICAL.Time | null {
  const rules = component.getAllProperties('rrule');
  if (rules.length !== 1) return start;
  const rule = rules[0]!.getFirstValue() as ICAL.Recur;
  const unit = FIXED_PERIODS[rule.freq];
  if (!unit) return start;
  if (rule.count && Object.values(rule.parts).some((part) => part && part.length > 0)) return start;
  const period = unit * Math.max(1, rule.interval || 1);
  const gapSeconds =
    (Date.parse(`${before}T00:00:00Z`) - Date.UTC(start.year, start.month - 1, start.day)) / 1000;
  // One period short of `before`, so the repeats around it are all tried.
  const periods = Math.floor(gapSeconds / period) - 1;
  if (!Number.isFinite(periods) || periods <= 0) return start;
  if (rule.count) {
    if (rule.count <= periods) return null;
    // The rule object is the one the iterator reads (ical.js keeps each property's parsed value).
    rule.count -= periods;
  }
  const moved = start.clone();
  if (unit >= 86_400) moved.adjust((periods * period) / 86_400, 0, 0, 0);
  else moved.adjust(0, 0, 0, periods * period);
  return moved;
}

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** DTSTART and the end: DTEND, else DTSTART + DURATION, else none (one day; see toDates). */
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

function readUid(component: ICAL.Component): string | null {
  const uid = readText(component, 'uid');
  return uid === null ? null : normaliseUid(uid);
}

/**
 * A UID as kept: one longer than any calendar writes is replaced by its digest (the same every time), so
 * that a stay still imports and the unique index on it is never asked to hold kilobytes.
 */
function normaliseUid(uid: string): string {
  return uid.length <= 255 ? uid : `uid-sha256-${createHash('sha256').update(uid).digest('hex')}`;
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
    .map((name) => String(safely(() => component.getFirstPropertyValue(name)) ?? ''))
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

// Date arithmetic by hand rather than date-fns: its index module alone takes a second or more to load
// in the worker thread, at every start.
function shiftDate(date: string, days: number): string {
  const shifted = new Date(`${date}T00:00:00Z`);
  shifted.setUTCDate(shifted.getUTCDate() + days);
  return shifted.toISOString().slice(0, 10);
}

const nextDate = (date: string) => shiftDate(date, 1);

// Vrbo writes its summaries in the language of its site: English, French (Abritel: 'Réservée - Name',
// 'Indisponible'), German (FeWo-direkt: 'Reserviert'), Spanish ('Reservado'), and more.
const BLOCK_WORDS =
  /not available|unavailable|blocked|closed|busy|owner|indisponible|nicht verfügbar|blockiert|gesperrt|no disponible|bloquead[oa]/iu;
const RESERVED = String.raw`reserved|reservation|booked|booking|réservée?s?|réservation|reserviert|gebucht|reservad[oa]s?|reserva`;
const STAY_WORDS = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${RESERVED})(?![\p{L}\p{N}])`, 'iu');
/** 'Reserved - Jane D', 'Réservée - Melanie', 'Reservado - Lucía G': the part after the dash names the guest. */
const NAMED_STAY = new RegExp(String.raw`^(?:${RESERVED})\s*[-–:]\s*(.{1,80})$`, 'iu');
/** Airbnb's reservation address: /hosting/reservations/details/<code>, and before 2022 /reservation/itinerary?code=<code>. */
const AIRBNB_RESERVATION =
  /\/reservations?\/details\/([A-Z0-9]{6,20})|\/reservation\/itinerary\?(?:[^\s]*&)?code=([A-Z0-9]{6,20})/i;

/**
 * Stay or closed range: Airbnb marks reservations 'Reserved' (with a reservation URL) and everything else
 * 'Airbnb (Not available)'; Booking.com says only 'CLOSED - Not available' and never which nights are
 * sold, so all of it is closed nights; Vrbo and other tools call a reservation 'Reserved' or 'Booked'.
 */
function classify(channel: ChannelKind, summary: string, description: string): 'stay' | 'block' {
  if (channel === 'booking_com') return 'block';
  if (channel === 'airbnb') {
    return /^reserved\b/i.test(summary) || AIRBNB_RESERVATION.test(description) ? 'stay' : 'block';
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
      guests_count: null,
    };
  }
  const match = AIRBNB_RESERVATION.exec(description);
  const code = match?.[1] ?? match?.[2] ?? null;
  const phone = /last\s*4\s*digits\)?\s*:\s*(\d{4})/i.exec(description)?.[1] ?? null;
  const named = NAMED_STAY.exec(summary ?? '')?.[1]?.trim() || null;
  return {
    uid,
    kind,
    ...dates,
    summary,
    external_booking_id: code ? code.toUpperCase() : null,
    guest_name: named,
    phone_last_digits: phone,
    guests_count: readGuestsCount(description),
  };
}

// 'Guests: 3', 'Number of guests: 3', 'No. of guests - 3', '3 guests', and the same words in Vrbo's other
// languages (Gäste, Voyageurs, Huéspedes, Personen); or adults and children counted apart (infants are not
// guests a villa counts). A number outside 1–999 is no count.
const GUEST_WORDS = String.raw`guests?|number of guests|no\.? of guests|gäste|personen|voyageurs|personnes|huéspedes|personas`;
const GUESTS_LABELLED = new RegExp(
  String.raw`(?<![\p{L}])(?:${GUEST_WORDS})\s*[:=\-–]\s*(\d{1,3})(?!\d)`,
  'iu',
);
const GUESTS_COUNTED = new RegExp(String.raw`(?<![\p{N}])(\d{1,3})\s+(?:${GUEST_WORDS})(?![\p{L}])`, 'iu');
const ADULTS = /(?<![\p{L}])(?:adults?|erwachsene|adultes?|adultos?)\s*[:=\-–]?\s*(\d{1,3})(?!\d)/iu;
const CHILDREN = /(?<![\p{L}])(?:child(?:ren)?|kids|kinder|enfants?|niños?)\s*[:=\-–]?\s*(\d{1,3})(?!\d)/iu;

export function readGuestsCount(description: string): number | null {
  const inRange = (value: number) => (value >= 1 && value <= 999 ? value : null);
  const labelled = GUESTS_LABELLED.exec(description) ?? GUESTS_COUNTED.exec(description);
  if (labelled) return inRange(Number(labelled[1]));
  const adults = ADULTS.exec(description);
  if (!adults) return null;
  return inRange(Number(adults[1]) + Number(CHILDREN.exec(description)?.[1] ?? 0));
}
