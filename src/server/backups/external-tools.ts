import { spawn } from 'node:child_process';
import { readChildProcessEnv } from '../env';

/** pg_dump or pg_restore failed, or is not installed; the message is meant for the operator. */
export class BackupToolError extends Error {
  override name = 'BackupToolError';
}

/**
 * The arguments and environment that point a PostgreSQL client tool at `databaseUrl`. The password goes
 * in PGPASSWORD rather than on the command line, where every user of the machine could read it.
 */
export function describeConnection(databaseUrl: string): { dbname: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a PostgreSQL client tool; resolves with its standard output, rejects with its own words. */
export function runTool(
  command: 'pg_dump' | 'pg_restore',
  args: string[],
  env: Record<string, string> = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    // The child inherits the environment on purpose: PGSSLMODE, PGSERVICE and friends still apply.
    const child = spawn(command, args, {
      env: readChildProcessEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        new BackupToolError(
          error.code === 'ENOENT'
            ? `${command} was not found. Install the PostgreSQL client tools of your server's major version or newer (on Debian or Ubuntu: apt-get install postgresql-client).`
            : `${command} could not run: ${error.message}`,
        ),
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(stdout).toString());
      else
        reject(
          new BackupToolError(`${command} failed (exit code ${code}): ${stderr.trim() || 'no message'}`),
        );
    });
  });
}
