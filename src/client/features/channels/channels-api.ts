import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChannelConnection,
  ChannelList,
  NewChannel,
  ConflictAction,
  SyncConflict,
  SyncResult,
} from '@/domain/channel';
import { apiFetch } from '@/client/lib/api-client';
import { invalidateOperatorData, operatorDataKey } from '@/client/lib/query';

/** A connection as the dashboard lists it: with its property's name. */
export type ConnectionNeedingAttention = ChannelConnection & { property_name: string };
export type ChannelsAttention = { connections: ConnectionNeedingAttention[]; open_conflicts: number };

export const channelKeys = {
  all: [...operatorDataKey, 'channels'] as const,
  property: (propertyId: string) => [...channelKeys.all, 'property', propertyId] as const,
  conflicts: (propertyId: string) => [...channelKeys.all, 'conflicts', propertyId] as const,
  attention: () => [...channelKeys.all, 'attention'] as const,
};

const propertyPath = (propertyId: string) => `/api/properties/${encodeURIComponent(propertyId)}`;
const channelPath = (channelId: string) => `/api/channels/${encodeURIComponent(channelId)}`;

/** A property's export URL and its connections with their health. */
export function channelsQuery(propertyId: string) {
  return queryOptions({
    queryKey: channelKeys.property(propertyId),
    queryFn: ({ signal }) => apiFetch<ChannelList>(`${propertyPath(propertyId)}/channels`, { signal }),
    // Health is measured against the clock ("synced 3 minutes ago", stale): keep it current while open.
    refetchInterval: 60_000,
  });
}

/** A property's open sync conflicts, with both sides. */
export function syncConflictsQuery(propertyId: string) {
  return queryOptions({
    queryKey: channelKeys.conflicts(propertyId),
    queryFn: ({ signal }) =>
      apiFetch<SyncConflict[]>(`/api/sync-conflicts?property_id=${encodeURIComponent(propertyId)}`, {
        signal,
      }),
  });
}

/** Connections of every property that are stale, failing or have open conflicts (the dashboard). */
export function channelsAttentionQuery() {
  return queryOptions({
    queryKey: channelKeys.attention(),
    queryFn: ({ signal }) => apiFetch<ChannelsAttention>('/api/channels/attention', { signal }),
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
      apiFetch<ChannelConnection>(`${propertyPath(propertyId)}/channels`, { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}

export function useUpdateChannel() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { channelId: string; changes: { import_url: string; name: string | null } }) =>
      apiFetch<ChannelConnection>(channelPath(input.channelId), { method: 'PATCH', body: input.changes }),
    onSuccess: invalidate,
  });
}

export function useDeleteChannel() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (channelId: string) =>
      apiFetch<{ deleted: true; kept_stays: number }>(channelPath(channelId), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useSyncChannel() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (channelId: string) =>
      apiFetch<SyncResult>(`${channelPath(channelId)}/sync`, { method: 'POST' }),
    // A failed fetch is an answer too (outcome "failed"): the health it recorded shows either way.
    onSettled: invalidate,
  });
}

export function useRotateExportUrl(propertyId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (channelId: string | null) =>
      apiFetch<{ export_url: string; channel_id: string | null }>(`${propertyPath(propertyId)}/export-url`, {
        method: 'POST',
        body: channelId ? { channel_id: channelId } : {},
      }),
    onSuccess: invalidate,
  });
}

export function useResolveConflict() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { conflictId: string; action: ConflictAction; note?: string }) =>
      apiFetch<SyncConflict>(`/api/sync-conflicts/${encodeURIComponent(input.conflictId)}/resolve`, {
        method: 'POST',
        body: input.note ? { action: input.action, note: input.note } : { action: input.action },
      }),
    // A 409 means the calendar moved meanwhile: the reload shows how things stand now.
    onSettled: invalidate,
  });
}
