import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { propertyRoutes } from '@/domain/contracts/routes';
import type { Property, PropertyInput, PropertyUpdateInput } from '@/domain/property';
import type { Wire } from '@/domain/wire-amount';
import { callEndpoint } from '@/client/lib/api-client';
import { invalidateOperatorData, operatorDataKey } from '@/client/lib/query';

export const propertyKeys = {
  all: [...operatorDataKey, 'properties'] as const,
  list: () => [...propertyKeys.all, 'list'] as const,
};

/** The operator's active properties, oldest first. */
export function propertiesQuery() {
  return queryOptions({
    queryKey: propertyKeys.list(),
    queryFn: ({ signal }) => callEndpoint(propertyRoutes.listProperties, { signal }),
  });
}

export function useCreateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    // A 401 here is the form's "You must be logged in" message, with what was typed kept.
    meta: { keepSessionOn401: true },
    mutationFn: (input: PropertyInput) => callEndpoint(propertyRoutes.createProperty, { body: input }),
    onSuccess: (created) => {
      // The new card shows at once; the reload confirms it.
      queryClient.setQueryData<Wire<Property>[]>(propertyKeys.list(), (list) => [...(list ?? []), created]);
      void invalidateOperatorData(queryClient);
    },
  });
}

export function useUpdateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { propertyId: string; changes: PropertyUpdateInput }) =>
      callEndpoint(propertyRoutes.updateProperty, {
        params: { propertyId: input.propertyId },
        body: input.changes,
      }),
    onSuccess: (property) => {
      queryClient.setQueryData<Wire<Property>[]>(propertyKeys.list(), (list) =>
        property.is_active
          ? list?.map((item) => (item.id === property.id ? property : item))
          : list?.filter((item) => item.id !== property.id),
      );
      void invalidateOperatorData(queryClient);
    },
  });
}
