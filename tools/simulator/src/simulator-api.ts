// What a running simulator offers (startSimulator's answer, also what the admin API drives): apart from
// simulator.ts, which assembles it, so that the admin routes it serves can name it.
import type { AiControls } from './ai/controls';
import type { ApiCall, CallFilter, DeliveryFilter, DeliveryRecord, OutboxEntry } from './core/records';
import type { LineControls } from './line/controls';
import type { LineChannelConfig, LineChatConfig, LineUserConfig } from './line/types';
import type { CommentControls, InstagramCustomer, MessengerCustomer, MetaControls } from './meta/controls';
import type { InstagramAccountConfig, MetaAppConfig, MetaUserConfig, PageConfig } from './meta/types';

/** A summary of what the simulator is configured with (also `GET /__admin`). */
export interface SimulatorSummary {
  url: string;
  now: number;
  offsetMs: number;
  line: {
    channels: (Omit<LineChannelConfig, 'webhookUrl'> & {
      webhookUrl: string | null;
      users: LineUserSummary[];
    })[];
  };
  meta: {
    app: {
      appId: string;
      webhookUrl: string | null;
      verifyToken: string;
      humanAgentApproved: boolean;
      echoes: boolean;
    } | null;
    pages: {
      pageId: string;
      name: string;
      pageToken: string;
      subscribedFields: string[];
      instagramId: string | null;
    }[];
    instagramAccounts: { igId: string; username: string; pageId: string | null; token: string }[];
  };
  ai: { baseUrl: string; keys: string[]; models: string[] };
}

export interface LineUserSummary {
  userId: string;
  displayName: string;
  isFriend: boolean;
  hasBlocked: boolean;
}

/** A running simulator (see README). */
export interface Simulator {
  /** Origin of every fake API: LINE base URL (both hosts), Graph base URL, model endpoint, admin API. */
  readonly url: string;
  /** Stops the server and pending webhook retries. */
  close(): Promise<void>;
  /** Simulated milliseconds since the epoch. */
  now(): number;
  /** Moves simulated time forward (reply-token expiry, messaging windows, CDN expiry); returns the new now. */
  advance(ms: number): number;
  /**
   * Forgets everything; with `keepConfig`, channels, apps, pages, users, model keys and models are set up
   * again as first added.
   */
  reset(options?: { keepConfig?: boolean }): void;
  /** What is configured. */
  describe(): SimulatorSummary;
  /** Adds (or replaces) a LINE channel. */
  addLineChannel(config: LineChannelConfig): void;
  /** Adds (or replaces) a LINE user of a channel. */
  addLineUser(channelId: string, user: LineUserConfig): void;
  /** Adds (or replaces) a group or room of a channel's users; the bot is in it once a `join` says so. */
  addLineChat(channelId: string, chat: LineChatConfig): void;
  /** Sets the one Meta app. */
  addMetaApp(config: MetaAppConfig): void;
  /** Adds a Facebook Page managed by the login user. */
  addPage(page: PageConfig): void;
  /** Adds an Instagram professional account (linked to a Page when `pageId` is given). */
  addInstagramAccount(account: InstagramAccountConfig): void;
  /** Adds a Messenger or Instagram user. */
  addMetaUser(user: MetaUserConfig): void;
  readonly line: LineControls;
  readonly meta: MetaControls;
  readonly messenger: MessengerCustomer;
  readonly instagram: InstagramCustomer;
  /** Page posts and Instagram media, and the people who comment on them (feed / comments webhooks). */
  readonly comments: CommentControls;
  /** The OpenAI-compatible model endpoint: keys, models, scripted answers, faults and requests received. */
  readonly ai: AiControls;
  /** LINE and Graph API calls received. */
  calls(filter?: CallFilter): ApiCall[];
  /** Calls `listener` with every API call answered from now on; returns the unsubscribe function. */
  onCall(listener: (call: ApiCall) => void): () => void;
  /** Webhooks sent. */
  deliveries(filter?: DeliveryFilter): DeliveryRecord[];
  /** Messages sent to customers of an account (LINE channel id, Page id or Instagram id), optionally one user. */
  outbox(accountId?: string, userId?: string): OutboxEntry[];
  /** Resolves with the first truthy value of `probe`, polling; rejects after `timeoutMs` (default 5000). */
  waitFor<T>(probe: () => T | null | undefined | false, timeoutMs?: number): Promise<T>;
}
