import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AttachmentSchema,
  MessagePageSchema,
  MessageSchema,
  SendMessageRequestSchema,
} from '@sabai/contracts';
import { FILE_MAX_BYTES, isAllowedAttachment, maxAttachmentBytes, type Scope } from '@sabai/domain';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import { badRequest } from '../../http/errors';
import { readUpload } from '../../http/upload';
import * as service from './messages.service';

const tags = ['messages'];
const viewIssues = { access: { resource: 'issue', action: 'view' } } as const;
const updateIssues = { access: { resource: 'issue', action: 'update' } } as const;
const IssueParams = z.object({ id: z.coerce.number().int().positive() });

export async function messageRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/issues/:id/messages',
    {
      schema: {
        tags,
        params: IssueParams,
        querystring: z.object({
          before: z.coerce.number().int().positive().optional(),
          limit: z.coerce.number().int().min(1).max(100).default(50),
        }),
        response: { 200: MessagePageSchema },
      },
      config: viewIssues,
    },
    async (req) =>
      service.listIssueMessages(
        deps,
        authOf(req),
        req.scope as Scope,
        req.params.id,
        req.query.before ?? null,
        req.query.limit,
      ),
  );

  r.post(
    '/issues/:id/messages',
    {
      schema: { tags, params: IssueParams, body: SendMessageRequestSchema, response: { 201: MessageSchema } },
      config: updateIssues,
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await service.sendAgentMessage(deps, authOf(req), req.scope as Scope, req.params.id, req.body)),
  );

  r.post(
    '/messages/:id/retry',
    { schema: { tags, params: IssueParams, response: { 200: MessageSchema } }, config: updateIssues },
    async (req) => service.retryMessage(deps, authOf(req), req.scope as Scope, req.params.id),
  );

  // Attachments are uploaded first (streamed, type and size checked while streaming), then sent by id.
  r.post(
    '/attachments',
    {
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: AttachmentSchema } },
      config: updateIssues,
    },
    async (req, reply) => {
      const file = await readUpload(req, FILE_MAX_BYTES);
      if (!isAllowedAttachment(file.mimetype)) {
        file.stream.resume();
        throw badRequest('file.type_not_allowed');
      }
      const stored = await deps.storage.put({
        organizationId: authOf(req).organizationId,
        filename: file.filename,
        mimeType: file.mimetype,
        stream: file.stream,
        maxBytes: maxAttachmentBytes(file.mimetype),
      });
      return reply.status(201).send({
        id: stored.id,
        url: `/files/${stored.id}`,
        filename: stored.filename,
        mimeType: stored.mimeType,
        size: stored.size,
      });
    },
  );
}
