/**
 * Keeps what a benchmark prints in `bench/results/<name>.txt` as well, with the command and when it ran,
 * so that a decision record can name the command that produces its figures instead of copying them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';

const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));

export function recordPrintedFigures(name: string) {
  const startedAt = new Date().toISOString();
  const onPostgres = process.argv.slice(2).some((arg) => arg.startsWith('postgres'));
  const lines: string[] = [];
  const print = console.log.bind(console);
  console.log = (...args: unknown[]) => {
    print(...args);
    lines.push(format(...args));
  };
  // A run that failed leaves the last good figures in place.
  process.on('exit', (code) => {
    if (code !== 0) return;
    const command = ['npm run', `bench:${name}`, ...process.argv.slice(2).map((arg) => `-- ${arg}`)].join(
      ' ',
    );
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(
      // A run on PostgreSQL keeps its own file beside the embedded database's.
      join(resultsDir, `${name}${onPostgres ? '.postgres' : ''}.txt`),
      [command, `started ${startedAt} on Node ${process.version}`, '', ...lines, ''].join('\n'),
    );
  });
}
