import type { FastifyInstance } from 'fastify';
import { KB_IMPORT_MAX_BYTES, routes } from '@sabai/contracts';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import { tooLarge } from '../../http/errors';
import { route } from '../../http/route';
import { readUpload } from '../../http/upload';
import { auditedSubject } from '../../http/audited-subject';
import * as service from './knowledge-base.service';

const map = routes.knowledgeBase;

/** The uploaded CSV file's bytes, refused past the import's limit. */
async function readImportFile(req: FastifyRequest): Promise<Buffer> {
  const file = await readUpload(req, KB_IMPORT_MAX_BYTES);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > KB_IMPORT_MAX_BYTES) throw tooLarge('file.too_large', 'The file is larger than 2 MiB.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export async function knowledgeBaseRoutes(app: FastifyInstance, deps: Deps) {
  // The audit trail's before and after of a change (modules/audit).
  const subject = auditedSubject((p, req) => service.getArticle(deps, authOf(req), Number(p.id)));
  route(app, map.list, async (req) => service.listArticles(deps, authOf(req), req.query));
  route(app, map.get, async (req) => service.getArticle(deps, authOf(req), req.params.id));
  route(app, map.create, async (req, reply) =>
    reply.status(201).send(await service.createArticle(deps, authOf(req), req.body)),
  );
  route(
    app,
    map.update,
    async (req) => service.updateArticle(deps, authOf(req), req.params.id, req.body),
    subject,
  );
  route(
    app,
    map.delete,
    async (req, reply) => {
      await service.deleteArticle(deps, authOf(req), req.params.id);
      return reply.status(204).send();
    },
    subject,
  );
  route(app, map.previewImport, async (req) =>
    service.importArticles(deps, authOf(req), await readImportFile(req), true),
  );
  route(app, map.import, async (req) =>
    service.importArticles(deps, authOf(req), await readImportFile(req), false),
  );
  route(app, map.search, async (req) => service.searchPublished(deps, authOf(req), req.query));
}
