import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  routes,
  type KbArticle,
  type KbArticleListQuery,
  type KbImportResult,
  type SaveKbArticle,
} from '@sabai/contracts';
import { api } from '../../../lib/api';

export type { KbArticle, KbImportResult, SaveKbArticle };

export const kbArticlesQueryKey = ['kb-articles'] as const;

export type KbListParams = Partial<KbArticleListQuery> & { page: number; pageSize: number };

/** GET /knowledge-base/articles: a page of the organisation's articles (drafts too), filtered. */
export function useKbArticles(params: KbListParams) {
  return useQuery({
    queryKey: [...kbArticlesQueryKey, params],
    queryFn: ({ signal }) => api(routes.knowledgeBase.list, { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /knowledge-base/articles or PUT /knowledge-base/articles/:id: 400 kb.tag_not_found, 404 kb.not_found,
 * 409 kb.too_many, 400 validation.failed.
 */
export function useSaveKbArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SaveKbArticle }) =>
      id === null
        ? api(routes.knowledgeBase.create, { body })
        : api(routes.knowledgeBase.update, { params: { id }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: kbArticlesQueryKey }),
  });
}

/** DELETE /knowledge-base/articles/:id (204). */
export function useDeleteKbArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(routes.knowledgeBase.delete, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: kbArticlesQueryKey }),
  });
}

/** POST /knowledge-base/import/preview or /knowledge-base/import with the CSV file. */
export function useImportKbArticles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, preview }: { file: File; preview: boolean }): Promise<KbImportResult> => {
      const body = new FormData();
      body.append('file', file);
      return preview
        ? api(routes.knowledgeBase.previewImport, { body })
        : api(routes.knowledgeBase.import, { body });
    },
    onSuccess: (result) => {
      if (!result.dryRun) void queryClient.invalidateQueries({ queryKey: kbArticlesQueryKey });
    },
  });
}
