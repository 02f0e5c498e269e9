import { format, parseISO } from 'date-fns';
import { INTL_LOCALES, type Language } from '@/content/languages';
import { getFormatter } from '@/domain/dates';

// Dates for people. Calendar dates (yyyy-MM-dd) are formatted as the dates they are, never shifted
// through a time zone; amounts use `formatMoney` from src/domain/money.

/** A calendar date (yyyy-MM-dd) as "Nov 22, 2026". */
export function formatDate(date: string): string {
  return format(parseISO(date.slice(0, 10)), 'MMM d, yyyy');
}

/** A short calendar date: "Nov 22". */
export function formatShortDate(date: string): string {
  return format(parseISO(date.slice(0, 10)), 'MMM d');
}

/** A calendar date with its weekday: "Sun 22 Nov 2026". */
export function formatLongDate(date: string): string {
  return format(parseISO(date.slice(0, 10)), 'EEE d MMM yyyy');
}

/** A timestamp (ISO) as a local date: "Nov 22, 2026". */
export function formatTimestampDate(timestamp: string): string {
  return format(new Date(timestamp), 'MMM d, yyyy');
}

export function formatMonthTitle(month: string): string {
  return format(parseISO(`${month}-01`), 'MMMM yyyy');
}

/** A calendar date day first, as payments are dated in India: "12 Dec 2026". */
export function formatDayMonthYear(date: string): string {
  return format(parseISO(date.slice(0, 10)), 'd MMM yyyy');
}

/** A calendar date day first without its year: "3 Dec". */
export function formatDayMonth(date: string): string {
  return format(parseISO(date.slice(0, 10)), 'd MMM');
}

/** A calendar date in Intl's words for a language, read as the calendar date it is (local midnight). */
function formatIn(date: string, language: Language, options: Intl.DateTimeFormatOptions): string {
  return getFormatter(INTL_LOCALES[language], options).format(parseISO(date.slice(0, 10)));
}

/** `formatLongDate` in a language: "Sun 22 Nov 2026", "रवि, 22 नव॰ 2026" (date-fns has no Marathi). */
export function formatLongDateIn(date: string, language: Language): string {
  if (language === 'en') return formatLongDate(date);
  return formatIn(date, language, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
}

/** `formatDayMonthYear` in a language: "12 Dec 2026", "12 डिसें, 2026". */
export function formatDayMonthYearIn(date: string, language: Language): string {
  if (language === 'en') return formatDayMonthYear(date);
  return formatIn(date, language, { day: 'numeric', month: 'short', year: 'numeric' });
}
