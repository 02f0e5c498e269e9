/**
 * A small RFC 5545 writer for what the export needs: all-day events only. Lines end in CRLF and are
 * folded at 75 octets (never inside a UTF-8 character); TEXT values are escaped.
 */

export type CalendarEvent = {
  uid: string;
  /** First night, yyyy-MM-dd. */
  start: string;
  /** The day after the last night (exclusive), yyyy-MM-dd. */
  end: string;
  summary: string;
  /** When this event last changed: DTSTAMP, so an unchanged calendar stays byte-identical. */
  stamp: Date;
};

export type CalendarDocument = { name: string; prodId: string; events: readonly CalendarEvent[] };

const encoder = new TextEncoder();
const MAX_OCTETS = 75;

/** Folds one content line: the first part up to 75 octets, each continuation a space and up to 74. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_OCTETS;
  for (const character of line) {
    const size = encoder.encode(character).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const compactDate = (date: string) => date.replace(/-/g, '');

/** 2026-12-01T08:30:00.000Z → 20261201T083000Z */
export function formatUtcStamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

export function writeCalendar(document: CalendarDocument): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${document.prodId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(document.name)}`,
  ];
  for (const event of document.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${formatUtcStamp(event.stamp)}`,
      `DTSTART;VALUE=DATE:${compactDate(event.start)}`,
      `DTEND;VALUE=DATE:${compactDate(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
