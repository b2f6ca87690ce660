import type { FastifyInstance } from 'fastify';
import { FILE_MAX_BYTES, isAllowedAttachment, maxAttachmentBytes } from '@sabai/domain';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { authOf, scopeOf } from '../../http/access';
import { badRequest } from '../../http/errors';
import { readUpload } from '../../http/upload';
import * as service from './messages.service';
import { stickerCatalogue } from './stickers';

const map = routes.messages;

export async function messageRoutes(app: FastifyInstance, deps: Deps) {
  route(app, map.list, async (req) =>
    service.listIssueMessages(deps, authOf(req), scopeOf(req), req.params.id, {
      before: req.query.before ?? null,
      limit: req.query.limit,
      read: req.query.read ?? false,
    }),
  );

  route(app, map.send, async (req, reply) =>
    reply
      .status(201)
      .send(await service.sendAgentMessage(deps, authOf(req), scopeOf(req), req.params.id, req.body)),
  );

  route(app, map.retry, async (req) => service.retryMessage(deps, authOf(req), scopeOf(req), req.params.id));

  route(app, map.stickers, async (req) => stickerCatalogue(deps, authOf(req)));

  // Attachments are uploaded first (streamed, type and size checked while streaming), then sent by id.
  route(app, map.uploadAttachment, async (req, reply) => {
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
      url: deps.fileLinks.appPath(stored.id),
      filename: stored.filename,
      mimeType: stored.mimeType,
      size: stored.size,
    });
  });
}
