import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckInFormInput } from '@/domain/check-in';
import { checkInRoutes, messageRoutes } from '@/domain/contracts/routes';
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

export const checkInKeys = {
  checkIn: (token: string) => ['guest-request', token, 'check-in'] as const,
};

/** The stay's online check-in: whether it is open, and what was sent. */
export function checkInQuery(token: string) {
  return queryOptions({
    queryKey: checkInKeys.checkIn(token),
    queryFn: ({ signal }) => callEndpoint(checkInRoutes.getCheckIn, { params: { token }, signal }),
  });
}

/** Checks in every guest of the stay; the answer is the check-in as it now is. */
export function useSubmitCheckIn(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckInFormInput) =>
      callEndpoint(checkInRoutes.submitCheckIn, { params: { token }, body }),
    onSuccess: (checkIn) => queryClient.setQueryData(checkInKeys.checkIn(token), checkIn),
  });
}
