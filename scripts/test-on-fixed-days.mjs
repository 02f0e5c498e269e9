#!/usr/bin/env node
/**
 * Runs the tests of what depends on the day (payments and their schedule, payment reminders, invoices and
 * their financial year, scheduled messages) once per fixed day below, with TEST_CLOCK set: the tests then
 * take that instant for the real time now (src/server/test/fixed-clock.ts). A test that fails on one of
 * these days and not on another reads the real clock where it should read the app's.
 *
 *   node scripts/test-on-fixed-days.mjs                 every fixed day
 *   node scripts/test-on-fixed-days.mjs 2027-04-01T00:05:00+05:30 [more instants]
 *
 * On PGlite only: its clock is the tests' own Node clock, PostgreSQL's is the machine's.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// 31 March, 1 April, a minute before midnight and a leap day, in three runs.
const FIXED_DAYS = [
  // The last minute of India's financial year at the villa: the run goes on past midnight into 1 April.
  '2027-03-31T23:59:00+05:30',
  // Five minutes into the next one, while UTC (and the API tests' time zone, Asia/Dubai) is still on 31 March.
  '2027-04-01T00:05:00+05:30',
  // A leap day.
  '2028-02-29T12:00:00+05:30',
];

// The API suites, where the server, the database and the tests each read a clock. The domain's rules take
// the day as an argument (nothing in src/domain reads the clock for them), so their unit tests need no run.
const DATE_SENSITIVE_FILES = [
  'src/server/payments/payments.api.test.ts',
  'src/server/messages/guest-payment.api.test.ts',
  'src/server/messages/payment-reminders.api.test.ts',
  'src/server/payments/razorpay.api.test.ts',
  'src/server/invoices/invoices.api.test.ts',
  'src/server/invoices/register.api.test.ts',
  'src/server/messages/scheduled-messages.api.test.ts',
];

const root = fileURLToPath(new URL('..', import.meta.url));
// A file renamed away would otherwise drop out of these runs without a word.
const missing = DATE_SENSITIVE_FILES.filter((file) => !existsSync(join(root, file)));
if (missing.length > 0) {
  console.error(`No such test files: ${missing.join(', ')} (scripts/test-on-fixed-days.mjs)`);
  process.exit(1);
}
const days = process.argv.slice(2).length > 0 ? process.argv.slice(2) : FIXED_DAYS;
const { TEST_DATABASE_URL: _postgres, ...env } = process.env;
const results = [];
for (const day of days) {
  console.log(`== Tests on ${day}`);
  const started = Date.now();
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...DATE_SENSITIVE_FILES], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, TEST_CLOCK: day },
  });
  results.push({ day, passed: run.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}
for (const { day, passed, seconds } of results) {
  console.log(`${passed ? 'passed' : 'FAILED'} on ${day} (${seconds} s)`);
}
process.exit(results.every((result) => result.passed) ? 0 : 1);
