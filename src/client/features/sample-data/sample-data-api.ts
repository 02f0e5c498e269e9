import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { reportRoutes } from '@/domain/contracts/routes';
import { callEndpoint } from '@/client/lib/api-client';
import { invalidateOperatorData, operatorDataKey } from '@/client/lib/query';

export const sampleDataKeys = {
  all: [...operatorDataKey, 'sample-data'] as const,
};

export function sampleDataQuery() {
  return queryOptions({
    queryKey: sampleDataKeys.all,
    queryFn: ({ signal }) => callEndpoint(reportRoutes.getSampleData, { signal }),
  });
}

export function useRemoveSampleData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(reportRoutes.removeSampleData, {}),
    onSuccess: () => void invalidateOperatorData(queryClient),
  });
}
