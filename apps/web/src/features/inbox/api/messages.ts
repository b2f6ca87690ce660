// The chat: pages of messages (newest first from the server), sending, retrying, uploading attachments,
// and canned responses for the composer.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CannedResponse, Message, Page, SendMessageRequest } from '@sabai/contracts';
import { apiRequest } from '../../../lib/api-client';
import { issuesKey } from './issues';

export type { Message };
type MessagePage = { items: Message[]; nextCursor: number | null };

export const messagesKey = (issueId: number) => [...issuesKey, 'messages', issueId] as const;

export function useMessages(issueId: number | null) {
  return useInfiniteQuery({
    queryKey: messagesKey(issueId ?? 0),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<MessagePage>(
        'GET',
        `/issues/${issueId}/messages?limit=50${pageParam ? `&before=${pageParam}` : ''}`,
        { signal },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: issueId !== null,
  });
}

export function useSendMessage(issueId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessageRequest) =>
      apiRequest<Message>('POST', `/issues/${issueId}/messages`, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: issuesKey }),
  });
}

export function useRetryMessage(issueId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => apiRequest<Message>('POST', `/messages/${messageId}/retry`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: messagesKey(issueId) }),
  });
}

export type UploadedFile = Message['attachments'][number];

/** POST /attachments: 400 file.type_not_allowed, 413 file.too_large. */
export function uploadFile(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<UploadedFile>('POST', '/attachments', { body: form });
}

export function useCannedSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['canned-responses', 'composer', search],
    queryFn: ({ signal }) =>
      apiRequest<Page<CannedResponse>>(
        'GET',
        `/canned-responses?pageSize=20&search=${encodeURIComponent(search)}`,
        { signal },
      ),
    enabled,
  });
}
