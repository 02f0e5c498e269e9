/**
 * Calendars shaped like each channel's real export, written for this project's tests: Airbnb's
 * 'Reserved' and 'Airbnb (Not available)' all-day events with a reservation URL and the phone's last four
 * digits, Booking.com's 'CLOSED - Not available' ranges, and a generic RFC 5545 calendar (Vrbo, Google
 * Calendar, another tool) with TZID and UTC date-times, RRULE, STATUS:CANCELLED and bare LF lines.
 */
import { foldLine } from '../write-calendar';

const compact = (date: string) => date.replace(/-/g, '');

function assemble(lines: string[], lineEnding = '\r\n'): string {
  return lines.map(foldLine).join(lineEnding) + lineEnding;
}

export type AirbnbReservation = {
  uid: string;
  check_in: string;
  check_out: string;
  code: string;
  phone?: string;
};
export type FeedRange = { uid: string; start: string; end: string };

export function airbnbUid(id: string): string {
  return `1418fb94e984-${id.padStart(32, '0')}@airbnb.com`;
}

export function writeAirbnbFeed(input: { reservations?: AirbnbReservation[]; blocks?: FeedRange[] }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 1.0//EN',
    'CALSCALE:GREGORIAN',
    'VERSION:2.0',
  ];
  for (const stay of input.reservations ?? []) {
    lines.push(
      'BEGIN:VEVENT',
      `DTEND;VALUE=DATE:${compact(stay.check_out)}`,
      `DTSTART;VALUE=DATE:${compact(stay.check_in)}`,
      `UID:${stay.uid}`,
      `DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/${stay.code}\\nPhone Number (Last 4 Digits): ${stay.phone ?? '4821'}`,
      'SUMMARY:Reserved',
      'END:VEVENT',
    );
  }
  for (const block of input.blocks ?? []) {
    lines.push(
      'BEGIN:VEVENT',
      `DTEND;VALUE=DATE:${compact(block.end)}`,
      `DTSTART;VALUE=DATE:${compact(block.start)}`,
      `UID:${block.uid}`,
      'SUMMARY:Airbnb (Not available)',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return assemble(lines);
}

export function writeBookingComFeed(ranges: FeedRange[]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//admin.booking.com//EN', 'METHOD:PUBLISH'];
  for (const range of ranges) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${range.uid}`,
      'DTSTAMP:20261101T000000Z',
      `DTSTART;VALUE=DATE:${compact(range.start)}`,
      `DTEND;VALUE=DATE:${compact(range.end)}`,
      'SUMMARY:CLOSED - Not available',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return assemble(lines);
}

/** Free-form events for the generic calendar: each entry is the lines between BEGIN and END:VEVENT. */
export function writeGenericFeed(
  events: string[][],
  options: { lineEnding?: string; timezone?: boolean } = {},
): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Example Rentals//Calendar Export//EN'];
  if (options.timezone) {
    lines.push(
      'BEGIN:VTIMEZONE',
      'TZID:America/New_York',
      'BEGIN:STANDARD',
      'DTSTART:19701101T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
      'TZOFFSETFROM:-0400',
      'TZOFFSETTO:-0500',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:19700308T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
      'TZOFFSETFROM:-0500',
      'TZOFFSETTO:-0400',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
    );
  }
  for (const event of events) lines.push('BEGIN:VEVENT', ...event, 'END:VEVENT');
  lines.push('END:VCALENDAR');
  return assemble(lines, options.lineEnding ?? '\r\n');
}
