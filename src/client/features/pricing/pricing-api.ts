import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { pricingRoutes } from '@/domain/contracts/routes';
import type { PricingRules } from '@/domain/pricing';
import { callEndpoint } from '@/client/lib/api-client';
import { invalidateOperatorData, operatorDataKey } from '@/client/lib/query';

export const pricingKeys = {
  all: [...operatorDataKey, 'pricing'] as const,
  property: (propertyId: string) => [...pricingKeys.all, propertyId] as const,
};

/** A property's pricing rules, with its base price, currency and the day prices the preview needs. */
export function pricingQuery(propertyId: string) {
  return queryOptions({
    queryKey: pricingKeys.property(propertyId),
    queryFn: ({ signal }) => callEndpoint(pricingRoutes.getPricingRules, { params: { propertyId }, signal }),
  });
}

export function useUpdatePricing(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: PricingRules) =>
      callEndpoint(pricingRoutes.updatePricingRules, { params: { propertyId }, body: rules }),
    onSuccess: (saved) => {
      queryClient.setQueryData(pricingKeys.property(propertyId), saved);
      void invalidateOperatorData(queryClient);
    },
  });
}
