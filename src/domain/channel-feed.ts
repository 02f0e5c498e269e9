/**
 * What a sync reads of a channel's calendar at most, and why it leaves an item out (the rest of the
 * calendar is imported). Free of zod and date-fns: the worker thread that reads calendars loads it at
 * every start. `channel.ts` re-exports it beside the API's schemas.
 */
import { DATE_BOUNDS } from './text-rules';

/** Why a sync left an item of a channel's calendar out (the rest of the calendar is imported). */
export const LEFT_OUT_REASONS = [
  'unreadable_event',
  'unreadable_rule',
  'no_start',
  'ends_before_start',
  'duplicate_uid',
  'after_last_date',
  'over_budget',
] as const;
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];

/** A calendar's items a sync reads at most: beyond them, repeats are left out (and listed). */
export const FEED_READ_LIMITS = {
  /** Repeats of one event kept: a daily repeat over the whole three-year window fits. */
  occurrencesPerEvent: 1_100,
  /**
   * Repeats kept from all the calendar's repeating events together: a quarter of the items a calendar may
   * bring, since each becomes a row written in the sync's one transaction.
   */
  occurrences: 5_000,
} as const;

export const LEFT_OUT_MESSAGES: Record<LeftOutReason, string> = {
  unreadable_event: 'The event could not be read',
  unreadable_rule: 'Its repeat rule could not be read',
  no_start: 'It has no start date',
  ends_before_start: 'It ends before it starts',
  duplicate_uid: 'A second event with the same UID',
  after_last_date: `It starts after ${DATE_BOUNDS.max}`,
  over_budget: `Over the limit of repeats (${FEED_READ_LIMITS.occurrencesPerEvent.toLocaleString('en-US')} per event, ${FEED_READ_LIMITS.occurrences.toLocaleString('en-US')} per calendar): not read from this date on`,
};

/** How many items left out a connection lists; the rest are only counted. */
export const LEFT_OUT_LIST_LIMIT = 50;
