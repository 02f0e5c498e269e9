import { z } from 'zod';

/** Daily backups are pruned to the newest few; backups an operator asked for are never deleted for them. */
export const BACKUP_KINDS = ['daily', 'manual'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

/**
 * A backup's file name: `villa-backup-<UTC time>-<manual|daily>.<pglite.tar.gz|pgdump>`. Only names of
 * this shape are ever listed or sent, so a name from a request can never reach another file.
 */
export const BACKUP_NAME_PATTERN =
  /^villa-backup-(\d{8}T\d{6}\d{3}Z)-(manual|daily)(\.pglite\.tar\.gz|\.pgdump)$/;

/** When the backup was written, read from its name (`20261123T203144123Z`). */
export function readBackupTime(name: string): string | undefined {
  const stamp = BACKUP_NAME_PATTERN.exec(name)?.[1];
  if (!stamp) return undefined;
  const [, y, mo, d, h, mi, s, ms] = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z$/.exec(stamp)!;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`;
}

export const BackupSchema = z.object({
  name: z.string(),
  bytes: z.number().int().nonnegative(),
  created_at: z.iso.datetime(),
  kind: z.enum(BACKUP_KINDS),
});
export type Backup = z.infer<typeof BackupSchema>;

export const BackupListSchema = z.object({
  backups: z.array(BackupSchema),
  /** A backup being written now (by this server), if any: only one at a time. */
  running: z.object({ started_at: z.iso.datetime(), kind: z.enum(BACKUP_KINDS) }).nullable(),
  /** The last backup asked for that failed, until one succeeds. */
  last_failure: z.object({ at: z.iso.datetime(), message: z.string() }).nullable(),
  /** The folder on the server's machine that holds them (BACKUP_DIR, else DATA_DIR/backups). */
  folder: z.string(),
  /** The command that restores one (`<file>` standing for it), to run on the machine with the server stopped. */
  restore_command: z.string(),
});
export type BackupList = z.infer<typeof BackupListSchema>;

export const BackupStartedSchema = z.object({
  running: z.object({ started_at: z.iso.datetime(), kind: z.enum(BACKUP_KINDS) }),
});

export const BackupNameParamsSchema = z.object({
  name: z
    .string()
    .max(80, { error: 'That is not the name of a backup' })
    .regex(BACKUP_NAME_PATTERN, { error: 'That is not the name of a backup' }),
});

/** A backup's refusals: backup_running (one is being written), backup_not_found (no backup by that name). */
export const BACKUP_ERROR_CODES = ['backup_running', 'backup_not_found'] as const;
export type BackupErrorCode = (typeof BACKUP_ERROR_CODES)[number];

/** A size for people: "812 B", "4.8 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}
