import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PricingRules, PropertyPricing } from '@/domain/pricing';
import { apiFetch } from '@/client/lib/api-client';
import { invalidateOperatorData, operatorDataKey } from '@/client/lib/query';

export const pricingKeys = {
  all: [...operatorDataKey, 'pricing'] as const,
  property: (propertyId: string) => [...pricingKeys.all, propertyId] as const,
};

/** A property's pricing rules, with its base price, currency and the day prices the preview needs. */
export function pricingQuery(propertyId: string) {
  return queryOptions({
    queryKey: pricingKeys.property(propertyId),
    queryFn: ({ signal }) =>
      apiFetch<PropertyPricing>(`/api/properties/${encodeURIComponent(propertyId)}/pricing`, { signal }),
  });
}

export function useUpdatePricing(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: PricingRules) =>
      apiFetch<PropertyPricing>(`/api/properties/${encodeURIComponent(propertyId)}/pricing`, {
        method: 'PUT',
        body: rules,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(pricingKeys.property(propertyId), saved);
      void invalidateOperatorData(queryClient);
    },
  });
}
