import { useMutation, useQuery } from '@tanstack/react-query';
import { AssistStreamLineSchema, routes, type AssistFeatures, type Translation } from '@sabai/contracts';
import type { TextLanguage } from '@sabai/domain';
import { api, urlOf } from '../../../lib/api';
import { ApiError, apiStreamed } from '../../../lib/api-client';
import { readLines } from '../utils/json-lines';

export type { AssistFeatures, Translation };

const NONE: AssistFeatures = {
  suggest: false,
  rewrite: false,
  translate: false,
  summarise: false,
  tags: false,
};

/** The assist actions the organisation has on; all off until known, and when the read fails (no AI). */
export function useAssistFeatures() {
  const query = useQuery({
    queryKey: ['assist-features'],
    queryFn: ({ signal }) => api(routes.assist.features, { signal }),
    // Settings change rarely: an admin turning AI on shows within minutes without a reload.
    staleTime: 5 * 60_000,
  });
  return query.data ?? NONE;
}

/**
 * Calls a streamed assist route: `onText` sees the answer so far each time a piece arrives; resolves to
 * the whole answer. An error before the first piece is the call's ApiError; one after it (the stream's
 * `error` line) is thrown as an ApiError with its code too.
 */
async function streamAssist(
  route: typeof routes.assist.suggest | typeof routes.assist.rewrite,
  issueId: number,
  body: unknown,
  onText: (soFar: string) => void,
  signal: AbortSignal,
): Promise<string> {
  let soFar = '';
  let final: string | null = null;
  let failure: string | null = null;
  const lines = readLines((line) => {
    const parsed = AssistStreamLineSchema.safeParse(JSON.parse(line));
    if (!parsed.success) return;
    const value = parsed.data;
    if ('delta' in value) {
      soFar += value.delta;
      onText(soFar);
    } else if ('done' in value) final = value.text;
    else failure = value.error.code;
  });
  await apiStreamed(route.method, urlOf(route, { params: { id: issueId } }), body, lines.push, signal);
  lines.end();
  if (failure) throw new ApiError(502, failure);
  return final ?? soFar;
}

/** POST /issues/:id/assist/suggest: a reply to the customer, streamed. */
export const suggestReply = (issueId: number, onText: (soFar: string) => void, signal: AbortSignal) =>
  streamAssist(routes.assist.suggest, issueId, {}, onText, signal);

export type RewriteStyle = 'polite' | 'shorter' | 'friendlier';

/** POST /issues/:id/assist/rewrite: the draft in another style, streamed. */
export const rewriteDraft = (
  issueId: number,
  draft: string,
  style: RewriteStyle,
  onText: (soFar: string) => void,
  signal: AbortSignal,
) => streamAssist(routes.assist.rewrite, issueId, { draft, style }, onText, signal);

/** POST /issues/:id/assist/translate: a draft into the customer's language (or `to`). */
export const translateDraft = (issueId: number, text: string, to?: TextLanguage) =>
  api(routes.assist.translate, { params: { id: issueId }, body: to ? { text, to } : { text } });

/** POST /issues/:id/assist/translate with a message: a customer's message in the reader's language. */
export function useTranslateMessage(issueId: number) {
  return useMutation({
    mutationFn: ({ messageId, to }: { messageId: number; to: TextLanguage }) =>
      api(routes.assist.translate, { params: { id: issueId }, body: { messageId, to } }),
  });
}

/** POST /issues/:id/assist/summary: the conversation in a few lines, in the reader's language. */
export function useSummary(issueId: number) {
  return useMutation({
    mutationFn: (language: 'th' | 'en') =>
      api(routes.assist.summary, { params: { id: issueId }, body: { language } }),
  });
}

/** POST /issues/:id/assist/tags: the organisation's tags that fit the conversation. */
export function useSuggestedTags(issueId: number) {
  return useMutation({
    mutationFn: () => api(routes.assist.tags, { params: { id: issueId } }),
  });
}
