import { buildConfig, readEnv, type Config, type ConfigOverrides } from '../env';

/**
 * scrypt's cost (log2 N) in tests: 2^10 takes ~2 ms where production's 2^15 takes ~100 ms, and every
 * operator made and every sign-in pays it. Hashes store their cost, so verifying is the same code.
 */
export const TEST_PASSWORD_HASH_COST = 10;

/**
 * What every test server differs in from a production one: no sign-in brake, no mail timer, cheap password
 * hashes.
 */
const TEST_CONFIG: ConfigOverrides = {
  sessions: { signInDelayMs: 0, passwordHashCost: TEST_PASSWORD_HASH_COST },
  mail: { pollMs: 0 },
  // A fixed key, so no test writes a key file into the working directory's ./data.
  guestData: { key: '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0' },
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
