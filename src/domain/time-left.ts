// Kept apart from the message schemas: the guest's request page words the time left without loading zod.

/**
 * The words of a span of time in one language; the Hindi and Marathi ones live with that language's texts
 * (`src/content/hi/booking-form.ts`), so an English page carries none of them.
 */
export type TimeWords = {
  minute: { one: string; many: string };
  hour: { one: string; many: string };
  day: { one: string; many: string };
  dueNow: string;
};

export const TIME_WORDS_EN: TimeWords = {
  minute: { one: 'minute', many: 'minutes' },
  hour: { one: 'hour', many: 'hours' },
  day: { one: 'day', many: 'days' },
  dueNow: 'due now',
};

const countIn = (words: TimeWords) => (n: number, unit: 'minute' | 'hour' | 'day') =>
  `${n} ${n === 1 ? words[unit].one : words[unit].many}`;

/** Time left before a pending request lapses, in words ("1 day 4 hours", "35 minutes", "due now"). */
export function describeTimeLeft(
  holdUntil: string | Date,
  now: Date = new Date(),
  words: TimeWords = TIME_WORDS_EN,
): string {
  const ms = new Date(holdUntil).getTime() - now.getTime();
  if (ms <= 60_000) return words.dueNow;
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const plural = countIn(words);
  if (days > 0) return hours > 0 ? `${plural(days, 'day')} ${plural(hours, 'hour')}` : plural(days, 'day');
  if (hours > 0)
    return mins > 0 ? `${plural(hours, 'hour')} ${plural(mins, 'minute')}` : plural(hours, 'hour');
  return plural(mins, 'minute');
}

/**
 * How long a request is held unanswered (the configuration's hold hours), as guests are promised it: "48
 * hours", "3 days", "90 minutes". Every text that promises an answer is written from this one number.
 */
export function describeHoldTime(holdHours: number, words: TimeWords = TIME_WORDS_EN): string {
  const plural = countIn(words);
  const minutes = Math.round(holdHours * 60);
  if (minutes < 120) return plural(minutes, 'minute');
  if (minutes % 60 !== 0)
    return `${Math.floor(minutes / 60)} ${words.hour.many} ${plural(minutes % 60, 'minute')}`;
  const hours = minutes / 60;
  if (hours >= 72 && hours % 24 === 0) return plural(hours / 24, 'day');
  return plural(hours, 'hour');
}
