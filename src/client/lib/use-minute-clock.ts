import { startTransition, useEffect, useState } from 'react';

/**
 * The time now, moved on every minute (the finest step of "3 minutes ago" or "answer within 2 hours").
 * `startAt` is where it starts: a server-rendered page starts from the moment the server rendered it, so
 * that the browser's first render matches the markup it hydrates, and moves to the browser's clock after.
 */
export function useMinuteClock(startAt?: string | Date): Date {
  const [now, setNow] = useState(() => (startAt ? new Date(startAt) : new Date()));
  useEffect(() => {
    // As transitions, the renders a new minute causes yield to the browser: the first one re-renders the
    // whole hydrated page, which as one task would block the guest's first taps.
    const tick = () => startTransition(() => setNow(new Date()));
    tick();
    const timer = setInterval(tick, 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
