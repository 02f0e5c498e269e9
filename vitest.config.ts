import { defineConfig, mergeConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import viteConfig from './vite.config.ts';

/**
 * API test files that spend minutes waiting on child servers and timers (a kill and restart, a mail claim
 * running out, a backup run by the command line). Vitest starts big files first when it has no timings
 * (a fresh clone), which put these small files last: the mail crash test alone then ran for two minutes
 * after every other API file, while the browser tests waited for it. Started first, they wait beside
 * the others.
 */
const WAITING_FILES = [
  'messages-crash',
  'durability',
  'backup-cli',
  'startup',
  'pending-request-limits',
  'account-security',
].map((name) => `/${name}.api.test.ts`);

/**
 * The browser tests, one file (tests/e2e/browser.e2e.test.ts): started once the waiting files have a worker
 * each, it runs on one worker while the other takes the remaining API, unit and component files.
 */
const BROWSER_FILE = '/tests/e2e/browser.e2e.test.ts';

class WaitingFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const waits = (file: TestSpecification) => WAITING_FILES.some((name) => file.moduleId.endsWith(name));
    const browser = (file: TestSpecification) => file.moduleId.endsWith(BROWSER_FILE);
    return [
      ...sorted.filter(waits),
      ...sorted.filter(browser),
      ...sorted.filter((file) => !waits(file) && !browser(file)),
    ];
  }
}

/** With TEST_CLOCK set, the unit and API tests take that instant for the real time now (the file says how). */
const FIXED_CLOCK = 'src/server/test/fixed-clock.ts';

/**
 * Four projects, one `npm test`:
 * - unit: pure logic (`*.test.ts`), run under a non-UTC time zone to catch date bugs;
 * - component: React components in jsdom (`*.test.tsx`);
 * - api: the server through `app.inject` on a fresh PGlite per file, and also on PostgreSQL when
 *   TEST_DATABASE_URL is set (`*.api.test.ts`);
 * - e2e: Chromium against the built server (the suites `tests/e2e/*.e2e.ts`, run by one test file).
 */
export default mergeConfig(
  viteConfig,
  defineConfig({
    root: '.',
    test: {
      root: '.',
      // Vitest's default on a two-core machine is one worker, so every file would wait for the one before,
      // though most of an API or browser test's time is spent waiting on a database or a child server.
      maxWorkers: 2,
      sequence: { sequencer: WaitingFilesFirst },
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            root: '.',
            include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
            exclude: ['src/**/*.api.test.ts', 'node_modules/**'],
            environment: 'node',
            setupFiles: [FIXED_CLOCK],
            env: { TZ: 'Asia/Kolkata' },
            // A property test of a thousand runs takes seconds of CPU on a shared two-core machine: a limit
            // for hangs, not a measure of speed.
            testTimeout: 20_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'component',
            root: '.',
            include: ['src/**/*.test.tsx'],
            environment: 'jsdom',
            setupFiles: ['src/client/test/setup.ts'],
            env: { TZ: 'America/New_York' },
            // A form typed key by key (check-in's twenty fields) takes seconds of CPU on a shared two-core
            // machine: a limit for hangs, not a measure of speed.
            testTimeout: 20_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'api',
            root: '.',
            include: ['src/**/*.api.test.ts'],
            environment: 'node',
            // Generous: a loaded two-core machine starts PGlite and child servers slowly; a hang still fails.
            testTimeout: 90_000,
            hookTimeout: 180_000,
            // Files share a worker's modules, so the migrated PGlite template is made once per worker, not
            // once per file (seconds each). The API tests mock nothing and change no global state (but for
            // the clock TEST_CLOCK sets, the same for every file of the run).
            isolate: false,
            setupFiles: [FIXED_CLOCK],
            env: { TZ: 'Asia/Dubai' },
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            root: '.',
            include: ['tests/e2e/browser.e2e.test.ts'],
            environment: 'node',
            globalSetup: ['tests/e2e/support/global-setup.ts'],
            testTimeout: 60_000,
            hookTimeout: 180_000,
            // In CI a browser test that fails is run once more: on two cores shared with the API tests a
            // wait can run out now and then, and one such wait must not throw away a whole change. A test
            // that passed only on its second try is listed at the end of CI's output with its first failure
            // (.ci/run), so a flaky test is seen, not hidden; one that fails twice fails CI.
            retry: process.env.CI ? 1 : 0,
          },
        },
      ],
    },
  }),
);
