import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { authOf, scopeOf } from '../../http/access';
import { route } from '../../http/route';
import { auditedSubject } from '../../http/audited-subject';
import * as service from './tags.service';

const map = routes.tags;

export async function tagRoutes(app: FastifyInstance, deps: Deps) {
  // The audit trail's before and after of a change (modules/audit).
  const subject = auditedSubject((p, req) => service.getTag(deps, authOf(req), p.id!));
  route(app, map.list, async (req) => service.listTags(deps, authOf(req), req.query));
  route(app, map.options, async (req) => service.tagOptions(deps, authOf(req), req.query.teamId));
  route(app, map.get, async (req) => service.getTag(deps, authOf(req), req.params.id));
  route(app, map.create, async (req, reply) =>
    reply.status(201).send(await service.createTag(deps, authOf(req), req.body)),
  );
  route(
    app,
    map.update,
    async (req) => service.updateTag(deps, authOf(req), req.params.id, req.body),
    subject,
  );
  route(
    app,
    map.delete,
    async (req, reply) => {
      await service.deleteTag(deps, authOf(req), req.params.id);
      return reply.status(204).send();
    },
    subject,
  );
  route(app, map.ofIssue, async (req) => service.issueTags(deps, authOf(req), scopeOf(req), req.params.id));
  route(app, map.setOfIssue, async (req) =>
    service.setIssueTags(deps, authOf(req), scopeOf(req), req.params.id, req.body.tagIds),
  );
}
