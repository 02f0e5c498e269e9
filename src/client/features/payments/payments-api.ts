import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentRoutes } from '@/domain/contracts/routes';
import type { PaymentSettingsUpdate, RecordPaymentInput, RefundPaymentInput } from '@/domain/payment';
import { callEndpoint } from '@/client/lib/api-client';
import { invalidateOperatorData, operatorDataKey } from '@/client/lib/query';

export const paymentKeys = {
  all: [...operatorDataKey, 'payments'] as const,
  ledger: (bookingId: string) => [...paymentKeys.all, 'ledger', bookingId] as const,
  settings: (propertyId: string) => [...paymentKeys.all, 'settings', propertyId] as const,
};

/** A booking's ledger (oldest first) and its summary: loaded only when its payments are opened. */
export function ledgerQuery(bookingId: string) {
  return queryOptions({
    queryKey: paymentKeys.ledger(bookingId),
    queryFn: ({ signal }) => callEndpoint(paymentRoutes.listPayments, { params: { bookingId }, signal }),
  });
}

export function paymentSettingsQuery(propertyId: string) {
  return queryOptions({
    queryKey: paymentKeys.settings(propertyId),
    queryFn: ({ signal }) =>
      callEndpoint(paymentRoutes.getPaymentSettings, { params: { propertyId }, signal }),
  });
}

/**
 * Money in (a payment, a security deposit held) or back (a refund, a security deposit returned). After it,
 * every view of the operator's data reloads: the booking list's summary and payment badge, the dashboard.
 */
export function useRecordEntry(bookingId: string, direction: 'in' | 'out') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: RecordPaymentInput | RefundPaymentInput) =>
      direction === 'in'
        ? callEndpoint(paymentRoutes.recordPayment, {
            params: { bookingId },
            body: entry as RecordPaymentInput,
          })
        : callEndpoint(paymentRoutes.refundPayment, {
            params: { bookingId },
            body: entry as RefundPaymentInput,
          }),
    onSuccess: () => void invalidateOperatorData(queryClient),
  });
}

/** Voids an entry of the ledger with a reason (a reversing entry of its own); every view reloads after. */
export function useVoidEntry(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { entryId: string; reason: string }) =>
      callEndpoint(paymentRoutes.voidPayment, {
        params: { bookingId, entryId: input.entryId },
        body: { reason: input.reason },
      }),
    onSuccess: () => void invalidateOperatorData(queryClient),
  });
}

/**
 * A Razorpay link for what is due now (an open one for the same amount comes back again). The ledger
 * reloads after it: it carries the booking's open link.
 */
export function useCreatePaymentLink(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(paymentRoutes.createPaymentLink, { params: { bookingId }, body: {} }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.ledger(bookingId) }),
  });
}

export function useUpdatePaymentSettings(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PaymentSettingsUpdate) =>
      callEndpoint(paymentRoutes.updatePaymentSettings, { params: { propertyId }, body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(paymentKeys.settings(propertyId), saved);
      void invalidateOperatorData(queryClient);
    },
  });
}
