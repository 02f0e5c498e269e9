import { describe, expect, it } from 'vitest';
import type { FeedItem } from './parse-feed';
import { nightsOverlap } from '../../domain/nights';
import type { ExistingStay } from '../store/channel-stays';
import { HoldingStayIndex, planReconcile } from './reconcile';

const today = '2026-11-22';
const stay = (uid: string, check_in: string, check_out: string): FeedItem => ({
  uid,
  kind: 'stay',
  check_in,
  check_out,
  summary: 'Reserved',
  external_booking_id: null,
  guest_name: null,
  phone_last_digits: null,
  guests_count: null,
});
const block = (uid: string, check_in: string, check_out: string): FeedItem => ({
  ...stay(uid, check_in, check_out),
  kind: 'block',
  summary: 'Not available',
});
const booking = (
  uid: string,
  check_in: string,
  check_out: string,
  status: ExistingStay['status'] = 'confirmed',
): ExistingStay => ({
  id: `id-${uid}`,
  uid,
  check_in,
  check_out,
  status,
});

describe('planning a sync', () => {
  it('imports new stays, moves changed ones, cancels vanished ones and leaves unchanged ones', () => {
    const plan = planReconcile({
      today,
      items: [
        stay('new', '2026-12-20', '2026-12-22'),
        stay('moved', '2026-12-05', '2026-12-09'),
        stay('same', '2027-01-01', '2027-01-03'),
      ],
      stays: [
        booking('moved', '2026-12-04', '2026-12-08'),
        booking('same', '2027-01-01', '2027-01-03'),
        booking('gone', '2026-12-12', '2026-12-14'),
      ],
      blocks: [],
    });
    expect(plan.insertStays.map((item) => item.uid)).toEqual(['new']);
    expect(plan.moveStays.map((move) => [move.booking.uid, move.item.check_in])).toEqual([
      ['moved', '2026-12-05'],
    ]);
    expect(plan.cancelStays.map((item) => item.uid)).toEqual(['gone']);
    expect(plan.cancelledHere).toEqual([]);
  });

  it('never touches a stay that has ended, and cancels one in progress that vanished', () => {
    const plan = planReconcile({
      today,
      items: [],
      stays: [
        booking('ended', '2026-11-18', '2026-11-22'),
        booking('in-progress', '2026-11-20', '2026-11-25'),
      ],
      blocks: [],
    });
    expect(plan.cancelStays.map((item) => item.uid)).toEqual(['in-progress']);
  });

  it('does not revive or move a booking the operator cancelled or completed, and reports a cancelled one still listed', () => {
    const plan = planReconcile({
      today,
      items: [stay('cancelled', '2026-12-01', '2026-12-04'), stay('completed', '2026-12-05', '2026-12-09')],
      stays: [
        booking('cancelled', '2026-12-01', '2026-12-03', 'cancelled'),
        booking('completed', '2026-12-05', '2026-12-07', 'completed'),
      ],
      blocks: [],
    });
    expect(plan.insertStays).toEqual([]);
    expect(plan.moveStays).toEqual([]);
    expect(plan.cancelStays).toEqual([]);
    expect(plan.cancelledHere.map((entry) => entry.booking.uid)).toEqual(['cancelled']);
  });

  it('adds, moves and removes closed ranges, leaving ended ones alone', () => {
    const plan = planReconcile({
      today,
      items: [block('rolling', '2027-11-23', '2028-11-22'), block('new', '2026-12-24', '2026-12-26')],
      stays: [],
      blocks: [
        { id: 'k1', uid: 'rolling', start_date: '2027-11-22', end_date: '2028-11-21' },
        { id: 'k2', uid: 'gone', start_date: '2026-12-01', end_date: '2026-12-02' },
        { id: 'k3', uid: 'past', start_date: '2026-11-01', end_date: '2026-11-05' },
      ],
    });
    expect(plan.insertBlocks.map((item) => item.uid)).toEqual(['new']);
    expect(plan.moveBlocks.map((move) => move.block.id)).toEqual(['k1']);
    expect(plan.deleteBlocks.map((item) => item.id)).toEqual(['k2']);
  });

  it('plans nothing when the feed matches what was imported', () => {
    const plan = planReconcile({
      today,
      items: [stay('a', '2026-12-01', '2026-12-03'), block('b', '2026-12-05', '2026-12-06')],
      stays: [booking('a', '2026-12-01', '2026-12-03')],
      blocks: [{ id: 'k', uid: 'b', start_date: '2026-12-05', end_date: '2026-12-06' }],
    });
    expect(Object.values(plan).every((list) => list.length === 0)).toBe(true);
  });

  it('keeps what the feed still lists but could not read: neither a stay cancelled nor a range reopened', () => {
    const plan = planReconcile({
      today,
      items: [],
      stays: [
        booking('unreadable', '2026-12-01', '2026-12-04'),
        booking('series#20261210', '2026-12-10', '2026-12-12'),
        booking('gone', '2026-12-15', '2026-12-17'),
      ],
      blocks: [
        { id: 'b1', uid: 'series#20261220', start_date: '2026-12-20', end_date: '2026-12-21' },
        { id: 'b2', uid: 'gone-block', start_date: '2026-12-22', end_date: '2026-12-23' },
      ],
      heldUids: new Set(['unreadable', 'series']),
    });
    expect(plan.cancelStays.map((item) => item.uid)).toEqual(['gone']);
    expect(plan.deleteBlocks.map((item) => item.uid)).toEqual(['gone-block']);
  });

  it('finds the stays a range overlaps by their months, as comparing with each one would, and quickly', () => {
    const day = (offset: number) => new Date(Date.UTC(2026, 10, 22 + offset)).toISOString().slice(0, 10);
    // Holding stays never share a night: 20,000 of them one after another, of 1 to 3 nights, and a long one.
    const stays: { id: string; check_in: string; check_out: string }[] = [];
    let next = 0;
    for (let index = 0; index < 20_000; index += 1) {
      const nights = 1 + (index % 3);
      stays.push({ id: `s${index}`, check_in: day(next), check_out: day(next + nights) });
      next += nights + (index % 2);
    }
    stays.push({ id: 'long', check_in: day(next + 10), check_out: day(next + 800) });
    const index = new HoldingStayIndex(stays);
    const ranges = Array.from({ length: 2_000 }, (_, n) => ({
      check_in: day((n * 37) % (next + 900)),
      check_out: day(((n * 37) % (next + 900)) + 1 + (n % 40)),
    }));
    const startedAt = performance.now();
    const found = ranges.map((range) => index.overlapping(range).map((stay) => stay.id));
    expect(performance.now() - startedAt).toBeLessThan(1_000);
    expect(found).toEqual(
      ranges.map((range) =>
        stays
          .filter((stay) => nightsOverlap(stay, range))
          .sort((a, b) => a.check_in.localeCompare(b.check_in))
          .map((stay) => stay.id),
      ),
    );
    // A check-out on the 1st leaves the month it starts in alone; a moved stay is found at its new dates.
    const small = new HoldingStayIndex([{ id: 'a', check_in: '2026-11-30', check_out: '2026-12-01' }]);
    expect(small.overlapping({ check_in: '2026-12-01', check_out: '2026-12-02' })).toEqual([]);
    small.move({ id: 'a', check_in: '2027-01-31', check_out: '2027-03-02' });
    expect(small.overlapping({ check_in: '2026-11-30', check_out: '2026-12-01' })).toEqual([]);
    expect(
      small.overlapping({ check_in: '2027-02-10', check_out: '2027-02-11' }).map((stay) => stay.id),
    ).toEqual(['a']);
    expect(small.overlapping({ check_in: '2027-02-10', check_out: '2027-02-11' }, 'a')).toEqual([]);
  });
});
