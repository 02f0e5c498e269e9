import { closeSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BACKUP_NAME_PATTERN, readBackupTime, type BackupKind } from '../../domain/backup';

export { formatBytes } from '../../domain/backup';

/** Which database a backup holds: a snapshot of the embedded database, or a `pg_dump` of PostgreSQL. */
export type BackupFormat = 'pglite' | 'postgres';
export type BackupOrigin = BackupKind;

export type BackupFile = {
  name: string;
  path: string;
  origin: BackupOrigin;
  format: BackupFormat;
  bytes: number;
  /** When it was written (ISO), read from its name. */
  createdAt: string;
};

const EXTENSIONS: Record<BackupFormat, string> = { pglite: '.pglite.tar.gz', postgres: '.pgdump' };

/**
 * A backup's file name: the UTC time first, so that names sort by age, then its origin and format, e.g.
 * `villa-backup-20261123T203144123Z-daily.pglite.tar.gz`.
 */
export function nameBackupFile(format: BackupFormat, origin: BackupOrigin, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `villa-backup-${stamp}-${origin}${EXTENSIONS[format]}`;
}

/** The backups in `dir`, newest first (files by other names are left alone). */
export function listBackupFiles(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: BackupFile[] = [];
  for (const name of names) {
    const match = BACKUP_NAME_PATTERN.exec(name);
    if (!match) continue;
    const path = join(dir, name);
    files.push({
      name,
      path,
      origin: match[2] as BackupOrigin,
      format: match[3] === EXTENSIONS.pglite ? 'pglite' : 'postgres',
      bytes: statSync(path).size,
      createdAt: readBackupTime(name)!,
    });
  }
  return files.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
}

/** Deletes the daily backups beyond the newest `keep`; returns the deleted paths. */
export function pruneDailyBackups(dir: string, keep: number): string[] {
  const stale = listBackupFiles(dir)
    .filter((file) => file.origin === 'daily')
    .slice(Math.max(0, keep));
  for (const file of stale) rmSync(file.path, { force: true });
  return stale.map((file) => file.path);
}

/**
 * Writes through a temporary name and renames at the end, so that a backup interrupted halfway never
 * looks like a complete one.
 */
export async function writeFileAtomically(path: string, write: (partialPath: string) => Promise<void>) {
  const partial = `${path}.partial`;
  try {
    await write(partial);
    renameSync(partial, path);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** Tells a backup's format by its first bytes (gzip: the embedded snapshot; PGDMP: pg_dump's custom format). */
export function detectBackupFormat(path: string): BackupFormat | undefined {
  const head = Buffer.alloc(5);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  return undefined;
}
