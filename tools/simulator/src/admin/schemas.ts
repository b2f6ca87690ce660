// Schemas of the admin API bodies: the same configuration and customer actions as the programmatic API, with
// attachment bytes as base64 strings and patterns as `{ pattern, flags }`. Each schema's output type is checked
// against the programmatic type.
import { z } from 'zod';
import type { AnswerMatch } from '../ai/types';
import type { AiFault, ApiConditions, ApiFault } from '../core/faults';
import type { LineAction, LineChannelConfig, LineChatConfig, LineUserConfig } from '../line/types';
import type {
  CommentItem,
  InstagramAccountConfig,
  InstagramAction,
  MessengerAction,
  MetaAppConfig,
  MetaUserConfig,
  PageConfig,
  PublishOptions,
} from '../meta/types';

const base64Content = z.base64().transform((value) => Buffer.from(value, 'base64'));
const content = { content: base64Content.optional(), contentType: z.string().optional() };
const timedContent = {
  ...content,
  durationMs: z.number().int().positive().optional(),
  preparingMs: z.number().int().min(0).optional(),
};
const lineUser = { userId: z.string() };
// A user acting in a group or room (LineWhere).
const lineWhere = { chatId: z.string().optional(), withholdUserId: z.boolean().optional() };
const lineUserIn = { ...lineUser, ...lineWhere };
const lineChat = { chatId: z.string() };
const metaTarget = { accountId: z.string(), userId: z.string() };
const attachmentType = z.enum(['image', 'video', 'audio', 'file']);
const rawEvent = z.record(z.string(), z.unknown());

export const LineChannelConfigSchema = z.object({
  channelId: z.string().min(1),
  channelSecret: z.string().min(1),
  accessToken: z.string().min(1),
  accessTokenKind: z.enum(['long-lived', 'short-lived', 'v2.1']).optional(),
  botUserId: z.string(),
  webhookUrl: z.url().nullable().optional(),
  redelivery: z.object({ attempts: z.number().int().min(0), intervalMs: z.number().int().min(0) }).optional(),
  monthlyQuota: z.number().int().min(0).nullable().optional(),
  displayName: z.string().optional(),
  basicId: z.string().optional(),
});

export const LineUserConfigSchema = z.object({
  userId: z.string(),
  displayName: z.string().min(1),
  pictureUrl: z.string().optional(),
  language: z.string().optional(),
  statusMessage: z.string().optional(),
  isFriend: z.boolean().optional(),
});

export const LineStandbyBodySchema = z.object({ chatId: z.string().min(1), inStandby: z.boolean() });

export const LineChatConfigSchema = z.object({
  chatId: z.string(),
  groupName: z.string().min(1).optional(),
  pictureUrl: z.string().optional(),
  memberIds: z.array(z.string()),
});

export const LineActionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    ...lineUserIn,
    text: z.string(),
    quotedMessageId: z.string().optional(),
  }),
  z.object({
    type: z.literal('image'),
    ...lineUserIn,
    ...content,
    imageSet: z.object({ id: z.string(), index: z.number().int(), total: z.number().int() }).optional(),
  }),
  z.object({ type: z.literal('video'), ...lineUserIn, ...timedContent }),
  z.object({ type: z.literal('audio'), ...lineUserIn, ...timedContent }),
  z.object({ type: z.literal('file'), ...lineUserIn, ...content, fileName: z.string().optional() }),
  z.object({
    type: z.literal('location'),
    ...lineUserIn,
    title: z.string().optional(),
    address: z.string().optional(),
    latitude: z.number(),
    longitude: z.number(),
  }),
  z.object({
    type: z.literal('sticker'),
    ...lineUserIn,
    packageId: z.string().optional(),
    stickerId: z.string().optional(),
    stickerResourceType: z.string().optional(),
    keywords: z.array(z.string()).optional(),
    text: z.string().optional(),
  }),
  z.object({ type: z.literal('follow'), ...lineUser }),
  z.object({ type: z.literal('unfollow'), ...lineUser }),
  z.object({
    type: z.literal('postback'),
    ...lineUserIn,
    data: z.string(),
    params: z.record(z.string(), z.string()).optional(),
  }),
  z.object({ type: z.literal('unsend'), ...lineUserIn, messageId: z.string() }),
  z.object({
    type: z.literal('beacon'),
    ...lineUser,
    hwid: z.string().min(1),
    beaconType: z.enum(['enter', 'banner', 'stay']).optional(),
  }),
  z.object({ type: z.literal('accountLink'), ...lineUser, result: z.enum(['ok', 'failed']) }),
  z.object({
    type: z.literal('membership'),
    ...lineUser,
    membershipType: z.enum(['joined', 'left', 'renewed']),
    membershipId: z.number().int(),
  }),
  z.object({ type: z.literal('videoPlayComplete'), ...lineUser, trackingId: z.string().min(1) }),
  z.object({ type: z.literal('join'), ...lineChat }),
  z.object({ type: z.literal('leave'), ...lineChat }),
  z.object({ type: z.literal('memberJoined'), ...lineChat, userIds: z.array(z.string()).min(1) }),
  z.object({ type: z.literal('memberLeft'), ...lineChat, userIds: z.array(z.string()).min(1) }),
  z.object({ type: z.literal('raw'), event: rawEvent }),
]);

export const LineEventsBodySchema = z.object({
  events: z.array(LineActionSchema),
  reorder: z.boolean().optional(),
  heldUpMs: z.number().int().min(0).max(86_400_000).optional(),
});

export const MetaAppConfigSchema = z.object({
  appId: z.string().regex(/^\d+$/).optional(),
  appSecret: z.string().min(1),
  verifyToken: z.string().min(1),
  webhookUrl: z.url().nullable(),
  humanAgentApproved: z.boolean().optional(),
  echoes: z.boolean().optional(),
  retry: z.object({ intervalMs: z.number().int().min(1), windowMs: z.number().int().min(0) }).optional(),
  loginUser: z.object({ id: z.string(), name: z.string() }).optional(),
});

export const PageConfigSchema = z.object({
  pageId: z.string().regex(/^\d+$/),
  name: z.string().min(1),
  pageToken: z.string().min(1),
  category: z.string().optional(),
  subscribedFields: z.array(z.string()).optional(),
});

export const InstagramAccountConfigSchema = z.object({
  igId: z.string().regex(/^\d+$/),
  pageId: z.string().optional(),
  username: z.string().min(1),
  name: z.string().optional(),
  token: z.string().min(1),
});

export const MetaUserConfigSchema = z.object({
  platform: z.enum(['messenger', 'instagram']),
  accountId: z.string(),
  userId: z.string().regex(/^\d+$/),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  name: z.string().optional(),
  username: z.string().optional(),
  profilePic: z.string().optional(),
});

export const MessengerActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), ...metaTarget, text: z.string(), replyToMid: z.string().optional() }),
  z.object({ type: z.literal('attachment'), ...metaTarget, attachmentType, ...content }),
  z.object({ type: z.literal('postback'), ...metaTarget, payload: z.string(), title: z.string().optional() }),
  z.object({
    type: z.literal('referral'),
    ...metaTarget,
    adId: z.string().optional(),
    ref: z.string().optional(),
    source: z.string().optional(),
  }),
  z.object({ type: z.literal('quick_reply'), ...metaTarget, text: z.string(), payload: z.string() }),
  z.object({ type: z.literal('read'), ...metaTarget, watermark: z.number().optional() }),
  z.object({
    type: z.literal('delivery'),
    ...metaTarget,
    mids: z.array(z.string()).optional(),
    watermark: z.number().optional(),
  }),
  z.object({ type: z.literal('raw'), ...metaTarget, event: rawEvent }),
]);

export const InstagramActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), ...metaTarget, text: z.string(), replyToMid: z.string().optional() }),
  z.object({ type: z.literal('attachment'), ...metaTarget, attachmentType, ...content }),
  z.object({
    type: z.literal('story_reply'),
    ...metaTarget,
    text: z.string(),
    storyId: z.string().optional(),
  }),
  z.object({ type: z.literal('story_mention'), ...metaTarget, ...content }),
  z.object({ type: z.literal('deleted'), ...metaTarget, mid: z.string() }),
  z.object({
    type: z.literal('reaction'),
    ...metaTarget,
    mid: z.string(),
    reaction: z.string().optional(),
    emoji: z.string().optional(),
    action: z.enum(['react', 'unreact']).optional(),
  }),
  z.object({ type: z.literal('seen'), ...metaTarget, mid: z.string() }),
  z.object({ type: z.literal('raw'), ...metaTarget, event: rawEvent }),
]);

const metaBatch = { reorder: z.boolean().optional(), groupByAccount: z.boolean().optional() };
export const MessengerEventsBodySchema = z.object({ events: z.array(MessengerActionSchema), ...metaBatch });
export const InstagramEventsBodySchema = z.object({ events: z.array(InstagramActionSchema), ...metaBatch });

const publishOptions = {
  text: z.string().optional(),
  withPicture: z.boolean().optional(),
  live: z.boolean().optional(),
};
export const PublishBodySchema = z.object({ accountId: z.string().min(1), ...publishOptions });

export const CommentItemSchema = z.object({
  userId: z.string().regex(/^\d+$/),
  postId: z.string().min(1),
  text: z.string(),
  parentId: z.string().optional(),
  name: z.string().min(1).optional(),
});
export const CommentBodySchema = CommentItemSchema.extend({
  accountId: z.string().min(1),
  photo: z.boolean().optional(),
});
export const CommentsBodySchema = z.object({
  accountId: z.string().min(1),
  items: z.array(CommentItemSchema).min(1),
  perWebhook: z.number().int().min(1).optional(),
});
export const RemoveCommentBodySchema = z.object({
  accountId: z.string().min(1),
  commentId: z.string().min(1),
});

export const FaultBodySchema = z.object({
  count: z.number().int().min(1),
  fault: z.union([
    z.literal('timeout'),
    z.object({ status: z.number().int().min(400).max(599) }),
    z.object({ delayMs: z.number().int().min(0) }),
  ]),
  pathIncludes: z.string().optional(),
});

export const ConditionsBodySchema = z.object({
  latencyMs: z
    .object({ min: z.number().min(0), max: z.number().min(0) })
    .refine((r) => r.max >= r.min, 'max must be >= min')
    .optional(),
  errorRate: z.number().min(0).max(1).optional(),
  pathIncludes: z.string().optional(),
});

const aiFault = z.union([
  z.literal('timeout'),
  z.object({
    status: z.number().int().min(400).max(599),
    retryAfterSeconds: z.number().int().min(0).optional(),
  }),
  z.object({ delayMs: z.number().int().min(0) }),
  z.object({ chunkDelayMs: z.number().int().min(0) }),
  z.object({ cutAfterChunks: z.number().int().min(0) }),
]);
export const AiFaultBodySchema = z.object({
  count: z.number().int().min(1),
  fault: aiFault,
  pathIncludes: z.string().optional(),
});
export const AiStandingFaultBodySchema = AiFaultBodySchema.omit({ count: true });

export const AiKeyBodySchema = z.object({ key: z.string().min(1) });
export const AiModelBodySchema = z.object({ id: z.string().min(1) });

const isPattern = ({ pattern, flags }: { pattern: string; flags?: string | undefined }) => {
  try {
    new RegExp(pattern, flags);
    return true;
  } catch {
    return false;
  }
};
/** A substring of the request's text, or a pattern over it (JSON has no RegExp). */
const answerMatch = z.union([
  z.string().min(1),
  z
    .object({ pattern: z.string().min(1), flags: z.string().optional() })
    .refine(isPattern, 'not a valid regular expression')
    .transform(({ pattern, flags }) => new RegExp(pattern, flags)),
]);
export const AiAnswerBodySchema = z.object({ match: answerMatch, reply: z.string() });

export const CopiesBodySchema = z.object({ copies: z.number().int().min(1) });
export const QuotaBodySchema = z.object({ limit: z.number().int().min(0).nullable() });
export const AdvanceBodySchema = z.object({ ms: z.number().min(0) });
export const ResetBodySchema = z.object({ keepConfig: z.boolean().optional() });
export const HumanAgentBodySchema = z.object({ approved: z.boolean() });

// Compile-time proof that what the admin API accepts is what the programmatic API takes.
type Accepts<Target, Schema extends z.ZodType> = z.output<Schema> extends Target ? true : never;
export const schemasMatchProgrammaticTypes: [
  Accepts<LineChannelConfig, typeof LineChannelConfigSchema>,
  Accepts<LineUserConfig, typeof LineUserConfigSchema>,
  Accepts<LineChatConfig, typeof LineChatConfigSchema>,
  Accepts<LineAction, typeof LineActionSchema>,
  Accepts<MetaAppConfig, typeof MetaAppConfigSchema>,
  Accepts<PageConfig, typeof PageConfigSchema>,
  Accepts<InstagramAccountConfig, typeof InstagramAccountConfigSchema>,
  Accepts<MetaUserConfig, typeof MetaUserConfigSchema>,
  Accepts<MessengerAction, typeof MessengerActionSchema>,
  Accepts<InstagramAction, typeof InstagramActionSchema>,
  Accepts<ApiFault, (typeof FaultBodySchema)['shape']['fault']>,
  Accepts<ApiConditions, typeof ConditionsBodySchema>,
  Accepts<PublishOptions, z.ZodObject<typeof publishOptions>>,
  Accepts<CommentItem, typeof CommentItemSchema>,
  Accepts<AiFault, typeof aiFault>,
  Accepts<AnswerMatch, typeof answerMatch>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true];
