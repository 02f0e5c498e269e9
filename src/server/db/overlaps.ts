import { and, gt, lt, type SQL, type SQLWrapper } from 'drizzle-orm';

/** A range's end: a date (bound as a parameter) or an SQL expression (another row's column, say). */
type NightBound = string | SQLWrapper;

/**
 * Rows whose nights, from `first` up to `last` excluded, share at least one night with [start, end):
 * arriving before the range ends and leaving after it starts. Half-open like every range of nights, so a
 * stay that ends on the day another begins does not overlap it, and a stay across a month's end belongs
 * to both months. An end left out is open (no condition on that side). The same rule for values in
 * JavaScript is nightsOverlap (src/domain/nights.ts).
 */
export function overlapsNights(
  first: SQLWrapper,
  last: SQLWrapper,
  range: { start: NightBound; end: NightBound },
): SQL;
export function overlapsNights(
  first: SQLWrapper,
  last: SQLWrapper,
  range: { start?: NightBound; end?: NightBound },
): SQL | undefined;
export function overlapsNights(
  first: SQLWrapper,
  last: SQLWrapper,
  range: { start?: NightBound; end?: NightBound },
): SQL | undefined {
  return and(
    range.end === undefined ? undefined : lt(first, range.end),
    range.start === undefined ? undefined : gt(last, range.start),
  );
}
