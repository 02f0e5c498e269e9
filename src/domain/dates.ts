import { addDays, addMonths, differenceInCalendarDays, format, isValid, parseISO } from 'date-fns';
import { INTL_LOCALES, type Language } from './language-codes';

/**
 * Calendar dates (`yyyy-MM-dd`), never a Date at midnight. Stays are half-open ranges
 * [check_in, check_out): the check-out day is free for the next guest.
 */

/** The villa's time zone: "today" for every booking rule is the villa's today, wherever the server runs. */
export const VILLA_TIME_ZONE = 'Asia/Kolkata';

/** Its offset from UTC: India keeps one all year (no daylight saving since 1945). */
export const VILLA_UTC_OFFSET_MINUTES = 330;

export function isRealDate(value: string): boolean {
  const parsed = parseISO(value);
  return isValid(parsed) && format(parsed, 'yyyy-MM-dd') === value;
}

// One formatter per locale and options: making one costs far more than using it (a page of 100 bookings
// made 100, a third of the time the server spent on the page).
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A shared Intl.DateTimeFormat for a locale and options (made once). */
export function getFormatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Today's date in a time zone. */
export function formatTodayInZone(timeZone: string, now: Date = new Date()): string {
  const formatter = getFormatter('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const parts = formatter.formatToParts(now);
  const part = (type: 'year' | 'month' | 'day') => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Today's date at the villa. */
export function villaToday(now: Date = new Date()): string {
  return formatTodayInZone(VILLA_TIME_ZONE, now);
}

/** This month at the villa, `yyyy-MM`. */
export function villaMonth(now: Date = new Date()): string {
  return villaToday(now).slice(0, 7);
}

export function addDaysToDate(date: string, days: number): string {
  return format(addDays(parseISO(date), days), 'yyyy-MM-dd');
}

/** Whole days from one date to another (negative when `to` is earlier). */
export function countDaysBetween(from: string, to: string): number {
  return differenceInCalendarDays(parseISO(to), parseISO(from));
}

/** Every date in [start, end), in order. */
export function listDatesBetween(start: string, end: string): string[] {
  const dates: string[] = [];
  for (let date = start; date < end; date = addDaysToDate(date, 1)) dates.push(date);
  return dates;
}

export function shiftMonth(month: string, by: number): string {
  return format(addMonths(parseISO(`${month}-01`), by), 'yyyy-MM');
}

/** The month as a half-open range of dates: [first day, first day of next month). */
export function getMonthRange(month: string): { start: string; end: string; last: string } {
  const first = parseISO(`${month}-01`);
  const next = addMonths(first, 1);
  return {
    start: format(first, 'yyyy-MM-dd'),
    end: format(next, 'yyyy-MM-dd'),
    last: format(addDays(next, -1), 'yyyy-MM-dd'),
  };
}

/** Every date of the month, in order. */
export function listMonthDates(month: string): string[] {
  const { start, end } = getMonthRange(month);
  return listDatesBetween(start, end);
}

/** Does the half-open stay [check_in, check_out) include this night? */
export function isNightOfStay(date: string, stay: { check_in: string; check_out: string }): boolean {
  return stay.check_in <= date && date < stay.check_out;
}

// English keeps en-GB's words ("Thu, 10 Dec 2026"), as the e-mails and the management area have always said.
const DATE_LOCALES: Record<Language, string> = { ...INTL_LOCALES, en: 'en-GB' };

/**
 * A calendar date as people read it, "Thu, 10 Dec 2026" ("गुरु, 10 दिस॰ 2026"): the date it is, never
 * shifted through a time zone.
 */
export function formatCalendarDate(date: string, language: Language = 'en'): string {
  const [year, month, day] = date.split('-').map(Number);
  return getFormatter(DATE_LOCALES[language], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year!, month! - 1, day!)));
}

/** A stay's dates as a document states them, "12 Dec 2026 – 14 Dec 2026" (check-in to check-out). */
export function formatStayDates(checkIn: string, checkOut: string): string {
  const format = (date: string) => {
    const [year, month, day] = date.split('-').map(Number);
    return getFormatter('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(year!, month! - 1, day!)));
  };
  return `${format(checkIn)} – ${format(checkOut)}`;
}

/** A moment in the villa's time zone: "Sat 12 Dec 2026, 14:30". */
export function formatVillaTime(moment: Date | string, language: Language = 'en'): string {
  return getFormatter(DATE_LOCALES[language], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: VILLA_TIME_ZONE,
  }).format(new Date(moment));
}

/** A moment's time of day at the villa, "14:35", whatever the reader's own time zone. */
export function formatVillaClock(moment: Date | string): string {
  // By the villa's fixed offset, not Intl's time zone: the first formatter in a time zone loads the zone
  // data, the longest step of a phone's first render of the guest's request page.
  const atVilla = new Date(new Date(moment).getTime() + VILLA_UTC_OFFSET_MINUTES * 60_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(atVilla.getUTCHours())}:${pad(atVilla.getUTCMinutes())}`;
}

/** A weekday's name in a language, by its number from Monday (0) to Sunday (6), as the pricing rules count. */
export function formatWeekdayName(weekday: number, language: Language): string {
  // 2024-01-01 was a Monday.
  return getFormatter(DATE_LOCALES[language], { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1 + weekday)),
  );
}
