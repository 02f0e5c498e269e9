import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { messageRoutes } from '@/domain/contracts/routes';
import { callEndpoint } from '@/client/lib/api-client';

export const guestRequestKeys = {
  request: (token: string) => ['guest-request', token] as const,
};

/** The guest's own request, by the token of its page's link. */
export function guestRequestQuery(token: string) {
  return queryOptions({
    queryKey: guestRequestKeys.request(token),
    queryFn: ({ signal }) => callEndpoint(messageRoutes.getGuestRequest, { params: { token }, signal }),
    // The operator may decide while the page is open: coming back to the tab shows it.
    refetchOnWindowFocus: true,
  });
}

/** Withdraws the pending request; the answer is the request as it now is. */
export function useWithdrawRequest(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(messageRoutes.withdrawGuestRequest, { params: { token } }),
    onSuccess: (request) => queryClient.setQueryData(guestRequestKeys.request(token), request),
  });
}
