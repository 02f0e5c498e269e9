import { z } from 'zod';
import { BackupListSchema, BackupNameParamsSchema, BackupStartedSchema } from '../backup';
import { defineEndpoint, errorResponses } from './endpoint';
import { backupRoutes } from './routes';

export const backupEndpoints = {
  listBackups: defineEndpoint({
    ...backupRoutes.listBackups,
    tags: ['backups'],
    session: true,
    responses: { 200: BackupListSchema, ...errorResponses(401) },
  }),
  createBackup: defineEndpoint({
    ...backupRoutes.createBackup,
    tags: ['backups'],
    session: true,
    responses: { 202: BackupStartedSchema, ...errorResponses(401, 409) },
  }),
  downloadBackup: defineEndpoint({
    ...backupRoutes.downloadBackup,
    tags: ['backups'],
    session: true,
    params: BackupNameParamsSchema,
    produces: ['application/octet-stream'],
    responses: { 200: z.string().describe('application/octet-stream'), ...errorResponses(400, 401, 404) },
  }),
};
