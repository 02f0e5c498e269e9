/**
 * A range of nights: from the first night (the day of arrival) up to the day of leaving, excluded. Days
 * are ISO dates (or day numbers, which compare the same way).
 */
export type NightRange<Day extends string | number = string> = { check_in: Day; check_out: Day };

/**
 * Do two ranges of nights share a night? Half-open, like every range of nights: a stay that ends on the
 * day another begins does not overlap it. The database's side of the same rule is overlapsNights
 * (src/server/db/overlaps.ts).
 */
export function nightsOverlap<Day extends string | number>(a: NightRange<Day>, b: NightRange<Day>): boolean {
  return a.check_in < b.check_out && b.check_in < a.check_out;
}
