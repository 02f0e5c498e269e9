import { addDaysToDate, countDaysBetween } from '@/domain/dates';
import {
  DEFAULT_PRICING_RULES,
  findStayRules,
  WEEKDAYS,
  weekdayOf,
  type PricingRules,
} from '@/domain/pricing';

/**
 * Which days the date picker offers, under the villa's open nights and its stay rules. Stays are
 * half-open, so once a check-in is chosen the first unavailable night after it is still a valid
 * check-out day, and nothing beyond it is; check-out days closer than the minimum stay are not offered,
 * and neither are check-in days a season does not allow.
 */
export function createDayRules(input: {
  today: string;
  unavailable: ReadonlySet<string>;
  maxNights: number;
  maxDaysAhead: number;
  pricing?: PricingRules;
  checkIn?: string;
  checkOut?: string;
}) {
  const pricing = input.pricing ?? DEFAULT_PRICING_RULES;
  const firstCheckIn = addDaysToDate(input.today, pricing.min_advance_days);
  const lastCheckIn = addDaysToDate(input.today, Math.min(input.maxDaysAhead, pricing.max_advance_days));
  const choosingCheckOut = Boolean(input.checkIn && !input.checkOut);
  const stayRules = input.checkIn ? findStayRules(input.checkIn, pricing) : undefined;
  const checkOutRange =
    input.checkIn && stayRules
      ? {
          first: addDaysToDate(input.checkIn, stayRules.minNights),
          last: findLastCheckOut(
            input.checkIn,
            input.unavailable,
            Math.min(input.maxNights, stayRules.maxNights),
          ),
        }
      : undefined;

  return {
    /** Whether the day can be clicked now. */
    isDisabled(date: string): boolean {
      if (date < input.today) return true;
      if (choosingCheckOut && input.checkIn && checkOutRange && date > input.checkIn)
        return date < checkOutRange.first || date > checkOutRange.last;
      if (date < firstCheckIn || date > lastCheckIn || input.unavailable.has(date)) return true;
      const checkInDays = findStayRules(date, pricing).checkInDays;
      return checkInDays !== null && !checkInDays.includes(weekdayOf(date));
    },
    /** What the guest should know about the chosen check-in: "Minimum stay in Diwali is 3 nights". */
    /** The chosen check-in's minimum stay, when it asks for more than a night (for the hint in other languages). */
    hintNights: choosingCheckOut && stayRules && stayRules.minNights > 1 ? stayRules.minNights : undefined,
    hint:
      choosingCheckOut && stayRules && stayRules.minNights > 1
        ? `Minimum stay${stayRules.season ? ` in ${stayRules.season}` : ''} is ${stayRules.minNights} nights`
        : undefined,
  };
}

/** How stay rules are worded; English by default, Hindi and Marathi from the page's form texts. */
export type StayRuleWords = {
  minimumStay: (nights: number) => string;
  seasonMinimum: (nights: number) => string;
  checkInOnly: (days: string[]) => string;
  weekday: (day: number) => string;
};

const STAY_RULE_WORDS_EN: StayRuleWords = {
  minimumStay: (nights) => `Minimum stay ${nights} nights`,
  seasonMinimum: (nights) => `minimum stay ${nights} night${nights === 1 ? '' : 's'}`,
  checkInOnly: (days) => `check-in ${days.join(' or ')} only`,
  weekday: (day) => WEEKDAYS[day]!,
};

/**
 * The stay rules a guest should see before picking dates: the usual minimum stay, and each season still
 * to come that asks for a longer stay or fixed check-in days.
 */
export function describeStayRules(
  pricing: PricingRules,
  today: string,
  words: StayRuleWords = STAY_RULE_WORDS_EN,
): string[] {
  const lines: string[] = [];
  if (pricing.min_nights > 1) lines.push(words.minimumStay(pricing.min_nights));
  for (const season of pricing.seasons) {
    if (!season.repeats_yearly && season.end < today) continue;
    const parts = [
      season.min_nights !== null && season.min_nights !== pricing.min_nights
        ? words.seasonMinimum(season.min_nights)
        : null,
      season.check_in_days ? words.checkInOnly(season.check_in_days.map(words.weekday)) : null,
    ].filter(Boolean);
    if (parts.length > 0) lines.push(`${season.name}: ${parts.join(', ')}`);
  }
  return lines;
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
