/**
 * Waiting in tests: for a condition, never for a fixed time. A fixed sleep is either too short on a busy
 * machine (the test fails now and then) or longer than needed everywhere; polling a condition is neither.
 * This is the one file of the tests that may call setTimeout (lint keeps it so).
 */

export type WaitOptions = {
  /** Milliseconds before giving up (default 10 s: a loaded two-core machine is slow, a hang still fails). */
  timeout?: number;
  /** Milliseconds between two looks (default 25). */
  interval?: number;
  /** Said in the error when the time runs out (a function: read then, e.g. a server's output so far). */
  message?: string | (() => string);
};

/** Resolves with the condition's first truthy result; rejects if none comes within the timeout. */
export async function waitUntil<T>(
  condition: () => T | Promise<T>,
  { timeout = 10_000, interval = 25, message = 'the condition never held' }: WaitOptions = {},
): Promise<NonNullable<T>> {
  const started = Date.now();
  for (;;) {
    const result = await condition();
    if (result) return result as NonNullable<T>;
    if (Date.now() - started > timeout)
      throw new Error(`Waited ${timeout} ms: ${typeof message === 'function' ? message() : message}`);
    await pause(interval);
  }
}

/**
 * Lets time pass on purpose, where the passing of time is what a test is about (a lease that must run
 * out, a delay the server must keep): say why at the call. Never a way to wait for something to happen.
 */
export function pause(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}
