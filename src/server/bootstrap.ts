import { applyEnvironmentOperator, countOperators, findFirstOperator, upsertOperator } from './auth/queries';
import { generatePassword } from './auth/password';
import type { Database } from './db/client';
import { seedDemoData } from './db/seed';
import type { Env } from './env';

export const GENERATED_OPERATOR_EMAIL = 'operator@example.com';

export type BootstrapReport = {
  operatorEmail: string;
  generatedPassword?: string;
  seeded: boolean;
};

/**
 * Prepares a database for serving: migrations, the operator account (from the environment, or a
 * generated one when there is none), and the sample data on an empty database.
 */
export async function prepareDatabase(
  database: Database,
  env: Pick<Env, 'OPERATOR_EMAIL' | 'OPERATOR_PASSWORD' | 'SEED_DEMO'>,
): Promise<BootstrapReport> {
  await database.migrate();
  const { db } = database;
  let generatedPassword: string | undefined;
  if (env.OPERATOR_EMAIL && env.OPERATOR_PASSWORD) {
    // Applied only when it changed since it was last applied, so it never undoes a later password change.
    await applyEnvironmentOperator(db, { email: env.OPERATOR_EMAIL, password: env.OPERATOR_PASSWORD });
  } else if ((await countOperators(db)) === 0) {
    generatedPassword = generatePassword();
    await upsertOperator(db, { email: GENERATED_OPERATOR_EMAIL, password: generatedPassword });
  }
  const operator = env.OPERATOR_EMAIL ? { email: env.OPERATOR_EMAIL } : await findFirstOperator(db);
  const owner = await findFirstOperator(db);
  if (!operator || !owner) throw new Error('No operator account could be prepared');
  const seeded = env.SEED_DEMO ? await seedDemoData(db, { ownerId: owner.id }) : false;
  return { operatorEmail: operator.email, generatedPassword, seeded };
}
