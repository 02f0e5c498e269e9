/**
 * Every browser suite, as one test file. The suites share one built server and its sample data, so they
 * run one after another; as one file they also run beside the API test files, on the other worker,
 * instead of after all of them (Vitest runs a project limited to one worker as a group of its own, after
 * every other file). Run one suite with `npm run test:e2e -- -t '<its describe name>'`.
 *
 * The order is the one the suites ran in when each was a file of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import './manage-calendar-bookings.e2e';
import './manage-all-bookings.e2e';
import './manage-properties.e2e';
import './site-landing.e2e';
import './manage-channels.e2e';
import './site-pages.e2e';
import './site-languages.e2e';
import './manage-booking-changes.e2e';
import './manage-payments.e2e';
import './manage-invoices.e2e';
import './manage-auth.e2e';
import './site-quality.e2e';
import './direct-booking.e2e';
import './site-build.e2e';
import './manage-dashboard-reports.e2e';
import './manage-timeline.e2e';
import './guest-request-messages.e2e';
import './guest-check-in.e2e';
import './manage-account.e2e';
import './smoke.e2e';
import './site-any-url.e2e';
import './accessible-names.e2e';
import './site-keyboard.e2e';
import './site-reach.e2e';
import './manage-scheduled-messages.e2e';
import './site-text-size.e2e';

it('runs every browser suite of this folder', () => {
  const suites = readdirSync(import.meta.dirname).filter((name) => name.endsWith('.e2e.ts'));
  const imports = readFileSync(import.meta.filename, 'utf8');
  for (const suite of suites) expect(imports).toContain(`import './${suite.replace(/\.ts$/, '')}';`);
  expect(suites.length).toBeGreaterThan(10);
});
