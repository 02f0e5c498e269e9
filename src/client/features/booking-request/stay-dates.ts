import { addDaysToDate, countDaysBetween } from '@/domain/dates';

/**
 * Which days the date picker offers. Stays are half-open, so once a check-in is chosen the first
 * unavailable night after it is still a valid check-out day, and nothing beyond it is.
 */
export function createDayRules(input: {
  today: string;
  unavailable: ReadonlySet<string>;
  maxNights: number;
  maxDaysAhead: number;
  checkIn?: string;
  checkOut?: string;
}) {
  const lastCheckIn = addDaysToDate(input.today, input.maxDaysAhead);
  const choosingCheckOut = Boolean(input.checkIn && !input.checkOut);
  const lastCheckOut = input.checkIn
    ? findLastCheckOut(input.checkIn, input.unavailable, input.maxNights)
    : undefined;

  return {
    /** Whether the day can be clicked now. */
    isDisabled(date: string): boolean {
      if (date < input.today) return true;
      if (choosingCheckOut && input.checkIn && lastCheckOut && date > input.checkIn)
        return date > lastCheckOut;
      return date > lastCheckIn || input.unavailable.has(date);
    },
  };
}

/** The latest check-out for a check-in: the first unavailable night after it, or the longest stay. */
export function findLastCheckOut(
  checkIn: string,
  unavailable: ReadonlySet<string>,
  maxNights: number,
): string {
  for (let nights = 1; nights <= maxNights; nights += 1) {
    const date = addDaysToDate(checkIn, nights);
    if (unavailable.has(date)) return date;
  }
  return addDaysToDate(checkIn, maxNights);
}

/** The nights of [checkIn, checkOut) that are unavailable. */
export function findBlockedNights(
  checkIn: string,
  checkOut: string,
  unavailable: ReadonlySet<string>,
): string[] {
  const nights = Math.max(0, countDaysBetween(checkIn, checkOut));
  return Array.from({ length: nights }, (_, index) => addDaysToDate(checkIn, index)).filter((date) =>
    unavailable.has(date),
  );
}
