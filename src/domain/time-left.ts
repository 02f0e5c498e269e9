// Kept apart from the message schemas: the guest's request page words the time left without loading zod.

/** Time left before a pending request lapses, in words ("1 day 4 hours", "35 minutes", "due now"). */
export function describeTimeLeft(holdUntil: string | Date, now: Date = new Date()): string {
  const ms = new Date(holdUntil).getTime() - now.getTime();
  if (ms <= 60_000) return 'due now';
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (days > 0) return hours > 0 ? `${plural(days, 'day')} ${plural(hours, 'hour')}` : plural(days, 'day');
  if (hours > 0)
    return mins > 0 ? `${plural(hours, 'hour')} ${plural(mins, 'minute')}` : plural(hours, 'hour');
  return plural(mins, 'minute');
}
