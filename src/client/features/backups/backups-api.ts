import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { backupRoutes } from '@/domain/contracts/routes';
import { callEndpoint } from '@/client/lib/api-client';
import { operatorDataKey } from '@/client/lib/query';

export const backupKeys = { list: [...operatorDataKey, 'backups'] as const };

/** How often the list is read again while a backup is being made: its progress, then the new file. */
export const BACKUP_POLL_MS = 1_000;

/** The backups on the server, and one being made now; read every second while one is. */
export function backupsQuery() {
  return queryOptions({
    queryKey: backupKeys.list,
    queryFn: ({ signal }) => callEndpoint(backupRoutes.listBackups, { signal }),
    refetchInterval: (query) => (query.state.data?.running ? BACKUP_POLL_MS : false),
  });
}

export function useMakeBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(backupRoutes.createBackup, {}),
    // A 409 means one is running already: the list shows it either way.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: backupKeys.list }),
  });
}
