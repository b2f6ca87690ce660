// A typed client of the admin API, for the CLI and for tools that drive a simulator in another process.
import type { z } from 'zod';
import type { ApiConditions } from '../core/faults';
import type { AiOutcome, AiRequest, ApiCall, DeliveryRecord, OutboxEntry, Platform } from '../core/records';
import type { LineWebhookBody } from '../line/types';
import type {
  CommentState,
  MetaChangesWebhookBody,
  MetaWebhookBody,
  PublishOptions,
  PublishedPost,
} from '../meta/types';
import type { SimulatorSummary } from '../simulator';
import type { DeliveryWait } from '../webhook/deliverer';
import type {
  AiAnswerBodySchema,
  AiFaultBodySchema,
  CommentItemSchema,
  FaultBodySchema,
  InstagramAccountConfigSchema,
  InstagramActionSchema,
  LineActionSchema,
  LineChannelConfigSchema,
  LineUserConfigSchema,
  LineChatConfigSchema,
  LineStandbyBodySchema,
  MessengerActionSchema,
  MetaAppConfigSchema,
  MetaUserConfigSchema,
  PageConfigSchema,
} from './schemas';

/** Actions as the admin API takes them: attachment `content` is base64. */
export type AdminLineAction = z.input<typeof LineActionSchema>;
export type AdminMessengerAction = z.input<typeof MessengerActionSchema>;
export type AdminInstagramAction = z.input<typeof InstagramActionSchema>;

/** The admin API answered with an error, or could not be reached. */
export class AdminRequestError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'AdminRequestError';
  }
}

/** Talks to `/__admin` of a running simulator. */
export class AdminClient {
  constructor(readonly baseUrl: string) {}

  describe = () => this.request<SimulatorSummary>('GET', '');
  reset = (keepConfig = false) => this.request('POST', '/reset', { keepConfig });
  advance = (ms: number) => this.request<{ now: number }>('POST', '/advance', { ms });

  addLineChannel = (config: z.input<typeof LineChannelConfigSchema>) =>
    this.request('POST', '/line/channels', config);
  addLineUser = (channelId: string, user: z.input<typeof LineUserConfigSchema>) =>
    this.request('POST', `/line/channels/${encodeURIComponent(channelId)}/users`, user);
  addLineChat = (channelId: string, chat: z.input<typeof LineChatConfigSchema>) =>
    this.request('POST', `/line/channels/${encodeURIComponent(channelId)}/chats`, chat);
  lineStandby = (channelId: string, body: z.input<typeof LineStandbyBodySchema>) =>
    this.request('POST', `/line/channels/${encodeURIComponent(channelId)}/standby`, body);
  lineEvents = (
    channelId: string,
    events: AdminLineAction[],
    options: { reorder?: boolean; heldUpMs?: number; wait?: DeliveryWait } = {},
  ) =>
    this.request<DeliveryRecord<LineWebhookBody>>(
      'POST',
      `/line/channels/${encodeURIComponent(channelId)}/events${options.wait === 'first' ? '?wait=first' : ''}`,
      { events, reorder: options.reorder ?? false, heldUpMs: options.heldUpMs ?? 0 },
    );
  lineVerify = (channelId: string) =>
    this.request<DeliveryRecord<LineWebhookBody>>(
      'POST',
      `/line/channels/${encodeURIComponent(channelId)}/verify`,
    );
  /** The next `count` LINE API calls (those whose path includes `pathIncludes`) fail with `fault`. */
  lineFailNext = (count: number, fault: z.input<typeof FaultBodySchema>['fault'], pathIncludes?: string) =>
    this.request('POST', '/line/fail-next', { count, fault, ...(pathIncludes ? { pathIncludes } : {}) });
  /** The channel's monthly message limit (`GET /v2/bot/message/quota`); null for no limit. */
  setLineMonthlyQuota = (channelId: string, limit: number | null) =>
    this.request('PUT', `/line/channels/${encodeURIComponent(channelId)}/monthly-quota`, { limit });

  addMetaApp = (config: z.input<typeof MetaAppConfigSchema>) => this.request('POST', '/meta/app', config);
  addPage = (page: z.input<typeof PageConfigSchema>) => this.request('POST', '/meta/pages', page);
  addInstagramAccount = (account: z.input<typeof InstagramAccountConfigSchema>) =>
    this.request('POST', '/meta/instagram-accounts', account);
  addMetaUser = (user: z.input<typeof MetaUserConfigSchema>) => this.request('POST', '/meta/users', user);
  metaCancelNextLogin = () => this.request('POST', '/meta/cancel-next-login');
  metaFailNext = (count: number, fault: z.input<typeof FaultBodySchema>['fault'], pathIncludes?: string) =>
    this.request('POST', '/meta/fail-next', { count, fault, ...(pathIncludes ? { pathIncludes } : {}) });
  metaVerifyWebhook = async () => (await this.request<{ ok: boolean }>('POST', '/meta/verify-webhook')).ok;
  messengerEvents = (events: AdminMessengerAction[], options: { wait?: DeliveryWait } = {}) =>
    this.request<DeliveryRecord<MetaWebhookBody>>(
      'POST',
      `/meta/messenger/events${options.wait === 'first' ? '?wait=first' : ''}`,
      { events },
    );
  instagramEvents = (events: AdminInstagramAction[], options: { wait?: DeliveryWait } = {}) =>
    this.request<DeliveryRecord<MetaWebhookBody>>(
      'POST',
      `/meta/instagram/events${options.wait === 'first' ? '?wait=first' : ''}`,
      { events },
    );

  /** A post on a Page, or media on an Instagram account, for people to comment on. */
  publishPost = (accountId: string, options: PublishOptions = {}) =>
    this.request<PublishedPost>('POST', '/meta/posts', { accountId, ...options });
  /** A person comments on a post (or replies to `parentId`): a `feed` or `comments` webhook. */
  comment = (
    accountId: string,
    userId: string,
    postId: string,
    text: string,
    options: { parentId?: string; name?: string; photo?: boolean; wait?: DeliveryWait } = {},
  ) => {
    const { wait, ...rest } = options;
    return this.request<{ commentId: string; delivery: DeliveryRecord<MetaChangesWebhookBody> }>(
      'POST',
      `/meta/comments${wait === 'first' ? '?wait=first' : ''}`,
      { accountId, userId, postId, text, ...rest },
    );
  };
  /** A burst of comments; `perWebhook` changes per webhook. */
  comments = (
    accountId: string,
    items: z.input<typeof CommentItemSchema>[],
    options: { perWebhook?: number; wait?: DeliveryWait } = {},
  ) => {
    const { wait, ...rest } = options;
    return this.request<{ commentIds: string[]; deliveries: DeliveryRecord<MetaChangesWebhookBody>[] }>(
      'POST',
      `/meta/comments/batch${wait === 'first' ? '?wait=first' : ''}`,
      { accountId, items, ...rest },
    );
  };
  /** The author deletes their comment (Facebook: a `remove` feed webhook; Instagram: none, `delivery` null). */
  removeComment = (accountId: string, commentId: string) =>
    this.request<{ delivery: DeliveryRecord<MetaChangesWebhookBody> | null }>(
      'POST',
      '/meta/comments/remove',
      {
        accountId,
        commentId,
      },
    );
  /** What the account did to a comment (hidden, liked, deleted, public replies, private replies). */
  commentState = (commentId: string) =>
    this.request<CommentState>('GET', `/meta/comments/${encodeURIComponent(commentId)}`);

  /** Accepts this API key at the model endpoint. */
  aiAddKey = (key: string) => this.request('POST', '/ai/keys', { key });
  aiAddModel = (id: string) => this.request('POST', '/ai/models', { id });
  /** Answers requests whose text contains `match` (or matches `{ pattern, flags }`) with `reply`. */
  aiAnswer = (match: z.input<typeof AiAnswerBodySchema>['match'], reply: string) =>
    this.request('POST', '/ai/answers', { match, reply });
  aiClearAnswers = () => this.request('DELETE', '/ai/answers');
  aiFailNext = (count: number, fault: z.input<typeof AiFaultBodySchema>['fault'], pathIncludes?: string) =>
    this.request('POST', '/ai/fail-next', { count, fault, ...(pathIncludes ? { pathIncludes } : {}) });
  aiFailUntilCleared = (fault: z.input<typeof AiFaultBodySchema>['fault'], pathIncludes?: string) =>
    this.request('POST', '/ai/fail-until-cleared', { fault, ...(pathIncludes ? { pathIncludes } : {}) });
  aiClearFaults = () => this.request('DELETE', '/ai/faults');
  aiSetConditions = (conditions: ApiConditions) => this.request('PUT', '/ai/conditions', conditions);
  aiRequests = (filter: { path?: string; outcome?: AiOutcome } = {}) =>
    this.request<AiRequest[]>('GET', `/ai/requests?${new URLSearchParams(filter)}`);

  calls = (filter: { platform?: Platform; path?: string } = {}) =>
    this.request<ApiCall[]>('GET', `/calls?${new URLSearchParams(filter)}`);
  deliveries = (filter: { platform?: Platform } = {}) =>
    this.request<DeliveryRecord[]>('GET', `/deliveries?${new URLSearchParams(filter)}`);
  outbox = (accountId?: string) =>
    this.request<OutboxEntry[]>(
      'GET',
      `/outbox${accountId ? `?accountId=${encodeURIComponent(accountId)}` : ''}`,
    );

  private async request<T = { ok: true }>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}/__admin${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch {
      throw new AdminRequestError(
        `Cannot reach the simulator at ${this.baseUrl}. Start it with \`npm run simulate serve\`.`,
        null,
      );
    }
    const payload = (await response.json()) as unknown;
    if (!response.ok) {
      const error = (payload as { error?: { message?: string; issues?: unknown } }).error;
      const issues = error?.issues ? ` ${JSON.stringify(error.issues)}` : '';
      throw new AdminRequestError(`${error?.message ?? `HTTP ${response.status}`}${issues}`, response.status);
    }
    return payload as T;
  }
}
