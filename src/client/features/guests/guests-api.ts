import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuestRegisterQueryInput, MarkFormCFiledInput } from '@/domain/check-in';
import { checkInRoutes } from '@/domain/contracts/routes';
import { buildEndpointUrl, callEndpoint } from '@/client/lib/api-client';

export const guestKeys = {
  all: ['guest-register'] as const,
  register: (query: GuestRegisterQueryInput) => [...guestKeys.all, 'list', query] as const,
  sheet: (bookingId: string) => [...guestKeys.all, 'sheet', bookingId] as const,
};

/** The register, ID numbers masked (reading them in full is recorded, so the list never does it). */
export function guestRegisterQuery(query: GuestRegisterQueryInput) {
  return queryOptions({
    queryKey: guestKeys.register(query),
    queryFn: ({ signal }) => callEndpoint(checkInRoutes.listGuestRegister, { query, signal }),
  });
}

/** One stay's guests in full, for its Form C sheet: each opening is a reading in the audit log. */
export function formCSheetQuery(bookingId: string) {
  return queryOptions({
    queryKey: guestKeys.sheet(bookingId),
    queryFn: ({ signal }) =>
      callEndpoint(checkInRoutes.listGuestRegister, {
        query: { booking: bookingId, reveal: 'true' },
        signal,
      }),
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** The register's CSV, which the browser downloads. */
export function buildGuestRegisterCsvUrl(query: GuestRegisterQueryInput) {
  return buildEndpointUrl(checkInRoutes.exportGuestRegisterCsv, { query });
}

export function useMarkFormCFiled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ guestId, body }: { guestId: string; body: MarkFormCFiledInput }) =>
      callEndpoint(checkInRoutes.markFormCFiled, { params: { guestId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestKeys.all }),
  });
}
