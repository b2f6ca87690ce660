import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommentRule, SaveCommentRules } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { channelQueryKey } from './get-channel';

export type { CommentRule };

export const commentRulesQueryKey = (channelId: string) =>
  [...channelQueryKey(channelId), 'comment-rules'] as const;

/** GET /channels/:id/comment-rules: a Facebook or Instagram channel's keyword rules, in order. */
export function getCommentRules(channelId: string, signal?: AbortSignal): Promise<CommentRule[]> {
  return api(routes.comments.rules, { params: { id: channelId }, signal });
}

export function useCommentRules(channelId: string) {
  return useQuery({
    queryKey: commentRulesQueryKey(channelId),
    queryFn: ({ signal }) => getCommentRules(channelId, signal),
    // The editor starts from the newest list (another admin may have changed it).
    staleTime: 0,
  });
}

export type SaveCommentRulesInput = { channelId: string; body: SaveCommentRules };

/**
 * PUT /channels/:id/comment-rules: replaces the list and answers the saved one; 400 canned.not_found when
 * a response is not (or no longer) a shared one, validation.failed.
 */
export function saveCommentRules({ channelId, body }: SaveCommentRulesInput): Promise<CommentRule[]> {
  return api(routes.comments.saveRules, { params: { id: channelId }, body });
}

export function useSaveCommentRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCommentRules,
    onSuccess: (rules, { channelId }) => queryClient.setQueryData(commentRulesQueryKey(channelId), rules),
  });
}
