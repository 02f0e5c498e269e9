import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message, MessageStatus, MessageSummary } from '@/domain/message';
import { apiFetch, apiFetchPage } from '@/client/lib/api-client';
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
  const params = new URLSearchParams({ limit: String(MESSAGES_PAGE_SIZE), offset: String(filter.offset) });
  if (filter.status) params.set('status', filter.status);
  return queryOptions({
    queryKey: messageKeys.list(filter),
    queryFn: ({ signal }) => apiFetchPage<MessageSummary>(`/api/messages?${params}`, { signal }),
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
    queryFn: ({ signal }) => apiFetch<Message>(`/api/messages/${encodeURIComponent(id)}`, { signal }),
  });
}

/** Puts a failed message back in the queue. */
export function useResendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<MessageSummary>(`/api/messages/${encodeURIComponent(id)}/resend`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
