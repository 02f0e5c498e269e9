import { applyEnvironmentOperator, countOperators, findFirstOperator, upsertOperator } from './auth/queries';
import { generatePassword } from './auth/password';
import { readGuestDataKeys, type GuestDataKeys } from './check-in/guest-data-key';
import { listStoredKeyIds, type StoredKeyId } from './check-in/queries';
import type { Database } from './db/client';
import type { RulesOutcome } from './db/rules';
import { seedDemoData } from './db/seed';
import type { Config } from './env';

export const GENERATED_OPERATOR_EMAIL = 'operator@example.com';

export type BootstrapReport = {
  operatorEmail: string;
  generatedPassword?: string;
  seeded: boolean;
  rules: RulesOutcome;
  /** The keys of guests' numbers, checked against the key ids the stored numbers name. */
  guestDataKeys: GuestDataKeys;
  /** Stored numbers still under an old key (GUEST_DATA_KEYS_OLD), for a reminder to re-encrypt them. */
  underOldKeys: StoredKeyId[];
};

/**
 * Prepares a database for serving: migrations, the keys of guests' numbers (refused with a
 * GuestDataKeyError, before anything is written, when a key the stored numbers name is missing), the
 * operator account (from the environment, or a generated one when there is none), and the sample data on
 * an empty database.
 */
export async function prepareDatabase(
  database: Database,
  config: Pick<Config, 'operator' | 'sessions' | 'guestData'>,
): Promise<BootstrapReport> {
  const rules = await database.migrate();
  const { db } = database;
  const stored = await listStoredKeyIds(db);
  const guestDataKeys = readGuestDataKeys(config.guestData, stored);
  const underOldKeys = stored.filter(({ id }) => id !== guestDataKeys.current.id);
  const { operator: settings } = config;
  let generatedPassword: string | undefined;
  if (settings.email && settings.password) {
    // Applied only when it changed since it was last applied, so it never undoes a later password change.
    await applyEnvironmentOperator(db, {
      email: settings.email,
      password: settings.password,
      hashCost: config.sessions.passwordHashCost,
    });
  } else if ((await countOperators(db)) === 0) {
    generatedPassword = generatePassword();
    await upsertOperator(db, {
      email: GENERATED_OPERATOR_EMAIL,
      password: generatedPassword,
      hashCost: config.sessions.passwordHashCost,
    });
  }
  const operator = settings.email ? { email: settings.email } : await findFirstOperator(db);
  const owner = await findFirstOperator(db);
  if (!operator || !owner) throw new Error('No operator account could be prepared');
  const seeded = settings.seedDemo ? await seedDemoData(db, { ownerId: owner.id }) : false;
  return { operatorEmail: operator.email, generatedPassword, seeded, rules, guestDataKeys, underOldKeys };
}
