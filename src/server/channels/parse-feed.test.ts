import { describe, expect, it } from 'vitest';
import { FeedError } from './fetch-feed';
import { parseFeed, type ParseFeedOptions } from './parse-feed';
import { airbnbUid, writeAirbnbFeed, writeBookingComFeed, writeGenericFeed } from './test/fixtures';

const window = { from: '2026-11-22', to: '2029-11-22', timeZone: 'Asia/Kolkata' };
const options = (channel: ParseFeedOptions['channel']): ParseFeedOptions => ({ channel, ...window });

describe('reading channel calendars', () => {
  it('reads an Airbnb calendar: reservations with their code and phone digits, everything else closed nights', () => {
    const feed = writeAirbnbFeed({
      reservations: [
        {
          uid: airbnbUid('1'),
          check_in: '2026-12-10',
          check_out: '2026-12-14',
          code: 'HMABCD1234',
          phone: '0042',
        },
      ],
      blocks: [
        { uid: airbnbUid('2'), start: '2026-12-20', end: '2026-12-22' },
        { uid: airbnbUid('3'), start: '2027-11-22', end: '2028-11-21' },
      ],
    });
    // Airbnb folds its long DESCRIPTION lines.
    expect(feed).toMatch(/\r\n [^\r\n]/);
    expect(parseFeed(feed, options('airbnb'))).toEqual([
      {
        uid: airbnbUid('1'),
        kind: 'stay',
        check_in: '2026-12-10',
        check_out: '2026-12-14',
        summary: 'Reserved',
        external_booking_id: 'HMABCD1234',
        guest_name: null,
        phone_last_digits: '0042',
      },
      expect.objectContaining({
        uid: airbnbUid('2'),
        kind: 'block',
        check_in: '2026-12-20',
        check_out: '2026-12-22',
      }),
      expect.objectContaining({ uid: airbnbUid('3'), kind: 'block', summary: 'Airbnb (Not available)' }),
    ]);
  });

  it('reads every Booking.com range as closed nights, never as a stay', () => {
    const items = parseFeed(
      writeBookingComFeed([
        { uid: '1733900000000@booking.com', start: '2026-12-01', end: '2026-12-05' },
        { uid: '1733900000001@booking.com', start: '2027-01-01', end: '2027-01-02' },
      ]),
      options('booking_com'),
    );
    expect(items.map((item) => [item.kind, item.check_in, item.check_out])).toEqual([
      ['block', '2026-12-01', '2026-12-05'],
      ['block', '2027-01-01', '2027-01-02'],
    ]);
  });

  it('leaves out what ended on or before the first day of the window', () => {
    const items = parseFeed(
      writeAirbnbFeed({
        reservations: [
          { uid: airbnbUid('past'), check_in: '2026-11-18', check_out: '2026-11-22', code: 'HMPAST0001' },
          { uid: airbnbUid('now'), check_in: '2026-11-20', check_out: '2026-11-23', code: 'HMNOW00001' },
        ],
      }),
      options('airbnb'),
    );
    expect(items.map((item) => item.uid)).toEqual([airbnbUid('now')]);
  });

  it('reads a TZID date-time by the date the calendar shows, and a UTC one by the villa’s date', () => {
    const feed = writeGenericFeed(
      [
        [
          'UID:vrbo-1@example.com',
          'DTSTART;TZID=America/New_York:20261210T160000',
          'DTEND;TZID=America/New_York:20261214T100000',
          'SUMMARY:Reserved - Jane D',
        ],
        // 20:00 UTC on the 11th is 01:30 on the 12th in India.
        ['UID:utc-1@example.com', 'DTSTART:20261211T200000Z', 'DTEND:20261213T050000Z', 'SUMMARY:Blocked'],
      ],
      { timezone: true },
    );
    expect(parseFeed(feed, options('vrbo'))).toEqual([
      expect.objectContaining({
        uid: 'vrbo-1@example.com',
        kind: 'stay',
        check_in: '2026-12-10',
        check_out: '2026-12-14',
        guest_name: 'Jane D',
      }),
      expect.objectContaining({
        uid: 'utc-1@example.com',
        kind: 'block',
        check_in: '2026-12-12',
        check_out: '2026-12-13',
      }),
    ]);
  });

  it('expands RRULEs with EXDATE and a moved occurrence, skips cancelled events, and reads bare LF lines', () => {
    const feed = writeGenericFeed(
      [
        [
          'UID:weekly@example.com',
          'DTSTART;VALUE=DATE:20261201',
          'DTEND;VALUE=DATE:20261203',
          'RRULE:FREQ=WEEKLY;COUNT=4',
          'EXDATE;VALUE=DATE:20261208',
          'SUMMARY:Owner stay',
        ],
        [
          'UID:weekly@example.com',
          'RECURRENCE-ID;VALUE=DATE:20261215',
          'DTSTART;VALUE=DATE:20261216',
          'DTEND;VALUE=DATE:20261219',
          'SUMMARY:Owner stay (moved)',
        ],
        [
          'UID:gone@example.com',
          'DTSTART;VALUE=DATE:20261224',
          'DTEND;VALUE=DATE:20261226',
          'STATUS:CANCELLED',
          'SUMMARY:Booked',
        ],
        ['UID:one-day@example.com', 'DTSTART;VALUE=DATE:20261230', 'SUMMARY:Maintenance'],
      ],
      { lineEnding: '\n' },
    );
    expect(
      parseFeed(feed, options('other')).map((item) => [item.uid, item.check_in, item.check_out]),
    ).toEqual([
      ['weekly@example.com#20261201', '2026-12-01', '2026-12-03'],
      ['weekly@example.com#20261215', '2026-12-16', '2026-12-19'],
      ['weekly@example.com#20261222', '2026-12-22', '2026-12-24'],
      ['one-day@example.com', '2026-12-30', '2026-12-31'],
    ]);
  });

  it('classifies other calendars: reserved or booked stays become stays, the rest closed nights', () => {
    const feed = writeGenericFeed([
      ['UID:a', 'DTSTART;VALUE=DATE:20261201', 'DTEND;VALUE=DATE:20261203', 'SUMMARY:Booked'],
      ['UID:b', 'DTSTART;VALUE=DATE:20261204', 'DTEND;VALUE=DATE:20261206', 'SUMMARY:Not available'],
      ['UID:c', 'DTSTART;VALUE=DATE:20261207', 'DTEND;VALUE=DATE:20261209', 'SUMMARY:Family visiting'],
    ]);
    expect(parseFeed(feed, options('other')).map((item) => item.kind)).toEqual(['stay', 'block', 'block']);
  });

  it.each([
    ['<!doctype html><html><body>Sign in</body></html>', /web page, not a calendar/],
    ['{"error":"not found"}', /did not return a calendar/],
    ['BEGIN:VCALENDAR\r\nthis is not a property line\r\nEND:VCALENDAR\r\n', /could not be read/],
  ])('refuses what is not a calendar: %s', (body, message) => {
    let caught: unknown;
    try {
      parseFeed(body, options('airbnb'));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FeedError);
    expect((caught as FeedError).code).toBe('not_a_calendar');
    expect((caught as FeedError).message).toMatch(message);
  });
  it('drops control characters from what it keeps, and keeps every date within the years the product takes', () => {
    const feed = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:nul\u0000uid@example.com',
      'DTSTART;VALUE=DATE:20261201',
      'DTEND;VALUE=DATE:20261204',
      'SUMMARY:Reserved - Asha\u0000 \u0007Rao',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:for-ever@example.com',
      'DTSTART;VALUE=DATE:20270301',
      'DTEND;VALUE=DATE:99991231',
      'SUMMARY:Blocked',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:years-ahead@example.com',
      'DTSTART;VALUE=DATE:20310110',
      'DTEND;VALUE=DATE:20310112',
      'SUMMARY:Reserved',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:far-future@example.com',
      'DTSTART;VALUE=DATE:99990101',
      'DTEND;VALUE=DATE:99990105',
      'SUMMARY:Reserved',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    expect(parseFeed(feed, options('other'))).toEqual([
      expect.objectContaining({
        uid: 'nuluid@example.com',
        kind: 'stay',
        summary: 'Reserved - Asha Rao',
        guest_name: 'Asha Rao',
      }),
      // Closed up to the last date there is; a stay years ahead is kept, one after the last date is not.
      expect.objectContaining({
        uid: 'for-ever@example.com',
        check_in: '2027-03-01',
        check_out: '2100-12-31',
      }),
      expect.objectContaining({ uid: 'years-ahead@example.com', check_in: '2031-01-10' }),
    ]);
  });
});
