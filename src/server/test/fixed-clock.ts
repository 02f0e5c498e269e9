/**
 * A test setup file (vitest.config.ts): with TEST_CLOCK set to an instant (`2027-03-31T23:59:00+05:30`),
 * the tests of this worker run as if that were the real time now. The clock starts there when the worker's
 * first file starts and runs on at its real pace (a frozen one would stop every wait and lease). It is
 * Node's `Date`, so the embedded database's too: PGlite reads its `now()` from it; PostgreSQL keeps the
 * machine's, so these runs are on PGlite only (scripts/test-on-fixed-days.mjs). What a test gives the app
 * as its `now` (TEST_NOW) stays: a test that passes on one of these days and fails on another reads the
 * real clock where it should read the app's.
 */
import { readTestEnv } from './test-env';

const RealDate = globalThis.Date;

/** The shifted Date of this worker, made once: dates made in one file stay `instanceof Date` in the next. */
type ShiftedDate = DateConstructor & { shiftTo(instant: number): void };

function makeShiftedDate(): ShiftedDate {
  let offset = 0;
  const now = () => RealDate.now() + offset;
  const shiftTo = (instant: number) => {
    offset = instant - RealDate.now();
  };
  return new Proxy(RealDate, {
    construct: (target, args, newTarget) =>
      Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget) as object,
    // `Date()` called without `new` is the time now as text.
    apply: () => new RealDate(now()).toString(),
    get: (target, property, receiver) => {
      if (property === 'now') return now;
      if (property === 'shiftTo') return shiftTo;
      return Reflect.get(target, property, receiver) as unknown;
    },
  }) as ShiftedDate;
}

/** The instant TEST_CLOCK names, in milliseconds; it must say its offset, so that it is one instant. */
export function readFixedClock(value: string): number {
  const instant = /([+-]\d\d:\d\d|Z)$/.test(value) ? RealDate.parse(value) : Number.NaN;
  if (Number.isNaN(instant)) {
    throw new Error(
      `TEST_CLOCK must be an instant with its offset, e.g. 2027-03-31T23:59:00+05:30: ${value}`,
    );
  }
  return instant;
}

const clock = readTestEnv().clock;
// Shifted once per worker, when its first file starts: the API files share a worker one after the other, and
// a clock set back at each file would go backwards, which no real clock does.
if (clock && !(globalThis.Date as Partial<ShiftedDate>).shiftTo) {
  const shifted = makeShiftedDate();
  shifted.shiftTo(readFixedClock(clock));
  globalThis.Date = shifted;
}
