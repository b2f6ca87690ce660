import {
  CommentActionSchema,
  CommentRuleListSchema,
  PostOrderExportQuerySchema,
  PostOrderListSchema,
  PrivateReplyRequestSchema,
  SaveCommentRulesSchema,
  SocialPostSchema,
  UpdateSocialPostSchema,
} from '../comments';
import { MessageSchema } from '../messages';
import { defineRoutes } from './route';
import { IssueIdParams, UuidParams } from './params';

const tag = 'comments';
const viewIssues = { resource: 'issue', action: 'view' } as const;
const updateIssues = { resource: 'issue', action: 'update' } as const;
// Comment rules are channel settings (scope all, like the channel's other settings).
const channelSettings = (action: 'view' | 'update') =>
  ({ resource: 'channel', action, scopes: ['all'] }) as const;

export const commentRoutes = defineRoutes({
  /** Like, unlike, hide, unhide or delete a customer's comment on the platform. */
  act: {
    method: 'POST',
    path: '/messages/:id/comment-action',
    tag,
    params: IssueIdParams,
    body: CommentActionSchema,
    responses: { 200: MessageSchema },
    access: updateIssues,
  },
  /** One message to the commenter's Messenger/Instagram inbox (Meta's private reply). */
  privateReply: {
    method: 'POST',
    path: '/messages/:id/private-reply',
    tag,
    params: IssueIdParams,
    body: PrivateReplyRequestSchema,
    responses: { 202: MessageSchema },
    access: updateIssues,
  },
  getPost: {
    method: 'GET',
    path: '/posts/:id',
    tag,
    params: UuidParams,
    responses: { 200: SocialPostSchema },
    access: viewIssues,
  },
  updatePost: {
    method: 'PATCH',
    path: '/posts/:id',
    tag,
    params: UuidParams,
    body: UpdateSocialPostSchema,
    responses: { 200: SocialPostSchema },
    access: updateIssues,
  },
  orders: {
    method: 'GET',
    path: '/posts/:id/orders',
    tag,
    params: UuidParams,
    responses: { 200: PostOrderListSchema },
    access: viewIssues,
  },
  exportOrders: {
    method: 'GET',
    path: '/posts/:id/orders/export',
    tag,
    params: UuidParams,
    query: PostOrderExportQuerySchema,
    responses: {},
    file: true,
    access: viewIssues,
    audit: { area: 'export', action: 'export' },
  },
  rules: {
    method: 'GET',
    path: '/channels/:id/comment-rules',
    tag,
    params: UuidParams,
    responses: { 200: CommentRuleListSchema },
    access: channelSettings('view'),
  },
  saveRules: {
    method: 'PUT',
    path: '/channels/:id/comment-rules',
    tag,
    params: UuidParams,
    body: SaveCommentRulesSchema,
    responses: { 200: CommentRuleListSchema },
    access: channelSettings('update'),
    audit: { area: 'comment_rules' },
  },
});
