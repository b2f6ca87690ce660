// The chat: pages of messages (newest first from the server), sending, retrying, uploading attachments,
// and canned responses for the composer.
import { useEffect, useMemo } from 'react';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Message, SendMessageRequest } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { bellQueryKey } from '../../../lib/bell-queries';
import { issuesKey } from './issues';
import { pendingMessage, withMessage, type MessagePages } from '../utils/message-pages';

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

/** How much of an earlier (transferred-from) issue shows above the new one's first message. */
const EARLIER_MESSAGES = 20;

/** The end of the issue this one was transferred from, read without marking it read. */
export function useEarlierMessages(issueId: number) {
  return useQuery({
    queryKey: [...messagesKey(issueId), 'earlier'],
    queryFn: ({ signal }) =>
      api(routes.messages.list, { params: { id: issueId }, query: { limit: EARLIER_MESSAGES }, signal }),
  });
}

/** A reply as sent, with what the chat shows of it meanwhile (its files, its sticker's picture). */
export type Reply = SendMessageRequest & {
  clientId: string;
  attachments: Message['attachments'];
  shownSticker?: Message['sticker'];
};

/** The key of an issue's sends: the chat shows those still under way as "sending" (`useRepliesSending`). */
const sendKey = (issueId: number) => [...messagesKey(issueId), 'send'] as const;

/** Sends a reply; once the server has it, it joins the chat's newest page. */
export function useSendMessage(issueId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: sendKey(issueId),
    mutationFn: ({ attachments: _files, shownSticker: _sticker, ...body }: Reply) =>
      api(routes.messages.send, { params: { id: issueId }, body }),
    onSuccess: (message) => {
      queryClient.setQueryData<MessagePages>(messagesKey(issueId), (data) => withMessage(data, message));
      void queryClient.invalidateQueries({ queryKey: issuesKey });
      // The sticker picker lists the agent's recent stickers first.
      if (message.sticker) void queryClient.invalidateQueries({ queryKey: stickersKey });
    },
  });
}

/**
 * The replies of an issue sent from this tab that the server has not answered yet, as messages "sending".
 * They come from the sends themselves, not the cached pages, so a refetch landing meanwhile cannot hide them.
 */
export function useRepliesSending(issueId: number, senderName: string): Message[] {
  const sends = useMutationState({
    filters: { mutationKey: sendKey(issueId), status: 'pending' },
    select: (mutation) => ({ reply: mutation.state.variables as Reply, at: mutation.state.submittedAt }),
  });
  // The sends keep their identity until one changes (the query client compares them deeply).
  return useMemo(
    () => sends.map(({ reply, at }) => pendingMessage(issueId, reply, senderName, new Date(at))),
    [sends, issueId, senderName],
  );
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

const stickersKey = ['stickers'] as const;

/** GET /stickers: the LINE stickers an agent may send, their recent ones first. */
export function useStickers(enabled: boolean) {
  return useQuery({
    queryKey: stickersKey,
    queryFn: () => api(routes.messages.stickers),
    enabled,
    staleTime: 60_000,
  });
}
