import { and, gt, lt, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Rows whose nights, from `first` up to `last` excluded, share at least one night with [start, end):
 * arriving before the range ends and leaving after it starts. Half-open like every range of nights, so a
 * stay that ends on the day another begins does not overlap it, and a stay across a month's end belongs
 * to both months.
 */
export function overlapsNights(
  first: AnyColumn,
  last: AnyColumn,
  range: { start: string; end: string },
): SQL {
  return and(lt(first, range.end), gt(last, range.start))!;
}
