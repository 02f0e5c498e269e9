import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { messageRoutes } from '@/domain/contracts/routes';
import type { MessageStatus } from '@/domain/message';
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
