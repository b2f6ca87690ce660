// The chat: pages of messages (newest first from the server), sending, retrying, uploading attachments,
// and canned responses for the composer.
import { useEffect } from 'react';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Message, SendMessageRequest } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { bellQueryKey } from '../../../lib/bell-queries';
import { issuesKey } from './issues';
import { pendingMessage, withMessage, withoutClientId, type MessagePages } from '../utils/message-pages';

export type { Message };

export const messagesKey = (issueId: number) => [...issuesKey, 'messages', issueId] as const;

/**
 * The chat's pages, newest first. The newest page is what the reader sees: its fetch also clears the
 * issue's unread marker and the reader's notifications of the issue, so opening a chat or a live refetch
 * of it costs one request, not two. Once an issue's first page is in, the bell is read again.
 */
export function useMessages(issueId: number | null) {
  const queryClient = useQueryClient();
  const messages = useInfiniteQuery({
    queryKey: messagesKey(issueId ?? 0),
    queryFn: ({ pageParam, signal }) =>
      api(routes.messages.list, {
        params: { id: issueId! },
        query: pageParam === null ? { limit: 50, read: true } : { limit: 50, before: pageParam },
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: issueId !== null,
  });
  const readIssue = messages.isSuccess ? issueId : null;
  useEffect(() => {
    if (readIssue !== null) void queryClient.invalidateQueries({ queryKey: bellQueryKey });
  }, [readIssue, queryClient]);
  return messages;
}

export type Reply = SendMessageRequest & { clientId: string; attachments: Message['attachments'] };

/** Sends a reply, shown at once as "sending" under its client id (see utils/message-pages). */
export function useSendMessage(issueId: number, senderName: string) {
  const queryClient = useQueryClient();
  const key = messagesKey(issueId);
  return useMutation({
    mutationFn: ({ attachments: _shown, ...body }: Reply) =>
      api(routes.messages.send, { params: { id: issueId }, body }),
    onMutate: async (reply) => {
      // A refetch answering now would not have the reply yet and would hide it.
      await queryClient.cancelQueries({ queryKey: key });
      const shown = pendingMessage(issueId, reply, senderName, new Date());
      queryClient.setQueryData<MessagePages>(key, (data) => withMessage(data, shown));
    },
    onSuccess: (message) => {
      queryClient.setQueryData<MessagePages>(key, (data) => withMessage(data, message));
      void queryClient.invalidateQueries({ queryKey: issuesKey });
    },
    onError: (_error, reply) =>
      queryClient.setQueryData<MessagePages>(key, (data) => withoutClientId(data, reply.clientId)),
  });
}

export function useRetryMessage(issueId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => api(routes.messages.retry, { params: { id: messageId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: messagesKey(issueId) }),
  });
}

export type UploadedFile = Message['attachments'][number];

/** POST /attachments: 400 file.type_not_allowed, 413 file.too_large. */
export function uploadFile(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  return api(routes.messages.uploadAttachment, { body: form });
}

export function useCannedSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['canned-responses', 'composer', search],
    queryFn: ({ signal }) => api(routes.cannedResponses.list, { query: { pageSize: 20, search }, signal }),
    enabled,
    // The list keeps showing while the next letter's matches come (no spinner at every key).
    placeholderData: keepPreviousData,
  });
}
