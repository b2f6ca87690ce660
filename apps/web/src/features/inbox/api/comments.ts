// Comments on posts: the post above a comment thread and its order list, acting on a
// comment on the platform (like, hide, delete), and the private reply into the commenter's chat.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommentAction, SocialPost } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api, apiFile } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';
import { withChangedMessage, type MessagePages } from '../utils/message-pages';
import { issuesKey } from './issues';
import { messagesKey } from './messages';

export type { SocialPost };

/** Under the issues' key: whatever refreshes the issues (a live reconnect, a reply sent) refreshes the post. */
export const postKey = (postId: string) => [...issuesKey, 'post', postId] as const;
const ordersKey = (postId: string) => [...postKey(postId), 'orders'] as const;

/** While a live sale collects orders, its count keeps up without a reload. */
const ORDERS_REFRESH_MS = 5_000;
/** The preview is fetched from Meta after the first comment arrived: asked again until it is in. */
const PREVIEW_REFRESH_MS = 1_000;

export function usePost(postId: string | null) {
  return useQuery({
    queryKey: postKey(postId ?? ''),
    queryFn: ({ signal }) => api(routes.comments.getPost, { params: { id: postId! }, signal }),
    enabled: postId !== null,
    refetchInterval: (query) => {
      const post = query.state.data;
      if (post?.previewStatus === 'pending') return PREVIEW_REFRESH_MS;
      return post?.collectsOrders ? ORDERS_REFRESH_MS : false;
    },
  });
}

export function useUpdatePost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { collectsOrders?: boolean; orderKeywords?: string[] }) =>
      api(routes.comments.updatePost, { params: { id: postId }, body }),
    onSuccess: (post) => {
      queryClient.setQueryData(postKey(postId), post);
      void queryClient.invalidateQueries({ queryKey: ordersKey(postId) });
    },
  });
}

/** The post's order comments, in comment order; refreshed while the list is on screen. */
export function usePostOrders(postId: string, enabled: boolean) {
  return useQuery({
    queryKey: ordersKey(postId),
    queryFn: ({ signal }) => api(routes.comments.orders, { params: { id: postId }, signal }),
    enabled,
    refetchInterval: enabled ? ORDERS_REFRESH_MS : false,
  });
}

export type OrderExportFormat = 'csv' | 'xlsx';

/** Downloads the order list (headings in `lang`) and hands it to the browser's save. */
export async function exportOrders(post: SocialPost, format: OrderExportFormat, lang: 'en' | 'th') {
  const blob = await apiFile(routes.comments.exportOrders, {
    params: { id: post.id },
    query: { format, lang },
  });
  saveFile(blob, `orders-${post.externalId.replace(/[^A-Za-z0-9_-]/g, '')}.${format}`);
}

/** The changed comment takes its place in the thread (the live `message.updated` refreshes it as well). */
function useCommentMutation<Input>(issueId: number, call: (input: Input) => ReturnType<typeof act>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (message) =>
      queryClient.setQueryData<MessagePages>(messagesKey(issueId), (data) =>
        withChangedMessage(data, message),
      ),
  });
}

const act = (messageId: number, action: CommentAction) =>
  api(routes.comments.act, { params: { id: messageId }, body: { action } });

/** Like, unlike, hide, unhide or delete a comment on the platform. */
export const useCommentAction = (issueId: number) =>
  useCommentMutation(issueId, ({ messageId, action }: { messageId: number; action: CommentAction }) =>
    act(messageId, action),
  );

/** The one private reply Meta allows per comment: queued, then shown pending until it is sent. */
export const usePrivateReply = (issueId: number) =>
  useCommentMutation(issueId, ({ messageId, text }: { messageId: number; text: string }) =>
    api(routes.comments.privateReply, { params: { id: messageId }, body: { text } }),
  );
