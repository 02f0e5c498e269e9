import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { FeedError } from './fetch-feed';
import { parseFeed, readGuestsCount, type ParseFeedOptions } from './parse-feed';
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
    expect(parseFeed(feed, options('airbnb')).items).toEqual([
      {
        uid: airbnbUid('1'),
        kind: 'stay',
        check_in: '2026-12-10',
        check_out: '2026-12-14',
        summary: 'Reserved',
        external_booking_id: 'HMABCD1234',
        guest_name: null,
        phone_last_digits: '0042',
        // Airbnb's calendar never says how many come.
        guests_count: null,
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

  it("reads how many guests come where a feed's description says, and leaves it unknown elsewhere", () => {
    const event = (uid: string, description: string) => [
      `UID:${uid}`,
      'DTSTART;VALUE=DATE:20261210',
      'DTEND;VALUE=DATE:20261213',
      'SUMMARY:Reserved - Jane D',
      `DESCRIPTION:${description}`,
    ];
    const { items } = parseFeed(
      writeGenericFeed([
        event('a', 'Guests: 3'),
        event('b', 'Arrival 14:00\\nAdults: 2\\nChildren: 1\\nInfants: 1'),
        event('c', 'Booked through the site'),
        event('d', 'Guests: 0'),
      ]),
      options('vrbo'),
    );
    expect(items.map((item) => [item.uid, item.guests_count])).toEqual([
      ['a', 3],
      ['b', 3],
      ['c', null],
      ['d', null],
    ]);
    expect(readGuestsCount('Number of guests - 4')).toBe(4);
    expect(readGuestsCount('4 guests, 2 bedrooms')).toBe(4);
    expect(readGuestsCount('Gäste: 5')).toBe(5);
    expect(readGuestsCount('Phone Number (Last 4 Digits): 4821')).toBeNull();
    expect(readGuestsCount('Guest: Jane')).toBeNull();
  });

  it('reads every Booking.com range as closed nights, never as a stay', () => {
    const { items } = parseFeed(
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
    const { items } = parseFeed(
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
    expect(parseFeed(feed, options('vrbo')).items).toEqual([
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
      parseFeed(feed, options('other')).items.map((item) => [item.uid, item.check_in, item.check_out]),
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
    expect(parseFeed(feed, options('other')).items.map((item) => item.kind)).toEqual([
      'stay',
      'block',
      'block',
    ]);
  });

  // Feeds seen in the wild, as a rental tool's public tests keep them (github.com/ricard33/tiloc,
  // core/tests/test_sync.py at 2e5a91b7: airbnb_ical and abritel_ical, fetched in July 2020). Abritel is
  // Vrbo's French site (PRODID HomeAway.com); its summaries are in French.
  const since2019 = { ...window, from: '2019-01-01' };
  it("reads the reservation code from Airbnb's older description, folded in the middle of its address", () => {
    const feed = [
      'BEGIN:VCALENDAR',
      'PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN',
      'CALSCALE:GREGORIAN',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'DTEND;VALUE=DATE:20200812',
      'DTSTART;VALUE=DATE:20200802',
      'UID:1418fb94e984-c36acd434xxxxxxxe6515e5ef948f56a@airbnb.com',
      'DESCRIPTION:Reservation URL: https://www.airbnb.com/reservation/itinerary',
      ' ?code=HMNxxx8J99\\nPhone Number (Last 4 Digits): 4235',
      'SUMMARY:Reserved',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\n');
    expect(parseFeed(feed, { channel: 'airbnb', ...since2019 }).items).toEqual([
      expect.objectContaining({
        kind: 'stay',
        check_in: '2020-08-02',
        check_out: '2020-08-12',
        external_booking_id: 'HMNXXX8J99',
        phone_last_digits: '4235',
      }),
    ]);
  });

  it("reads a localised Vrbo calendar's reservations as stays with their guest, the rest as closed nights", () => {
    const event = (uid: string, start: string, end: string, summary: string) => [
      `UID:${uid}`,
      'DTSTAMP:20200703T195526Z',
      `DTSTART;VALUE=DATE:${start}`,
      `DTEND;VALUE=DATE:${end}`,
      `SUMMARY:${summary}`,
    ];
    const abritel = writeGenericFeed([
      event('6f49cda7-479e-454b-a6a3-39fa7feee5ed', '20191224', '20191229', 'Réservée - Melanie'),
      event('d585fe79-8607-4b73-a4ab-47c6d4188aee', '20200101', '20200124', 'Réservée - M & Mme'),
      event('02292020-0229-2020-0305-202003052020', '20200229', '20200305', 'Indisponible'),
      event('a69a7fa7-6603-4b81-9596-99643c07cc4e', '20201013', '20201024', 'Réservée'),
      event('138b5f92-5aaa-400d-86b6-268bfb3c8aa5', '20201115', '20201206', 'Provisoire - Sylvie'),
    ]).replace('PRODID:-//Example Rentals//Calendar Export//EN', 'PRODID:-//HomeAway.com, Inc.//EN');
    const read = (text: string) =>
      parseFeed(text, { channel: 'vrbo', ...since2019 }).items.map((item) => [item.kind, item.guest_name]);
    expect(read(abritel)).toEqual([
      ['stay', 'Melanie'],
      ['stay', 'M & Mme'],
      ['block', null],
      ['stay', null],
      // A tentative hold is not yet a stay: its nights are closed.
      ['block', null],
    ]);
    // Vrbo's German and Spanish sites, in the words the issue reports them (no public file of either
    // was found): the same shape, 'Reserviert - Name' and 'Reservado - Name'.
    const localised = writeGenericFeed([
      event('de-1', '20201001', '20201004', 'Reserviert - Jonas K'),
      event('de-2', '20201005', '20201007', 'Nicht verfügbar'),
      event('es-1', '20201010', '20201012', 'Reservado - Lucía G'),
      event('es-2', '20201013', '20201015', 'Reservada'),
      event('es-3', '20201016', '20201018', 'No disponible'),
    ]);
    expect(read(localised)).toEqual([
      ['stay', 'Jonas K'],
      ['block', null],
      ['stay', 'Lucía G'],
      ['stay', null],
      ['block', null],
    ]);
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
    expect(parseFeed(feed, options('other')).items).toEqual([
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

  it.each([
    ['DAILY', 'FREQ=DAILY'],
    ['every third day', 'FREQ=DAILY;INTERVAL=3'],
    ['every other week on two days', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH'],
    ['every 7 hours', 'FREQ=HOURLY;INTERVAL=7'],
    ['daily in February only', 'FREQ=DAILY;BYMONTH=2'],
    ['daily, 9,900 times (ending in the window)', 'FREQ=DAILY;COUNT=9900'],
    ['daily, 9,000 times (over before the window)', 'FREQ=DAILY;COUNT=9000'],
    ['weekly, 1,500 times', 'FREQ=WEEKLY;COUNT=1500'],
    ['monthly on the 31st', 'FREQ=MONTHLY;BYMONTHDAY=31'],
  ])(
    'reads the repeats of a rule since 2000 (%s) that reach the window, as ical.js lists them, without trying each one since',
    (_name, rule) => {
      const start = rule.startsWith('FREQ=HOURLY') ? '20000103T100000' : '20000103';
      const lines = [
        'UID:since-2000@example.com',
        rule.startsWith('FREQ=HOURLY') ? `DTSTART:${start}` : `DTSTART;VALUE=DATE:${start}`,
        rule.startsWith('FREQ=HOURLY') ? 'DURATION:PT2H' : 'DURATION:P2D',
        `RRULE:${rule}`,
        'SUMMARY:Owner stay',
      ];
      // Every repeat from the start, one by one, as ical.js gives them: the dates the parser must match.
      const event = new ICAL.Event(
        ICAL.Component.fromString(writeGenericFeed([lines])).getFirstSubcomponent('vevent')!,
      );
      const expected: string[] = [];
      const iterator = event.iterator();
      for (let next = iterator.next(); next; next = iterator.next()) {
        const end = event.getOccurrenceDetails(next).endDate;
        const day = (time: ICAL.Time) =>
          `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
        if (day(next) >= window.to) break;
        if (day(end) > window.from || (day(end) === day(next) && day(next) >= window.from))
          expected.push(day(next));
      }
      // Trying each repeat since 2000 one by one would need far more than this.
      const { items, leftOut } = parseFeed(writeGenericFeed([lines]), {
        ...options('other'),
        limits: { maxRecurrenceSteps: 20_000, maxOccurrencesPerEvent: 10_000, maxOccurrences: 10_000 },
      });
      expect(leftOut.total).toBe(0);
      expect([
        ...new Set(items.map((item) => item.uid.replace(/^.*#(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3'))),
      ]).toEqual([...new Set(expected)]);
    },
  );

  it('keeps one budget of repeats for the whole calendar, and lists the events it could not read in full', () => {
    const events = Array.from({ length: 30 }, (_, index) => [
      `UID:daily-${index}@example.com`,
      `DTSTART;VALUE=DATE:200001${String(index + 1).padStart(2, '0')}`,
      'RRULE:FREQ=DAILY',
      'SUMMARY:Not available',
    ]);
    events.push(['UID:plain@example.com', 'DTSTART;VALUE=DATE:20261201', 'SUMMARY:Reserved']);
    const { items, leftOut, heldUids } = parseFeed(writeGenericFeed(events), {
      ...options('other'),
      limits: { maxOccurrencesPerEvent: 40, maxOccurrences: 100 },
    });
    const perEvent = new Map<string, number>();
    for (const item of items)
      perEvent.set(item.uid.split('#')[0]!, (perEvent.get(item.uid.split('#')[0]!) ?? 0) + 1);
    expect([...perEvent]).toEqual([
      ['daily-0@example.com', 40],
      ['daily-1@example.com', 40],
      ['daily-2@example.com', 20],
      ['plain@example.com', 1],
    ]);
    expect(leftOut.total).toBe(30);
    expect(leftOut.items[0]).toEqual({
      uid: 'daily-0@example.com',
      check_in: '2027-01-01',
      check_out: null,
      reason: 'over_budget',
    });
    expect(leftOut.items.at(-1)).toMatchObject({ uid: 'daily-29@example.com', reason: 'over_budget' });
    expect(heldUids).toHaveLength(30);
  });

  it('stops a rule that can never match when the budget runs out, and reads the rest of the calendar', () => {
    const startedAt = performance.now();
    const { items, leftOut } = parseFeed(
      writeGenericFeed([
        [
          'UID:never@example.com',
          'DTSTART:20261201T000000Z',
          'RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30',
          'SUMMARY:Blocked',
        ],
        ['UID:after@example.com', 'DTSTART;VALUE=DATE:20261205', 'SUMMARY:Blocked'],
      ]),
      options('other'),
    );
    expect(performance.now() - startedAt).toBeLessThan(10_000);
    expect(items.map((item) => item.uid)).toEqual(['after@example.com']);
    expect(leftOut.items).toEqual([
      { uid: 'never@example.com', check_in: '2026-12-01', check_out: null, reason: 'over_budget' },
    ]);
  });

  it('leaves out, and lists, each event it cannot use, holds their UIDs, and reads the rest', () => {
    const feed = writeGenericFeed([
      [
        'UID:good@example.com',
        'DTSTART;VALUE=DATE:20261201',
        'DTEND;VALUE=DATE:20261203',
        'SUMMARY:Reserved',
      ],
      [
        'UID:bad-rule@example.com',
        'DTSTART;VALUE=DATE:20261205',
        'DTEND;VALUE=DATE:20261206',
        'RRULE:FREQ=DAILY;BYDAY=XX',
        'SUMMARY:Reserved - Asha Verma',
      ],
      [
        'UID:bad-line@example.com',
        'DTSTART;VALUE=DATE:20261207',
        'Asha Verma 9822047391',
        'SUMMARY:Reserved',
      ],
      ['UID:no-start@example.com', 'DTEND;VALUE=DATE:20261210', 'SUMMARY:Reserved'],
      [
        'UID:backwards@example.com',
        'DTSTART;VALUE=DATE:20261215',
        'DTEND;VALUE=DATE:20261212',
        'SUMMARY:Reserved',
      ],
      [
        'UID:good@example.com',
        'DTSTART;VALUE=DATE:20261220',
        'DTEND;VALUE=DATE:20261222',
        'SUMMARY:Reserved',
      ],
      ['UID:far@example.com', 'DTSTART;VALUE=DATE:21010101', 'DTEND;VALUE=DATE:21010105', 'SUMMARY:Reserved'],
      [
        `UID:${'x'.repeat(300)}`,
        'DTSTART;VALUE=DATE:20261225',
        'DTEND;VALUE=DATE:20261226',
        'SUMMARY:Reserved',
      ],
    ]);
    const { items, leftOut, heldUids } = parseFeed(feed, options('other'));
    expect(items.map((item) => [item.uid, item.check_in])).toEqual([
      ['good@example.com', '2026-12-01'],
      // A UID longer than any calendar writes is kept as its digest (the unique index takes no kilobytes).
      [expect.stringMatching(/^uid-sha256-[0-9a-f]{64}$/), '2026-12-25'],
    ]);
    expect(leftOut).toEqual({
      total: 6,
      items: [
        {
          uid: 'bad-rule@example.com',
          check_in: '2026-12-05',
          check_out: '2026-12-06',
          reason: 'unreadable_rule',
        },
        { uid: 'bad-line@example.com', check_in: '2026-12-07', check_out: null, reason: 'unreadable_event' },
        { uid: 'no-start@example.com', check_in: null, check_out: null, reason: 'no_start' },
        {
          uid: 'backwards@example.com',
          check_in: '2026-12-15',
          check_out: '2026-12-12',
          reason: 'ends_before_start',
        },
        { uid: 'good@example.com', check_in: '2026-12-20', check_out: '2026-12-22', reason: 'duplicate_uid' },
        {
          uid: 'far@example.com',
          check_in: '2101-01-01',
          check_out: '2101-01-05',
          reason: 'after_last_date',
        },
      ],
    });
    expect(JSON.stringify(leftOut)).not.toMatch(/Asha|9822/);
    expect(heldUids.sort()).toEqual(
      [
        'bad-rule@example.com',
        'bad-line@example.com',
        'no-start@example.com',
        'backwards@example.com',
        'far@example.com',
      ].sort(),
    );
  });

  it('fails a calendar cut off before its end, or with a line outside its events it cannot read, quoting nothing', () => {
    const complete = writeGenericFeed([
      ['UID:a@example.com', 'DTSTART;VALUE=DATE:20261201', 'SUMMARY:Reserved - Asha Verma'],
      ['UID:b@example.com', 'DTSTART;VALUE=DATE:20261205', 'RRULE:FREQ=NEVER', 'SUMMARY:Reserved'],
    ]);
    const cases = [
      [complete.slice(0, complete.lastIndexOf('END:VEVENT')), /cut off/],
      [
        complete.replace('VERSION:2.0', 'VERSION:2.0\r\nX-GUEST;NAME="Asha Verma 9822047391'),
        /line outside its events/,
      ],
    ] as const;
    for (const [body, message] of cases) {
      let caught: unknown;
      try {
        parseFeed(body, options('other'));
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(FeedError);
      expect((caught as FeedError).message).toMatch(message);
      expect((caught as FeedError).message).not.toMatch(/Asha|9822/);
    }
  });

  it('applies an override only to the repeating event of its own UID', () => {
    const feed = writeGenericFeed([
      ['UID:a@example.com', 'DTSTART;VALUE=DATE:20261201', 'RRULE:FREQ=WEEKLY;COUNT=2', 'SUMMARY:Owner stay'],
      ['UID:b@example.com', 'DTSTART;VALUE=DATE:20261201', 'RRULE:FREQ=WEEKLY;COUNT=2', 'SUMMARY:Owner stay'],
      [
        'UID:b@example.com',
        'RECURRENCE-ID;VALUE=DATE:20261208',
        'DTSTART;VALUE=DATE:20261210',
        'DTEND;VALUE=DATE:20261212',
        'SUMMARY:Owner stay (moved)',
      ],
    ]);
    expect(parseFeed(feed, options('other')).items.map((item) => [item.uid, item.check_in])).toEqual([
      ['a@example.com#20261201', '2026-12-01'],
      ['a@example.com#20261208', '2026-12-08'],
      ['b@example.com#20261201', '2026-12-01'],
      ['b@example.com#20261208', '2026-12-10'],
    ]);
  });
});
