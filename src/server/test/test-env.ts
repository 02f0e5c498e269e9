/**
 * The variables that steer the tests themselves (which databases, which browser, which build), apart
 * from the server's configuration in env.ts, which never reads them.
 */
export function readTestEnv(source: Record<string, string | undefined> = process.env) {
  return {
    databaseUrl: source.TEST_DATABASE_URL || undefined,
    e2eDatabaseUrl: source.E2E_DATABASE_URL || undefined,
    baseUrl: source.E2E_BASE_URL || undefined,
    chromiumPath: source.CHROME_PATH || '/usr/bin/chromium',
    buildDir: source.BUILD_DIR || undefined,
    reuseBuild: source.E2E_REUSE_BUILD === '1',
    /** An instant the tests take for the real time now (fixed-clock.ts), e.g. 2028-02-29T10:00:00+05:30. */
    clock: source.TEST_CLOCK || undefined,
  };
}
