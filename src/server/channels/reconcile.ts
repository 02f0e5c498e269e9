import type { BookingStatus } from '../../domain/booking';
import { nightsOverlap } from '../../domain/nights';
import type { ExistingStay } from '../store/channel-stays';
import type { FeedItem } from './parse-feed';

/** A closed range this connection imported earlier. */
export type ExistingBlock = { id: string; uid: string; start_date: string; end_date: string };

export type ReconcilePlan = {
  insertStays: FeedItem[];
  moveStays: { booking: ExistingStay; item: FeedItem }[];
  cancelStays: ExistingStay[];
  /** The feed still lists a stay that is cancelled here (by the operator, or when it left the feed). */
  cancelledHere: { booking: ExistingStay; item: FeedItem }[];
  insertBlocks: FeedItem[];
  moveBlocks: { block: ExistingBlock; item: FeedItem }[];
  deleteBlocks: ExistingBlock[];
};

const HOLDING: readonly BookingStatus[] = ['pending', 'confirmed'];

/**
 * What a sync changes, by UID within one connection. The rules:
 * - a new stay is imported; a stay whose dates changed is moved; a stay that left the feed and has not
 *   ended is cancelled. A stay that has ended (check-out today or before) is never touched: channels stop
 *   exporting past stays, so their absence means nothing.
 * - a booking the operator cancelled or completed is never revived or changed by a sync; if the feed
 *   still lists a cancelled one, that is reported, not acted on.
 * - closed ranges are added, moved and removed the same way; ended ones are left as they were.
 * - what the feed lists but could not be read (`heldUids`) is left alone: absent is not the same as gone.
 * The items are expected to be those of the feed that end after `today` (see parseFeed's `from`).
 */
export function planReconcile(input: {
  items: readonly FeedItem[];
  stays: readonly ExistingStay[];
  blocks: readonly ExistingBlock[];
  today: string;
  /**
   * UIDs the feed still lists but that could not be read (see ParsedFeed's heldUids): what was imported
   * under them is left as it is, neither cancelled nor reopened, since the channel has not removed it.
   */
  heldUids?: ReadonlySet<string>;
}): ReconcilePlan {
  const plan: ReconcilePlan = {
    insertStays: [],
    moveStays: [],
    cancelStays: [],
    cancelledHere: [],
    insertBlocks: [],
    moveBlocks: [],
    deleteBlocks: [],
  };
  const feedStays = new Map<string, FeedItem>();
  const feedBlocks = new Map<string, FeedItem>();
  for (const item of input.items) (item.kind === 'stay' ? feedStays : feedBlocks).set(item.uid, item);

  // A repeat's UID is its event's with '#yyyymmdd': holding the event holds all its repeats.
  const isHeld = (uid: string) =>
    input.heldUids !== undefined &&
    (input.heldUids.has(uid) || input.heldUids.has(uid.replace(/#\d{8}$/, '')));

  const knownStays = new Set<string>();
  for (const booking of input.stays) {
    knownStays.add(booking.uid);
    if (booking.check_out <= input.today) continue;
    const item = feedStays.get(booking.uid);
    if (!item) {
      if (HOLDING.includes(booking.status) && !isHeld(booking.uid)) plan.cancelStays.push(booking);
      continue;
    }
    if (booking.status === 'cancelled') {
      plan.cancelledHere.push({ booking, item });
    } else if (
      HOLDING.includes(booking.status) &&
      (booking.check_in !== item.check_in || booking.check_out !== item.check_out)
    ) {
      plan.moveStays.push({ booking, item });
    }
  }
  for (const item of feedStays.values()) if (!knownStays.has(item.uid)) plan.insertStays.push(item);

  const knownBlocks = new Set<string>();
  for (const block of input.blocks) {
    knownBlocks.add(block.uid);
    if (block.end_date <= input.today) continue;
    const item = feedBlocks.get(block.uid);
    if (!item) {
      if (!isHeld(block.uid)) plan.deleteBlocks.push(block);
    } else if (block.start_date !== item.check_in || block.end_date !== item.check_out) {
      plan.moveBlocks.push({ block, item });
    }
  }
  for (const item of feedBlocks.values()) if (!knownBlocks.has(item.uid)) plan.insertBlocks.push(item);

  const byStart = (a: FeedItem, b: FeedItem) =>
    a.check_in.localeCompare(b.check_in) || a.uid.localeCompare(b.uid);
  plan.insertStays.sort(byStart);
  plan.moveStays.sort((a, b) => byStart(a.item, b.item));
  return plan;
}

type DatedStay = { id: string; check_in: string; check_out: string };

/**
 * Stays that hold a property's nights, found by the months they touch. Holding stays never share a night
 * (the exclusion constraint, and a sync adds none that would), so a month holds a few at most: checking
 * each of a feed's 20,000 stays against them takes milliseconds, where comparing each with every other took
 * seconds of the server's thread.
 */
export class HoldingStayIndex<T extends DatedStay> {
  private readonly byMonth = new Map<string, T[]>();
  private readonly byId = new Map<string, T>();

  constructor(stays: readonly T[]) {
    for (const stay of stays) this.add(stay);
  }

  add(stay: T): void {
    this.byId.set(stay.id, stay);
    for (const month of listMonthsTouched(stay)) {
      const list = this.byMonth.get(month);
      if (list) list.push(stay);
      else this.byMonth.set(month, [stay]);
    }
  }

  /** Puts a stay at its new dates (adds it when it was not there). */
  move(stay: T): void {
    const old = this.byId.get(stay.id);
    if (old) {
      for (const month of listMonthsTouched(old)) {
        const list = this.byMonth.get(month);
        if (list)
          this.byMonth.set(
            month,
            list.filter((entry) => entry.id !== stay.id),
          );
      }
    }
    this.add(stay);
  }

  /** The stays that share a night with `range` (but the one with id `except`), by check-in. */
  overlapping(range: { check_in: string; check_out: string }, except?: string): T[] {
    const found = new Set<T>();
    for (const month of listMonthsTouched(range)) {
      for (const stay of this.byMonth.get(month) ?? []) {
        if (stay.id !== except && nightsOverlap(stay, range)) found.add(stay);
      }
    }
    return [...found].sort((a, b) => a.check_in.localeCompare(b.check_in));
  }
}

/** The months ('yyyy-MM') with a night of the half-open range [check_in, check_out). */
function listMonthsTouched(range: { check_in: string; check_out: string }): string[] {
  let year = Number(range.check_in.slice(0, 4));
  let month = Number(range.check_in.slice(5, 7));
  // The last night is the day before check-out: in the month before when check-out is on the 1st.
  let endYear = Number(range.check_out.slice(0, 4));
  let endMonth = Number(range.check_out.slice(5, 7));
  if (range.check_out.slice(8, 10) === '01') {
    endMonth -= 1;
    if (endMonth === 0) [endYear, endMonth] = [endYear - 1, 12];
  }
  const months: string[] = [];
  while (year < endYear || (year === endYear && month <= endMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month === 13) [year, month] = [year + 1, 1];
  }
  return months;
}
