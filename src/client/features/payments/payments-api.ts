import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Wire } from '@/domain/wire-amount';
import { paymentRoutes } from '@/domain/contracts/routes';
import type { z } from 'zod';
import type { PendingRefundSchema } from '@/domain/contracts/payments';
import type {
  PaymentSettingsUpdateInput,
  RecordedEntry,
  RecordPaymentInput,
  RefundPaymentInput,
} from '@/domain/payment';
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
    // A refund through Razorpay whose outcome Razorpay has not said yet answers without an entry (pending).
    mutationFn: async (entry: RecordPaymentInput | RefundPaymentInput): Promise<RecordedOrPending> =>
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

export type RecordedOrPending = Wire<RecordedEntry | z.infer<typeof PendingRefundSchema>>;

/**
 * Asks Razorpay what became of the booking's pending refunds (each is asked again with its own key when
 * Razorpay has no record of it); every view of the operator's money reloads after it.
 */
export function useReconcileRefunds(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(paymentRoutes.reconcileRefunds, { params: { bookingId } }),
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
    mutationFn: (settings: PaymentSettingsUpdateInput) =>
      callEndpoint(paymentRoutes.updatePaymentSettings, { params: { propertyId }, body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(paymentKeys.settings(propertyId), saved);
      void invalidateOperatorData(queryClient);
    },
  });
}
