import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { channelRoutes } from '@/domain/contracts/routes';
import type { channelEndpoints } from '@/domain/contracts/channels';
import type { NewChannel, ConflictAction } from '@/domain/channel';
import type { EndpointResult } from '@/domain/contracts/endpoint';
import { callEndpoint } from '@/client/lib/api-client';
import { invalidateOperatorData, operatorDataKey } from '@/client/lib/query';

/** A connection as the dashboard lists it: with its property's name. */
export type ConnectionNeedingAttention = EndpointResult<
  typeof channelEndpoints.listChannelsNeedingAttention
>['connections'][number];

export const channelKeys = {
  all: [...operatorDataKey, 'channels'] as const,
  property: (propertyId: string) => [...channelKeys.all, 'property', propertyId] as const,
  conflicts: (propertyId: string) => [...channelKeys.all, 'conflicts', propertyId] as const,
  attention: () => [...channelKeys.all, 'attention'] as const,
};

/** A property's export URL and its connections with their health. */
export function channelsQuery(propertyId: string) {
  return queryOptions({
    queryKey: channelKeys.property(propertyId),
    queryFn: ({ signal }) => callEndpoint(channelRoutes.listChannels, { params: { propertyId }, signal }),
    // Health is measured against the clock ("synced 3 minutes ago", stale): keep it current while open.
    refetchInterval: 60_000,
  });
}

/** A property's open sync conflicts, with both sides. */
export function syncConflictsQuery(propertyId: string) {
  return queryOptions({
    queryKey: channelKeys.conflicts(propertyId),
    queryFn: ({ signal }) =>
      callEndpoint(channelRoutes.listSyncConflicts, { query: { property_id: propertyId }, signal }),
  });
}

/** Connections of every property that are stale, failing or have open conflicts (the dashboard). */
export function channelsAttentionQuery() {
  return queryOptions({
    queryKey: channelKeys.attention(),
    queryFn: ({ signal }) => callEndpoint(channelRoutes.listChannelsNeedingAttention, { signal }),
  });
}

/** Every change here can move stays and closed nights: every view of the operator's data reloads. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => void invalidateOperatorData(queryClient);
}

export function useCreateChannel(propertyId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: NewChannel) =>
      callEndpoint(channelRoutes.createChannel, { params: { propertyId }, body: input }),
    onSuccess: invalidate,
  });
}

export function useUpdateChannel() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { channelId: string; changes: { import_url: string; name: string | null } }) =>
      callEndpoint(channelRoutes.updateChannel, {
        params: { channelId: input.channelId },
        body: input.changes,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteChannel() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (channelId: string) => callEndpoint(channelRoutes.deleteChannel, { params: { channelId } }),
    onSuccess: invalidate,
  });
}

export function useSyncChannel() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (channelId: string) => callEndpoint(channelRoutes.syncChannel, { params: { channelId } }),
    // A failed fetch is an answer too (outcome "failed"): the health it recorded shows either way.
    onSettled: invalidate,
  });
}

export function useRotateExportUrl(propertyId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (channelId: string | null) =>
      callEndpoint(channelRoutes.rotateExportUrl, {
        params: { propertyId },
        body: channelId ? { channel_id: channelId } : {},
      }),
    onSuccess: invalidate,
  });
}

export function useResolveConflict() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { conflictId: string; action: ConflictAction; note?: string }) =>
      callEndpoint(channelRoutes.resolveSyncConflict, {
        params: { conflictId: input.conflictId },
        body: input.note ? { action: input.action, note: input.note } : { action: input.action },
      }),
    // A 409 means the calendar moved meanwhile: the reload shows how things stand now.
    onSettled: invalidate,
  });
}
