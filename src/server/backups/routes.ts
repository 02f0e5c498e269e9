import { createReadStream } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { backupEndpoints } from '../../domain/contracts/backups';
import { DomainError } from '../../domain/domain-error';
import { getOperator } from '../auth/plugin';
import type { Database, Db } from '../db/client';
import { withOperator } from '../db/with-operator';
import { registerEndpoint } from '../http/register-endpoint';
import { listBackupFiles, type BackupFile } from './backup-files';
import { BackupRunningError, type BackupService } from './backups';

const BACKUP_NOT_FOUND = 'There is no backup by that name (it may have been pruned); reload the list.';

/** What the operator types on the machine to restore one: into an empty data directory or database. */
const RESTORE_COMMANDS: Record<Database['kind'], string> = {
  pglite: 'DATA_DIR=./data-restored npm run restore <file>',
  postgres: 'DATABASE_URL=postgres://…/an_empty_database npm run restore <file>',
};

/** Records in the audit log that the operator made or downloaded a backup (files have no trigger). */
function recordBackupEvent(
  db: Db,
  operatorId: string,
  name: string,
  action: 'insert' | 'read',
  detail: Record<string, unknown>,
) {
  return withOperator(db, operatorId, (tx) =>
    tx.execute(sql`select record_backup_event(${name}, ${action}, ${JSON.stringify(detail)}::jsonb)`),
  );
}

/** Streams the file (a backup of years of bookings is tens of MB: never read into memory whole). */
function sendBackupFile(reply: FastifyReply, file: BackupFile) {
  return reply
    .type('application/octet-stream')
    .header('content-disposition', `attachment; filename="${file.name}"`)
    .header('content-length', file.bytes)
    .header('cache-control', 'no-store')
    .send(createReadStream(file.path));
}

/**
 * The management area's backups: the list, one made now, and a download. Only a signed-in operator
 * reaches them; a download names a file of the list, never a path.
 */
export async function registerBackupRoutes(
  app: FastifyInstance,
  options: { db: Db; backups: BackupService; databaseKind: Database['kind'] },
) {
  const { db, backups } = options;

  registerEndpoint(
    app,
    backupEndpoints.listBackups,
    {
      summary: "The backups in the server's backup folder, newest first, and one being made now",
    },
    () => {
      const status = backups.status();
      return {
        backups: listBackupFiles(backups.dir).map((file) => ({
          name: file.name,
          bytes: file.bytes,
          created_at: file.createdAt,
          kind: file.origin,
        })),
        running: status.running && {
          started_at: status.running.startedAt.toISOString(),
          kind: status.running.origin,
        },
        last_failure: status.lastFailure && {
          at: status.lastFailure.at.toISOString(),
          message: status.lastFailure.message,
        },
        folder: backups.dir,
        restore_command: RESTORE_COMMANDS[options.databaseKind],
      };
    },
  );

  registerEndpoint(
    app,
    backupEndpoints.createBackup,
    {
      summary: 'Start a backup of the whole database now (202); the list shows it running, then the file',
      description:
        'Answers at once: the backup is written in the background (pg_dump in its own process, or the embedded database’s snapshot), so no request waits for it. 409 `backup_running` while one is being made.',
    },
    (request, reply) => {
      const operatorId = getOperator(request).id;
      try {
        const { startedAt } = backups.start('manual', (result) => {
          if (result instanceof Error) {
            request.log.error({ err: result }, 'the backup asked for in the management area failed');
            return;
          }
          request.log.info({ path: result.path, bytes: result.bytes, ms: result.ms }, 'backup written');
          const name = result.path.slice(backups.dir.length + 1);
          return recordBackupEvent(db, operatorId, name, 'insert', {
            bytes: result.bytes,
            ms: result.ms,
          }).then(
            () => undefined,
            (error: unknown) => request.log.error({ err: error }, 'the backup could not be audited'),
          );
        });
        reply.code(202);
        return { running: { started_at: startedAt.toISOString(), kind: 'manual' as const } };
      } catch (error) {
        if (error instanceof BackupRunningError) {
          throw new DomainError('backup_running', error.message);
        }
        throw error;
      }
    },
  );

  registerEndpoint(
    app,
    backupEndpoints.downloadBackup,
    {
      summary: 'Download one backup, by a name from the list (streamed, as an attachment)',
    },
    async (request, reply) => {
      // Only a name the folder's listing gives is sent: no path a request makes up can reach another file.
      const file = listBackupFiles(backups.dir).find((each) => each.name === request.params.name);
      if (!file) {
        throw new DomainError('backup_not_found', BACKUP_NOT_FOUND);
      }
      await recordBackupEvent(db, getOperator(request).id, file.name, 'read', { bytes: file.bytes });
      return sendBackupFile(reply, file);
    },
  );
}
