import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { auditedSubject } from '../../http/audited-subject';
import { authOf, scopeOf } from '../../http/access';
import * as service from './canned-responses.service';

const map = routes.cannedResponses;

export async function cannedResponseRoutes(app: FastifyInstance, deps: Deps) {
  // The audit trail's before and after of a change (modules/audit).
  const subject = auditedSubject((p, req) => service.getResponse(deps, authOf(req), scopeOf(req), p.id!));
  route(app, map.categories, async (req) =>
    service.listCategories(deps, authOf(req), scopeOf(req), req.query),
  );
  route(app, map.createCategory, async (req, reply) =>
    reply.status(201).send(await service.createCategory(deps, authOf(req), scopeOf(req), req.body)),
  );
  route(app, map.updateCategory, async (req) =>
    service.updateCategory(deps, authOf(req), scopeOf(req), req.params.id, req.body),
  );
  route(app, map.deleteCategory, async (req, reply) => {
    await service.deleteCategory(deps, authOf(req), scopeOf(req), req.params.id);
    return reply.status(204).send();
  });

  route(app, map.list, async (req) => service.listResponses(deps, authOf(req), scopeOf(req), req.query));
  route(app, map.get, async (req) => service.getResponse(deps, authOf(req), scopeOf(req), req.params.id));
  route(app, map.create, async (req, reply) =>
    reply.status(201).send(await service.createResponse(deps, authOf(req), scopeOf(req), req.body)),
  );
  route(
    app,
    map.update,
    async (req) => service.updateResponse(deps, authOf(req), scopeOf(req), req.params.id, req.body),
    subject,
  );
  route(
    app,
    map.delete,
    async (req, reply) => {
      await service.deleteResponse(deps, authOf(req), scopeOf(req), req.params.id);
      return reply.status(204).send();
    },
    subject,
  );
}
