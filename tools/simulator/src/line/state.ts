// In-memory state of the LINE fake: channels, their users, reply tokens, received content, accepted retry
// keys and push usage.
import { SimulatorError } from '../core/errors';
import type { LineAccessTokenKind, LineChannelConfig, LineChatConfig, LineUserConfig } from './types';

export const LINE_USER_ID = /^U[0-9a-f]{32}$/;
/** Group ids start with C, room ids with R (docs/channels.md "Deliveries"). */
export const LINE_CHAT_ID = /^[CR][0-9a-f]{32}$/;

export interface LineChannel {
  channelId: string;
  channelSecret: string;
  accessToken: string;
  accessTokenKind: LineAccessTokenKind;
  botUserId: string;
  webhookUrl: string | null;
  redelivery: { attempts: number; intervalMs: number } | null;
  monthlyQuota: number | null;
  displayName: string;
  basicId: string;
  /** Duplicate-delivery fault: each webhook is sent this many times (A.7 warns it happens). */
  copiesPerWebhook: number;
}

export interface LineUser {
  channelId: string;
  userId: string;
  displayName: string;
  pictureUrl: string | null;
  language: string | null;
  statusMessage: string | null;
  isFriend: boolean;
  hasBlocked: boolean;
  /** Last 1:1 message from the user: pushes reach non-friends for 7 days after it (A.10). */
  lastMessagedAt: number | null;
}

/** A group or room of a channel: who is in it, and whether the bot is. */
export interface LineChat {
  channelId: string;
  chatId: string;
  type: 'group' | 'room';
  groupName: string | null;
  pictureUrl: string | null;
  memberIds: Set<string>;
  botIsMember: boolean;
}

export interface ReplyToken {
  token: string;
  channelId: string;
  /** The chat a reply with this token goes to: the user's 1:1 chat, or the group or room it came from. */
  chatId: string;
  eventTimestamp: number;
  /** When the webhook carrying it was last sent; the 60 s limit counts from here (A.8). */
  deliveredAt: number | null;
  wasRedelivered: boolean;
  usedAt: number | null;
}

export interface LineContent {
  messageId: string;
  channelId: string;
  kind: 'image' | 'video' | 'audio' | 'file';
  bytes: Buffer;
  contentType: string;
  /** Until then `GET …/content` answers 202 (A.14). */
  readyAt: number;
  isGone: boolean;
}

export interface AcceptedRetryKey {
  acceptedAt: number;
  requestId: string;
  sentMessages: { id: string; quoteToken: string }[];
}

/** Everything the LINE fake remembers. */
export class LineState {
  readonly channels = new Map<string, LineChannel>();
  private readonly users = new Map<string, LineUser>();
  private readonly chats = new Map<string, LineChat>();
  readonly replyTokens = new Map<string, ReplyToken>();
  readonly contents = new Map<string, LineContent>();
  readonly markAsReadTokens = new Map<string, { channelId: string; userId: string }>();
  private readonly retryKeys = new Map<string, AcceptedRetryKey>();
  private readonly pushUsage = new Map<string, number>();
  /** Stateless channel access tokens (`POST /oauth2/v3/token`): 15 minutes, any number, never revoked. */
  readonly statelessTokens = new Map<string, { channelId: string; expiresAt: number }>();
  /** Chats (`channelId/chatId`) a module channel controls: the channel's events about them come in standby. */
  readonly standbyChats = new Set<string>();

  /** Forgets everything (reset). */
  clear(): void {
    for (const map of [
      this.channels,
      this.users,
      this.chats,
      this.replyTokens,
      this.contents,
      this.markAsReadTokens,
      this.retryKeys,
      this.pushUsage,
      this.statelessTokens,
      this.standbyChats,
    ]) {
      map.clear();
    }
  }

  addChannel(config: LineChannelConfig): LineChannel {
    // Real bot ids are U + 32 hex; letters beyond f are tolerated because the demo data uses a readable id.
    if (!/^U[0-9A-Za-z]{32}$/.test(config.botUserId)) {
      throw new SimulatorError(
        'invalid_argument',
        `botUserId must be U + 32 characters, got ${config.botUserId}`,
      );
    }
    for (const other of this.channels.values()) {
      if (other.channelId !== config.channelId && other.accessToken === config.accessToken) {
        throw new SimulatorError(
          'invalid_argument',
          `access token already used by channel ${other.channelId}`,
        );
      }
    }
    const channel: LineChannel = {
      channelId: config.channelId,
      channelSecret: config.channelSecret,
      accessToken: config.accessToken,
      accessTokenKind: config.accessTokenKind ?? 'long-lived',
      botUserId: config.botUserId,
      webhookUrl: config.webhookUrl ?? null,
      redelivery: config.redelivery ?? null,
      monthlyQuota: config.monthlyQuota ?? null,
      displayName: config.displayName ?? `LINE OA ${config.channelId}`,
      basicId: config.basicId ?? `@${config.channelId.slice(-6)}sim`,
      copiesPerWebhook: 1,
    };
    this.channels.set(channel.channelId, channel);
    return channel;
  }

  requireChannel(channelId: string): LineChannel {
    const channel = this.channels.get(channelId);
    if (!channel)
      throw new SimulatorError('unknown_channel', `no LINE channel ${channelId}; add it with addLineChannel`);
    return channel;
  }

  channelByToken(accessToken: string): LineChannel | undefined {
    for (const channel of this.channels.values()) if (channel.accessToken === accessToken) return channel;
    return undefined;
  }

  /** The channel a long-lived or a live stateless token belongs to. */
  channelByAnyToken(accessToken: string, now: number): LineChannel | undefined {
    const stateless = this.statelessTokens.get(accessToken);
    if (stateless) return stateless.expiresAt > now ? this.channels.get(stateless.channelId) : undefined;
    return this.channelByToken(accessToken);
  }

  addUser(channelId: string, config: LineUserConfig): LineUser {
    this.requireChannel(channelId);
    if (!LINE_USER_ID.test(config.userId)) {
      throw new SimulatorError(
        'invalid_argument',
        `LINE user ids match U + 32 hex chars, got ${config.userId}`,
      );
    }
    const user: LineUser = {
      channelId,
      userId: config.userId,
      displayName: config.displayName,
      pictureUrl: config.pictureUrl ?? null,
      language: config.language ?? null,
      statusMessage: config.statusMessage ?? null,
      isFriend: config.isFriend ?? true,
      hasBlocked: false,
      lastMessagedAt: null,
    };
    this.users.set(`${channelId}:${config.userId}`, user);
    return user;
  }

  user(channelId: string, userId: string): LineUser | undefined {
    return this.users.get(`${channelId}:${userId}`);
  }

  /** A user of the channel, or a SimulatorError naming them. */
  requireUser(channelId: string, userId: string): LineUser {
    const user = this.user(channelId, userId);
    if (!user) throw new SimulatorError('unknown_user', `no LINE user ${userId} on channel ${channelId}`);
    return user;
  }

  /** Adds a group or room of the channel's users (the bot is not in it until it joins). */
  addChat(channelId: string, config: LineChatConfig): LineChat {
    this.requireChannel(channelId);
    if (!LINE_CHAT_ID.test(config.chatId)) {
      throw new SimulatorError(
        'invalid_argument',
        `LINE group ids are C + 32 hex chars and room ids R + 32, got ${config.chatId}`,
      );
    }
    const type = config.chatId.startsWith('C') ? 'group' : 'room';
    if (type === 'room' && config.groupName !== undefined)
      throw new SimulatorError('invalid_argument', 'a room has no name');
    for (const userId of config.memberIds) this.requireUser(channelId, userId);
    const chat: LineChat = {
      channelId,
      chatId: config.chatId,
      type,
      groupName: type === 'group' ? (config.groupName ?? `Group ${config.chatId.slice(-4)}`) : null,
      pictureUrl: config.pictureUrl ?? null,
      memberIds: new Set(config.memberIds),
      botIsMember: false,
    };
    this.chats.set(`${channelId}:${config.chatId}`, chat);
    return chat;
  }

  chat(channelId: string, chatId: string): LineChat | undefined {
    return this.chats.get(`${channelId}:${chatId}`);
  }

  /** A group or room of the channel, or a SimulatorError naming it. */
  /** A module channel takes (`true`) or hands back (`false`) control of a user's, group's or room's chat. */
  setStandby(channelId: string, chatId: string, inStandby: boolean): void {
    this.requireChannel(channelId);
    if (inStandby) this.standbyChats.add(`${channelId}/${chatId}`);
    else this.standbyChats.delete(`${channelId}/${chatId}`);
  }

  isInStandby(channelId: string, chatId: string): boolean {
    return this.standbyChats.has(`${channelId}/${chatId}`);
  }

  requireChat(channelId: string, chatId: string): LineChat {
    const chat = this.chat(channelId, chatId);
    if (!chat)
      throw new SimulatorError('unknown_chat', `no LINE group or room ${chatId}; add it with addLineChat`);
    return chat;
  }

  usersOf(channelId: string): LineUser[] {
    return [...this.users.values()].filter((u) => u.channelId === channelId);
  }

  /** An accepted retry key still inside its 24 h memory (A.10), else undefined. */
  acceptedRetryKey(channelId: string, key: string, now: number): AcceptedRetryKey | undefined {
    const accepted = this.retryKeys.get(`${channelId}:${key.toLowerCase()}`);
    return accepted && now - accepted.acceptedAt < 24 * 60 * 60 * 1000 ? accepted : undefined;
  }

  acceptRetryKey(channelId: string, key: string, accepted: AcceptedRetryKey): void {
    this.retryKeys.set(`${channelId}:${key.toLowerCase()}`, accepted);
  }

  pushesThisMonth(channelId: string, now: number): number {
    return this.pushUsage.get(`${channelId}:${monthOf(now)}`) ?? 0;
  }

  countPush(channelId: string, now: number): void {
    const key = `${channelId}:${monthOf(now)}`;
    this.pushUsage.set(key, (this.pushUsage.get(key) ?? 0) + 1);
  }
}

/** Calendar month in Japan time, where LINE's monthly allowance resets. */
function monthOf(now: number): string {
  return new Date(now + 9 * 60 * 60 * 1000).toISOString().slice(0, 7);
}
