import { z } from 'zod';

// The comments inbox: comments on a Facebook Page's posts and on Instagram media become
// issues of kind "comment" (one commenter's comments on one post, with the replies to them).

export const ISSUE_KINDS = ['conversation', 'comment'] as const;
export type IssueKind = (typeof ISSUE_KINDS)[number];

/** Meta takes one private reply per comment, within 7 days of it. */
export const PRIVATE_REPLY_WINDOW_DAYS = 7;
/** Keywords of a comment rule or an order list: a few short words each. */
const Keyword = z.string().trim().min(1).max(30);
export const KeywordsSchema = z.array(Keyword).min(1).max(20);

/** A post (Facebook) or media (Instagram) as shown above its comment threads. */
export const SocialPostSchema = z.object({
  id: z.string(),
  externalId: z.string(),
  text: z.string().nullable(),
  permalink: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  previewStatus: z.enum(['pending', 'ready', 'failed']),
  postedAt: z.string().nullable(),
  /** A live-commerce post: its order comments ("CF") are collected into a list. */
  collectsOrders: z.boolean(),
  orderKeywords: z.array(z.string()),
  orderCount: z.number(),
});
export type SocialPost = z.infer<typeof SocialPostSchema>;

export const UpdateSocialPostSchema = z
  .object({ collectsOrders: z.boolean().optional(), orderKeywords: KeywordsSchema.optional() })
  .refine((v) => v.collectsOrders !== undefined || v.orderKeywords !== undefined, {
    message: 'nothing to change',
  });

/** One order comment of a post's list. */
export const PostOrderSchema = z.object({
  commentId: z.string(),
  authorName: z.string(),
  text: z.string(),
  commentedAt: z.string(),
  issueId: z.number().nullable(),
});
export const PostOrderListSchema = z.object({ items: z.array(PostOrderSchema), total: z.number() });
export type PostOrderList = z.infer<typeof PostOrderListSchema>;

export const PostOrderExportQuerySchema = z.object({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  lang: z.enum(['en', 'th']).default('en'),
});

/** What a comment message carries beyond its text. */
export const CommentInfoSchema = z.object({
  commentId: z.string(),
  /** The comment this one answers; null for a comment on the post itself. */
  parentId: z.string().nullable(),
  authorName: z.string(),
  liked: z.boolean(),
  hidden: z.boolean(),
  deleted: z.boolean(),
  /** The private reply sent to the commenter's inbox, and the chat issue it went to. */
  privateReply: z
    .object({
      status: z.enum(['pending', 'sent', 'failed']),
      issueId: z.number().nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
  /** Until when a private reply may be sent (7 days after the comment). */
  privateReplyUntil: z.string(),
});
export type CommentInfo = z.infer<typeof CommentInfoSchema>;

export const COMMENT_ACTIONS = ['like', 'unlike', 'hide', 'unhide', 'delete'] as const;
export const CommentActionSchema = z.object({ action: z.enum(COMMENT_ACTIONS) });
export type CommentAction = (typeof COMMENT_ACTIONS)[number];

export const PrivateReplyRequestSchema = z.object({ text: z.string().trim().min(1).max(2000) });

/** A keyword rule of a channel: a matching comment gets a canned response as a private reply. */
export const CommentRuleSchema = z.object({
  id: z.string(),
  keywords: z.array(z.string()),
  cannedResponseId: z.string(),
  cannedResponseName: z.string(),
  publicReply: z.string(),
  isActive: z.boolean(),
});
export type CommentRule = z.infer<typeof CommentRuleSchema>;
export const CommentRuleListSchema = z.array(CommentRuleSchema);

export const SaveCommentRulesSchema = z.object({
  rules: z
    .array(
      z.object({
        keywords: KeywordsSchema,
        cannedResponseId: z.uuid(),
        publicReply: z.string().trim().max(500).default(''),
        isActive: z.boolean().default(true),
      }),
    )
    .max(50),
});
export type SaveCommentRules = z.input<typeof SaveCommentRulesSchema>;
