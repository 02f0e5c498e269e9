import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildExportEvents, mergeSpans } from './export-calendar';
import { escapeText, foldLine, writeCalendar } from './write-calendar';

const octets = (text: string) => new TextEncoder().encode(text).length;

describe('writing an iCalendar export', () => {
  it('folds long lines at 75 octets without splitting a UTF-8 character', () => {
    const line = `X-WR-CALNAME:${'Śānti Villa — सुकून '.repeat(8)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(parts.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });

  it('escapes text values', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('writes CRLF, VERSION, PRODID and all-day events that ical.js reads back', () => {
    const text = writeCalendar({
      name: 'Villa; "Sea, view"',
      prodId: '-//Test//EN',
      events: [
        {
          uid: 'stay-1@example.com',
          start: '2026-12-10',
          end: '2026-12-14',
          summary: 'Reserved; held, for now',
          stamp: new Date('2026-11-01T08:30:00Z'),
        },
      ],
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Test//EN');
    expect(text).toContain('X-WR-CALNAME:Villa\\; "Sea\\, view"\r\n');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect([
      event.summary,
      event.uid,
      event.startDate.toString(),
      event.endDate.toString(),
      event.startDate.isDate,
    ]).toEqual(['Reserved; held, for now', 'stay-1@example.com', '2026-12-10', '2026-12-14', true]);
    expect(String(event.component.getFirstPropertyValue('dtstamp'))).toBe('2026-11-01T08:30:00Z');
  });

  it('merges overlapping and touching closed ranges, keeping the latest change as the stamp', () => {
    const early = new Date('2026-01-01T00:00:00Z');
    const late = new Date('2026-02-01T00:00:00Z');
    expect(
      mergeSpans([
        { start: '2026-12-05', end: '2026-12-06', stamp: early },
        { start: '2026-12-01', end: '2026-12-03', stamp: early },
        { start: '2026-12-03', end: '2026-12-04', stamp: late },
        { start: '2026-12-02', end: '2026-12-03', stamp: early },
      ]),
    ).toEqual([
      { start: '2026-12-01', end: '2026-12-04', stamp: late },
      { start: '2026-12-05', end: '2026-12-06', stamp: early },
    ]);
  });

  it('names stays Reserved and closed ranges Not available, with UIDs that survive a date change', () => {
    const stamp = new Date('2026-01-01T00:00:00Z');
    const events = buildExportEvents({
      propertyId: 'p1',
      stays: [{ id: 'b1', check_in: '2026-12-10', check_out: '2026-12-12', updated_at: stamp }],
      closed: [{ start: '2026-12-01', end: '2026-12-02', stamp }],
    });
    expect(events.map((event) => [event.summary, event.start, event.end])).toEqual([
      ['Not available', '2026-12-01', '2026-12-02'],
      ['Reserved', '2026-12-10', '2026-12-12'],
    ]);
    const moved = buildExportEvents({
      propertyId: 'p1',
      stays: [{ id: 'b1', check_in: '2026-12-11', check_out: '2026-12-13', updated_at: stamp }],
      closed: [],
    });
    expect(moved[0]!.uid).toBe(events[1]!.uid);
  });
});
