/**
 * Operator accounts from the command line:
 *   npm run operator -- set-password <email>   (asks for the password, or reads OPERATOR_PASSWORD)
 *   npm run operator -- create <email>         (same, creating the account if needed)
 *   npm run operator -- list
 */
import { createInterface } from 'node:readline/promises';
import { z } from 'zod';
import { NewPasswordSchema } from '../../domain/auth';
import { updateOperatorPassword, upsertOperator } from '../auth/queries';
import { DataDirInUseError, openDatabase } from '../db/client';
import { operators } from '../db/schema';
import { declareActor } from '../db/with-operator';
import { EnvError, readConfig, readConfigWith } from '../env';
import { runCommand } from './run-command';

const USAGE = 'Usage: npm run operator -- set-password <email> | create <email> | list';

async function askPassword(): Promise<string> {
  const fromEnv = readConfig().operator.password;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) {
    // Piped: the first line of standard input is the password.
    const rl = createInterface({ input: process.stdin });
    for await (const line of rl) return line;
    return '';
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const password = await rl.question('New password: ');
  rl.close();
  return password;
}

async function main(): Promise<number> {
  const [command, emailArgument] = process.argv.slice(2);
  if (!command || !['set-password', 'create', 'list'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  const config = readConfigWith({ OPERATOR_EMAIL: undefined, OPERATOR_PASSWORD: undefined });
  const hashCost = config.sessions.passwordHashCost;
  const database = await openDatabase({ databaseUrl: config.database.url, dataDir: config.database.dataDir });
  try {
    await database.migrate();
    if (command === 'list') {
      const rows = await database.db
        .select({ email: operators.email, created_at: operators.created_at })
        .from(operators);
      for (const row of rows) console.log(`${row.email}\t(created ${row.created_at.toISOString()})`);
      if (rows.length === 0) console.log('No operator accounts yet.');
      return 0;
    }
    const email = z.email().safeParse(emailArgument?.trim().toLowerCase());
    if (!email.success) {
      console.error(`"${emailArgument ?? ''}" is not an email address.\n${USAGE}`);
      return 2;
    }
    const password = NewPasswordSchema.safeParse(await askPassword());
    if (!password.success) {
      console.error(password.error.issues[0]?.message ?? 'The password is not acceptable');
      return 2;
    }
    if (command === 'create') {
      await database.db.transaction(async (tx) => {
        await declareActor(tx, 'cli');
        await upsertOperator(tx, { email: email.data, password: password.data, hashCost });
      });
      console.log(`The operator ${email.data} can now sign in with the new password.`);
      return 0;
    }
    const updated = await database.db.transaction(async (tx) => {
      await declareActor(tx, 'cli');
      return updateOperatorPassword(tx, { email: email.data, password: password.data, hashCost });
    });
    if (!updated) {
      console.error(`There is no operator ${email.data}. Use "create" to add one.`);
      return 1;
    }
    console.log(`The password of ${email.data} is changed; their other sessions are signed out.`);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main, { errors: [EnvError, DataDirInUseError] });
