import { describe, expect, it } from 'vitest';
import {
  describeConnectionHealth,
  describeEmptyCalendar,
  describeSyncCounts,
  formatTimeAgo,
} from './channel-health';

const now = new Date('2026-03-10T12:00:00Z');
const connection = {
  channel: 'airbnb' as const,
  name: null,
  last_synced_at: '2026-03-10T11:55:00Z',
  last_error: null,
  stale: false,
  created_at: '2026-03-01T00:00:00Z',
};

describe('connection health', () => {
  it('says when a healthy connection last synced', () => {
    expect(describeConnectionHealth(connection, 6, now)).toEqual({
      tone: 'ok',
      label: 'Synced',
      lastSuccess: '5 minutes ago',
      warning: null,
    });
  });

  it('warns that nights may be sold twice once a connection is stale, naming the limit', () => {
    const health = describeConnectionHealth(
      { ...connection, stale: true, last_synced_at: '2026-03-10T02:00:00Z', last_error: 'unreachable' },
      6,
      now,
    );
    expect(health.tone).toBe('stale');
    expect(health.warning).toMatch(/^No successful sync for more than 6 hours \(last 10 hours ago\)/);
    expect(health.warning).toMatch(/Airbnb/);
  });

  it('tells a failing connection from one never synced', () => {
    expect(describeConnectionHealth({ ...connection, last_error: 'x' }, 6, now).tone).toBe('failing');
    expect(describeConnectionHealth({ ...connection, last_synced_at: null }, 6, now)).toMatchObject({
      tone: 'pending',
      lastSuccess: 'never',
    });
  });
});

describe('sync results', () => {
  it('lists every count, blocks moved only when some did', () => {
    const counts = {
      added: 1,
      moved: 0,
      cancelled: 2,
      blocked: 3,
      blocks_moved: 0,
      reopened: 1,
      conflicts: 1,
    };
    expect(describeSyncCounts(counts)).toBe(
      '1 added, 0 moved, 2 cancelled, 3 blocked, 1 reopened, 1 conflict',
    );
    expect(describeSyncCounts({ ...counts, blocks_moved: 2, conflicts: 0 })).toContain(
      '3 blocked, 2 blocks moved, 1 reopened, 0 conflicts',
    );
  });

  it('rounds recent times to "just now"', () => {
    expect(formatTimeAgo('2026-03-10T11:59:30Z', now)).toBe('just now');
    expect(formatTimeAgo('2026-03-09T12:00:00Z', now)).toBe('1 day ago');
  });
});

describe('an empty calendar waiting to be confirmed', () => {
  // 10:32 at the villa (UTC+5:30); the first empty answer came now, the nights reopen from 10:42.
  const at = new Date('2026-11-22T05:02:00Z');
  const waiting = {
    channel: 'booking_com' as const,
    name: null,
    stays_count: 0,
    empty_calendar_since: '2026-11-22T05:02:00.000Z',
    empty_calendar_reopens_at: '2026-11-22T05:12:00.000Z',
  };

  it("says when the channel's nights reopen, at the villa's time", () => {
    expect(describeEmptyCalendar(waiting, at)).toBe(
      'Booking.com sent an empty calendar; its nights reopen if it is still empty at 10:42.',
    );
  });

  it('names the stays it would cancel, and the day when it is not today at the villa', () => {
    expect(
      describeEmptyCalendar(
        {
          ...waiting,
          channel: 'airbnb',
          name: 'Beach house',
          stays_count: 2,
          empty_calendar_reopens_at: '2026-11-22T18:40:00.000Z',
        },
        at,
      ),
    ).toBe(
      'Beach house sent an empty calendar; its nights reopen and its 2 stays to come are cancelled if it is still empty at Mon 23 Nov, 00:10.',
    );
  });

  it('says nothing when the last calendar had events', () => {
    expect(
      describeEmptyCalendar({ ...waiting, empty_calendar_since: null, empty_calendar_reopens_at: null }, at),
    ).toBeNull();
  });
});
