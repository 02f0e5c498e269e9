import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingRoutes, messageRoutes } from '@/domain/contracts/routes';
import type { MessageStatus } from '@/domain/message';
import type { MessageTemplateKind, MessageTemplateUpdate } from '@/domain/message-template';
import { callEndpoint, callEndpointPage } from '@/client/lib/api-client';
import { operatorDataKey } from '@/client/lib/query';

export const messageKeys = {
  all: [...operatorDataKey, 'messages'] as const,
  list: (filter: { status: MessageStatus | null; offset: number }) =>
    [...messageKeys.all, 'list', filter] as const,
  one: (id: string) => [...messageKeys.all, 'one', id] as const,
};

export const MESSAGES_PAGE_SIZE = 50;

/** A page of the operator's messages, newest first, and how many there are in all. */
export function messagesQuery(filter: { status: MessageStatus | null; offset: number }) {
  return queryOptions({
    queryKey: messageKeys.list(filter),
    queryFn: ({ signal }) =>
      callEndpointPage(messageRoutes.listMessages, {
        query: {
          limit: String(MESSAGES_PAGE_SIZE),
          offset: String(filter.offset),
          status: filter.status ?? undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    // Delivery happens in the background: a pending message turns sent within seconds.
    refetchInterval: (query) =>
      query.state.data?.items.some((message) => message.status === 'pending') ? 5_000 : false,
  });
}

/** One message with its text and HTML. */
export function messageQuery(id: string) {
  return queryOptions({
    queryKey: messageKeys.one(id),
    queryFn: ({ signal }) => callEndpoint(messageRoutes.getMessage, { params: { messageId: id }, signal }),
  });
}

/** Puts a failed message back in the queue. */
export function useResendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(messageRoutes.resendMessage, { params: { messageId: id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

// Scheduled guest messages: each property's templates, and each booking's schedule.

export const templateKeys = {
  all: [...operatorDataKey, 'message-templates'] as const,
  property: (propertyId: string) => [...templateKeys.all, propertyId] as const,
  schedule: (bookingId: string) => [...operatorDataKey, 'scheduled-messages', bookingId] as const,
};

/** A property's templates (saved, or the defaults) and the placeholders they may use. */
export function messageTemplatesQuery(propertyId: string) {
  return queryOptions({
    queryKey: templateKeys.property(propertyId),
    queryFn: ({ signal }) =>
      callEndpoint(messageRoutes.listMessageTemplates, { params: { propertyId }, signal }),
  });
}

export function useUpdateMessageTemplate(propertyId: string, kind: MessageTemplateKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageTemplateUpdate) =>
      callEndpoint(messageRoutes.updateMessageTemplate, { params: { propertyId, kind }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

/** A template's text, saved or being edited, rendered on a booking of the property. */
export function templatePreviewQuery(
  propertyId: string,
  kind: MessageTemplateKind,
  draft: { booking_id?: string; subject: string; body: string; review_url: string },
) {
  return queryOptions({
    queryKey: [...templateKeys.property(propertyId), 'preview', kind, draft] as const,
    queryFn: ({ signal }) =>
      callEndpoint(messageRoutes.previewMessageTemplate, {
        params: { propertyId, kind },
        body: draft,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSendTemplateTest(propertyId: string, kind: MessageTemplateKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: { booking_id?: string; subject: string; body: string; review_url: string }) =>
      callEndpoint(messageRoutes.sendMessageTemplateTest, { params: { propertyId, kind }, body: draft }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

/** A booking's scheduled messages: what is sent when, or why not; and its WhatsApp link. */
export function bookingScheduleQuery(bookingId: string) {
  return queryOptions({
    queryKey: templateKeys.schedule(bookingId),
    queryFn: ({ signal }) =>
      callEndpoint(messageRoutes.listScheduledMessages, { params: { bookingId }, signal }),
  });
}

export function useChangeScheduledMessage(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: MessageTemplateKind; skip: boolean }) =>
      callEndpoint(input.skip ? messageRoutes.skipScheduledMessage : messageRoutes.restoreScheduledMessage, {
        params: { bookingId, kind: input.kind },
      }),
    onSuccess: (schedule) => queryClient.setQueryData(templateKeys.schedule(bookingId), schedule),
  });
}

/** Stays of a property to preview a template on: those from today on, soonest first. */
export function previewBookingsQuery(propertyId: string, from: string) {
  return queryOptions({
    queryKey: [...templateKeys.property(propertyId), 'bookings', from] as const,
    queryFn: ({ signal }) =>
      callEndpointPage(bookingRoutes.listBookings, {
        params: { propertyId },
        query: { from, sort: 'check_in', limit: '50' },
        signal,
      }),
  });
}
