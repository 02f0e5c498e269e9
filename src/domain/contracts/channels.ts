import { z } from 'zod';
import {
  ChannelConnectionSchema,
  ChannelInputSchema,
  ChannelListSchema,
  ChannelUpdateSchema,
  CONFLICT_STATUSES,
  ExportUrlSchema,
  ResolveConflictSchema,
  RotateExportUrlSchema,
  SyncConflictSchema,
  SyncResultSchema,
} from '../channel';
import { defineEndpoint, ErrorResponseSchema, errorResponses, PropertyIdParamsSchema } from './endpoint';
import { channelRoutes } from './routes';

export const ChannelIdParamsSchema = z.object({ channelId: z.uuid({ error: 'Channel id must be a UUID' }) });
export const ConflictIdParamsSchema = z.object({
  conflictId: z.uuid({ error: 'Conflict id must be a UUID' }),
});

export const channelEndpoints = {
  listChannels: defineEndpoint({
    ...channelRoutes.listChannels,
    tags: ['channels'],
    session: true,
    params: PropertyIdParamsSchema,
    responses: { 200: ChannelListSchema, ...errorResponses(400, 401, 404) },
  }),
  createChannel: defineEndpoint({
    ...channelRoutes.createChannel,
    tags: ['channels'],
    session: true,
    params: PropertyIdParamsSchema,
    body: ChannelInputSchema,
    responses: { 201: ChannelConnectionSchema, ...errorResponses(400, 401, 404) },
  }),
  updateChannel: defineEndpoint({
    ...channelRoutes.updateChannel,
    tags: ['channels'],
    session: true,
    params: ChannelIdParamsSchema,
    body: ChannelUpdateSchema,
    responses: { 200: ChannelConnectionSchema, ...errorResponses(400, 401, 404) },
  }),
  deleteChannel: defineEndpoint({
    ...channelRoutes.deleteChannel,
    tags: ['channels'],
    session: true,
    params: ChannelIdParamsSchema,
    responses: {
      200: z.object({
        deleted: z.literal(true),
        kept_stays: z
          .number()
          .int()
          .describe('Stays from this connection that have not ended, kept as bookings'),
      }),
      ...errorResponses(400, 401, 404),
    },
  }),
  syncChannel: defineEndpoint({
    ...channelRoutes.syncChannel,
    tags: ['channels'],
    session: true,
    params: ChannelIdParamsSchema,
    responses: { 200: SyncResultSchema, ...errorResponses(400, 401, 404, 409) },
  }),
  rotateExportUrl: defineEndpoint({
    ...channelRoutes.rotateExportUrl,
    tags: ['channels'],
    session: true,
    params: PropertyIdParamsSchema,
    body: RotateExportUrlSchema,
    responses: { 200: ExportUrlSchema, ...errorResponses(400, 401, 404) },
  }),
  listSyncConflicts: defineEndpoint({
    ...channelRoutes.listSyncConflicts,
    tags: ['channels'],
    session: true,
    query: z.object({
      property_id: z.uuid({ error: 'property_id must be a UUID' }).optional(),
      channel_id: z.uuid({ error: 'channel_id must be a UUID' }).optional(),
      status: z
        .enum([...CONFLICT_STATUSES, 'all'], {
          error: 'status must be open, dismissed, accepted, obsolete or all',
        })
        .default('open'),
    }),
    responses: { 200: z.array(SyncConflictSchema), ...errorResponses(400, 401) },
  }),
  resolveSyncConflict: defineEndpoint({
    ...channelRoutes.resolveSyncConflict,
    tags: ['channels'],
    session: true,
    params: ConflictIdParamsSchema,
    body: ResolveConflictSchema,
    responses: { 200: SyncConflictSchema, ...errorResponses(400, 401, 404, 409) },
  }),
  listChannelsNeedingAttention: defineEndpoint({
    ...channelRoutes.listChannelsNeedingAttention,
    tags: ['channels'],
    session: true,
    responses: {
      200: z.object({
        connections: z.array(ChannelConnectionSchema.extend({ property_name: z.string() })),
        open_conflicts: z.number().int(),
      }),
      401: ErrorResponseSchema,
    },
  }),
  /** A property's calendar for the channels to import (text/calendar), by the secret in its file name. */
  getCalendarExport: defineEndpoint({
    ...channelRoutes.getCalendarExport,
    tags: ['export'],
    session: false,
    params: z.object({ file: z.string() }),
    responses: {},
  }),
};
