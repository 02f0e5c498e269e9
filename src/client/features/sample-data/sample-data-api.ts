import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RemovedSampleData, SampleData } from '@/domain/sample-data';
import { apiFetch } from '@/client/lib/api-client';
import { invalidateOperatorData, operatorDataKey } from '@/client/lib/query';

export const sampleDataKeys = {
  all: [...operatorDataKey, 'sample-data'] as const,
};

export function sampleDataQuery() {
  return queryOptions({
    queryKey: sampleDataKeys.all,
    queryFn: ({ signal }) => apiFetch<SampleData>('/api/sample-data', { signal }),
  });
}

export function useRemoveSampleData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<RemovedSampleData>('/api/sample-data', { method: 'DELETE' }),
    onSuccess: () => void invalidateOperatorData(queryClient),
  });
}
