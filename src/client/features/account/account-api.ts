import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { businessRoutes, sessionRoutes } from '@/domain/contracts/routes';
import type { BusinessContactUpdate } from '@/domain/business-contact';
import type { BusinessProfileUpdate } from '@/domain/business-profile';
import type { ChangePassword } from '@/domain/auth';
import { callEndpoint } from '@/client/lib/api-client';
import { operatorDataKey } from '@/client/lib/query';

export const accountKeys = {
  all: [...operatorDataKey, 'account'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
};

/** The operator's signed-in sessions (this one included, marked `current`). */
export function sessionsQuery() {
  return queryOptions({
    queryKey: accountKeys.sessions(),
    queryFn: ({ signal }) => callEndpoint(sessionRoutes.listSessions, { signal }),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePassword) => callEndpoint(sessionRoutes.changePassword, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => callEndpoint(sessionRoutes.revokeSession, { params: { sessionId } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

export const businessProfileKey = [...accountKeys.all, 'business-profile'] as const;

/** The business named on the invoices (the defaults while none is saved). */
export function businessProfileQuery() {
  return queryOptions({
    queryKey: businessProfileKey,
    queryFn: ({ signal }) => callEndpoint(businessRoutes.getBusinessProfile, { signal }),
  });
}

export function useUpdateBusinessProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: BusinessProfileUpdate) =>
      callEndpoint(businessRoutes.updateBusinessProfile, { body: profile }),
    onSuccess: (saved) => queryClient.setQueryData(businessProfileKey, saved),
  });
}

export const businessContactKey = [...accountKeys.all, 'business-contact'] as const;

/** How guests reach the business (the defaults while none is saved). */
export function businessContactQuery() {
  return queryOptions({
    queryKey: businessContactKey,
    queryFn: ({ signal }) => callEndpoint(businessRoutes.getBusinessContact, { signal }),
  });
}

export function useUpdateBusinessContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: BusinessContactUpdate) =>
      callEndpoint(businessRoutes.updateBusinessContact, { body: contact }),
    onSuccess: (saved) => queryClient.setQueryData(businessContactKey, saved),
  });
}
