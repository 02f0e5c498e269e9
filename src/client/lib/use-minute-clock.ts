import { useEffect, useState } from 'react';

/**
 * The time now, moved on every minute (the finest step of "3 minutes ago" or "answer within 2 hours").
 * `startAt` is where it starts: a server-rendered page starts from the moment the server rendered it, so
 * that the browser's first render matches the markup it hydrates, and moves to the browser's clock after.
 */
export function useMinuteClock(startAt?: string | Date): Date {
  const [now, setNow] = useState(() => (startAt ? new Date(startAt) : new Date()));
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
