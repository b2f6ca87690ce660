// The LINE Messaging API calls the adapters make, over the bounded provider fetch: the
// SDK's clients call fetch without a signal, so a hung LINE would hold the caller forever. Failures are the
// SDK's HTTPFetchError, as the SDK would throw them.
import { HTTPFetchError, type messagingApi } from '@line/bot-sdk';
import type { ProviderFetch } from '../provider-fetch';

export type LineApi = ReturnType<typeof createLineApi>;

export function createLineApi(opts: { apiBaseUrl: string; dataApiBaseUrl: string; fetch: ProviderFetch }) {
  const url = (base: string, path: string) => new URL(path, base);
  const check = async (res: Response) => {
    if (res.ok) return res;
    throw new HTTPFetchError(`${res.status} - ${res.statusText}`, {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
      body: await res.text(),
    });
  };
  const post = async <T>(
    token: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await opts.fetch(url(opts.apiBaseUrl, path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
      body: JSON.stringify(body),
    });
    return (await (await check(res)).json()) as T;
  };
  return {
    reply: (token: string, body: messagingApi.ReplyMessageRequest) =>
      post<messagingApi.ReplyMessageResponse>(token, '/v2/bot/message/reply', body),
    push: (token: string, body: messagingApi.PushMessageRequest, retryKey: string) =>
      post<messagingApi.PushMessageResponse>(token, '/v2/bot/message/push', body, {
        'x-line-retry-key': retryKey,
      }),
    /** Marks the customer's messages read, up to the one the token came with (answers `{}`). */
    markAsRead: (token: string, markAsReadToken: string) =>
      post<unknown>(token, '/v2/bot/chat/markAsRead', { markAsReadToken }),
    /** Shows the loading animation in the customer's chat for `seconds` (5–60, a multiple of 5). */
    startLoading: (token: string, chatId: string, seconds: number) =>
      post<unknown>(token, '/v2/bot/chat/loading/start', { chatId, loadingSeconds: seconds }),
    async profile(token: string, userId: string) {
      const res = await opts.fetch(url(opts.apiBaseUrl, `/v2/bot/profile/${encodeURIComponent(userId)}`), {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await (await check(res)).json()) as messagingApi.UserProfileResponse;
    },
    /** A member of a group or room the bot is in: their name and picture, friend of the account or not. */
    async chatMember(token: string, chatId: string, kind: 'group' | 'room', userId: string) {
      const path = `/v2/bot/${kind}/${encodeURIComponent(chatId)}/member/${encodeURIComponent(userId)}`;
      const res = await opts.fetch(url(opts.apiBaseUrl, path), {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await (await check(res)).json()) as messagingApi.GroupUserProfileResponse;
    },
    /** A group the bot is in: its name and picture. */
    async groupSummary(token: string, groupId: string) {
      const path = `/v2/bot/group/${encodeURIComponent(groupId)}/summary`;
      const res = await opts.fetch(url(opts.apiBaseUrl, path), {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await (await check(res)).json()) as messagingApi.GroupSummaryResponse;
    },
    /** This month's target limit (`type` none, or limited with `value`). */
    async quota(token: string) {
      const res = await opts.fetch(url(opts.apiBaseUrl, '/v2/bot/message/quota'), {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await (await check(res)).json()) as messagingApi.MessageQuotaResponse;
    },
    /** Messages LINE counted this month (`totalUsage`). */
    async quotaConsumption(token: string) {
      const res = await opts.fetch(url(opts.apiBaseUrl, '/v2/bot/message/quota/consumption'), {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await (await check(res)).json()) as messagingApi.QuotaConsumptionResponse;
    },
    /** The content's answer: 200 with the bytes, or 202 while LINE still prepares it. */
    async content(token: string, messageId: string) {
      const path = `/v2/bot/message/${encodeURIComponent(messageId)}/content`;
      const res = await opts.fetch.download(url(opts.dataApiBaseUrl, path), {
        headers: { authorization: `Bearer ${token}` },
      });
      return check(res);
    },
  };
}
