import { buildConfig, readEnv, type Config, type ConfigOverrides } from '../env';

/** What every test server differs in from a production one: no sign-in brake, no mail timer. */
const TEST_CONFIG: ConfigOverrides = {
  sessions: { signInDelayMs: 0 },
  mail: { pollMs: 0 },
};

/**
 * The configuration a test runs with: the one the server reads from an empty environment (so its defaults
 * are the production ones), made quick for tests, with each of `overrides` merged in, in turn.
 */
export function createTestConfig(...overrides: ConfigOverrides[]): Config {
  return buildConfig(readEnv({}), TEST_CONFIG, ...overrides);
}

/** The configuration of an empty environment, as production starts with it (for tests of a default). */
export const PRODUCTION_DEFAULTS: Config = buildConfig(readEnv({}));
