import { z } from 'zod';
import {
  AttachmentSchema,
  MessagePageSchema,
  MessageSchema,
  SendMessageRequestSchema,
  StickerCatalogueSchema,
} from '../messages';
import { queryFlag } from '../common';
import { defineRoutes } from './route';
import { IssueIdParams } from './params';

const tag = 'messages';
const viewIssues = { resource: 'issue', action: 'view' } as const;
const updateIssues = { resource: 'issue', action: 'update' } as const;

export const messageRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/issues/:id/messages',
    tag,
    params: IssueIdParams,
    query: z.object({
      before: z.coerce.number().int().positive().optional(),
      limit: z.coerce.number().int().min(1).max(100).default(50),
      /** The reader sees these messages: the issue's unread marker goes too (as POST /issues/:id/read). */
      read: queryFlag.optional(),
    }),
    responses: { 200: MessagePageSchema },
    access: viewIssues,
  },
  send: {
    method: 'POST',
    path: '/issues/:id/messages',
    tag,
    params: IssueIdParams,
    body: SendMessageRequestSchema,
    responses: { 201: MessageSchema },
    access: updateIssues,
  },
  retry: {
    method: 'POST',
    path: '/messages/:id/retry',
    tag,
    params: IssueIdParams,
    responses: { 200: MessageSchema },
    access: updateIssues,
  },
  /** LINE stickers an agent may send, the caller's recent ones first. */
  stickers: {
    method: 'GET',
    path: '/stickers',
    tag,
    responses: { 200: StickerCatalogueSchema },
    access: updateIssues,
  },
  // Attachments are uploaded first (streamed, type and size checked while streaming), then sent by id.
  uploadAttachment: {
    method: 'POST',
    path: '/attachments',
    tag,
    multipart: true,
    responses: { 201: AttachmentSchema },
    access: updateIssues,
  },
});
