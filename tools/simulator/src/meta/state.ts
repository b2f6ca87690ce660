// In-memory state of the Meta fake: the app, Pages, Instagram accounts, the people who message them (with the
// time of their last activity, which drives the messaging windows of C.8) and Facebook Login tokens.
import { SimulatorError } from '../core/errors';
import { randomDigits } from '../core/ids';
import type { InstagramAccountConfig, MetaAppConfig, MetaUserConfig, PageConfig } from './types';

/** Every field an inbox subscribes a Page to (C.5). */
export const ALL_PAGE_FIELDS = [
  'messages',
  'messaging_postbacks',
  'message_echoes',
  'message_deliveries',
  'message_reads',
  'message_reactions',
  'messaging_referrals',
];

export interface MetaApp {
  appId: string;
  appSecret: string;
  verifyToken: string;
  webhookUrl: string | null;
  humanAgentApproved: boolean;
  echoes: boolean;
  retry: { intervalMs: number; windowMs: number } | null;
  loginUser: { id: string; name: string };
  /** Duplicate-delivery fault: each webhook is sent this many times (C.4: receivers must dedupe). */
  copiesPerWebhook: number;
}

export interface Page {
  pageId: string;
  name: string;
  pageToken: string;
  category: string;
  subscribedFields: string[];
}

export interface InstagramAccount {
  igId: string;
  pageId: string | null;
  username: string;
  name: string;
  token: string;
}

export interface MetaUser {
  platform: 'messenger' | 'instagram';
  accountId: string;
  userId: string;
  firstName: string;
  lastName: string;
  name: string;
  username: string;
  profilePic: string | null;
  /** Last message, postback, quick reply or referral: opens the 24 h window (F.Meta 5). */
  lastActivityAt: number | null;
}

export interface UserAccessToken {
  token: string;
  expiresAt: number;
}

export interface OAuthCode {
  clientId: string;
  redirectUri: string;
  createdAt: number;
  isUsed: boolean;
}

/** A post of a Page, or a media object of an Instagram account, that people comment on. */
export interface Post {
  postId: string;
  network: 'facebook' | 'instagram';
  /** Page id or Instagram account id. */
  accountId: string;
  text: string;
  pictureUrl: string | null;
  permalink: string;
  live: boolean;
  createdAt: number;
  /** Facebook moves a post's `updated_time` with each comment. */
  updatedAt: number;
}

/** A comment on a post, by a person or by the account itself (its public replies). */
export interface PostComment {
  commentId: string;
  network: 'facebook' | 'instagram';
  accountId: string;
  postId: string;
  /** The comment replied to; null for a comment on the post itself. */
  parentId: string | null;
  /** PSID / IGSID of the commenter, or the account id for the account's own replies. */
  authorId: string;
  isByAccount: boolean;
  /** Facebook `from.name` / Instagram `username`, as sent in the webhook. */
  authorName: string;
  text: string;
  photoUrl: string | null;
  createdAt: number;
  hidden: boolean;
  liked: boolean;
  deleted: boolean;
  replies: { id: string; message: string }[];
  privateReplies: number;
}

/** Who an access token belongs to. */
export type TokenOwner =
  | { kind: 'page'; page: Page }
  | { kind: 'instagram'; account: InstagramAccount }
  | { kind: 'user'; token: UserAccessToken };

/** Everything the Meta fake remembers. */
export class MetaState {
  app: MetaApp | null = null;
  readonly pages = new Map<string, Page>();
  readonly instagramAccounts = new Map<string, InstagramAccount>();
  private readonly users = new Map<string, MetaUser>();
  readonly userTokens = new Map<string, UserAccessToken>();
  readonly oauthCodes = new Map<string, OAuthCode>();
  readonly posts = new Map<string, Post>();
  readonly comments = new Map<string, PostComment>();
  /** How many coming login dialogs the user cancels (Facebook redirects with `error=access_denied`). */
  loginCancels = 0;

  /** Forgets everything (reset). */
  clear(): void {
    this.loginCancels = 0;
    this.app = null;
    const maps = [this.pages, this.instagramAccounts, this.users, this.userTokens, this.oauthCodes];
    for (const map of [...maps, this.posts, this.comments]) map.clear();
  }

  setApp(config: MetaAppConfig): MetaApp {
    this.app = {
      appId: config.appId ?? randomDigits(15),
      appSecret: config.appSecret,
      verifyToken: config.verifyToken,
      webhookUrl: config.webhookUrl,
      humanAgentApproved: config.humanAgentApproved ?? false,
      echoes: config.echoes ?? true,
      retry: config.retry ?? null,
      loginUser: config.loginUser ?? { id: '100090000000001', name: 'Sabai Page Admin' },
      copiesPerWebhook: 1,
    };
    return this.app;
  }

  requireApp(): MetaApp {
    if (!this.app) throw new SimulatorError('not_configured', 'no Meta app; call addMetaApp first');
    return this.app;
  }

  addPage(config: PageConfig): Page {
    const page: Page = {
      pageId: config.pageId,
      name: config.name,
      pageToken: config.pageToken,
      category: config.category ?? 'Shopping & retail',
      subscribedFields: config.subscribedFields ?? [...ALL_PAGE_FIELDS],
    };
    this.pages.set(page.pageId, page);
    return page;
  }

  addInstagramAccount(config: InstagramAccountConfig): InstagramAccount {
    if (config.pageId !== undefined && !this.pages.has(config.pageId)) {
      throw new SimulatorError(
        'unknown_account',
        `no Page ${config.pageId} to link Instagram ${config.igId} to`,
      );
    }
    const account: InstagramAccount = {
      igId: config.igId,
      pageId: config.pageId ?? null,
      username: config.username,
      name: config.name ?? config.username,
      token: config.token,
    };
    this.instagramAccounts.set(account.igId, account);
    return account;
  }

  /** The Instagram account linked to a Page, if any. */
  instagramOfPage(pageId: string): InstagramAccount | undefined {
    for (const account of this.instagramAccounts.values()) if (account.pageId === pageId) return account;
    return undefined;
  }

  addUser(config: MetaUserConfig): MetaUser {
    this.requireAccount(config.platform, config.accountId);
    const firstName = config.firstName ?? config.name?.split(' ')[0] ?? 'Customer';
    const lastName = config.lastName ?? config.name?.split(' ').slice(1).join(' ') ?? config.userId.slice(-4);
    const user: MetaUser = {
      platform: config.platform,
      accountId: config.accountId,
      userId: config.userId,
      firstName,
      lastName,
      name: config.name ?? `${firstName} ${lastName}`.trim(),
      username: config.username ?? (usernameFrom(firstName, lastName) || `user${config.userId.slice(-6)}`),
      profilePic: config.profilePic ?? null,
      lastActivityAt: null,
    };
    this.users.set(`${config.accountId}:${config.userId}`, user);
    return user;
  }

  user(accountId: string, userId: string): MetaUser | undefined {
    return this.users.get(`${accountId}:${userId}`);
  }

  /** Page for Messenger, Instagram account for Instagram; throws when unknown. */
  requireAccount(platform: 'messenger' | 'instagram', accountId: string): void {
    const exists =
      platform === 'messenger' ? this.pages.has(accountId) : this.instagramAccounts.has(accountId);
    if (!exists) {
      const what = platform === 'messenger' ? 'Page' : 'Instagram account';
      throw new SimulatorError('unknown_account', `no ${what} ${accountId}; add it first`);
    }
  }

  tokenOwner(token: string): TokenOwner | null {
    for (const page of this.pages.values()) if (page.pageToken === token) return { kind: 'page', page };
    for (const account of this.instagramAccounts.values())
      if (account.token === token) return { kind: 'instagram', account };
    const userToken = this.userTokens.get(token);
    return userToken ? { kind: 'user', token: userToken } : null;
  }

  /** The network of a Page or Instagram account id; throws when it is neither. */
  networkOf(accountId: string): 'facebook' | 'instagram' {
    if (this.pages.has(accountId)) return 'facebook';
    if (this.instagramAccounts.has(accountId)) return 'instagram';
    throw new SimulatorError('unknown_account', `no Page or Instagram account ${accountId}; add it first`);
  }
}

/** An Instagram-style handle from a name; empty for names without Latin letters (e.g. Thai). */
function usernameFrom(firstName: string, lastName: string): string {
  return `${firstName}.${lastName}`
    .toLowerCase()
    .replace(/[^a-z0-9._]/g, '')
    .replace(/^\.+|\.+$/g, '');
}
