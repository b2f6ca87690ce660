import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { authOf, scopeOf } from '../../http/access';
import { sendDownload } from '../../http/download';
import { route } from '../../http/route';
import { auditedSubject } from '../../http/audited-subject';
import { presentMessage } from '../messages';
import * as service from './comments.service';

const map = routes.comments;

export async function commentRoutes(app: FastifyInstance, deps: Deps) {
  // The audit trail's before and after of a change (modules/audit).
  const subject = auditedSubject((p, req) => service.listRules(deps, authOf(req), p.id!));
  route(app, map.act, async (req) => {
    const id = await service.actOnComment(deps, authOf(req), scopeOf(req), req.params.id, req.body.action);
    return presentMessage(deps, id);
  });
  route(app, map.privateReply, async (req, reply) => {
    const id = await service.queuePrivateReply(deps, authOf(req), scopeOf(req), req.params.id, req.body.text);
    return reply.status(202).send(await presentMessage(deps, id));
  });
  route(app, map.getPost, async (req) => service.getPost(deps, authOf(req), req.params.id));
  route(app, map.updatePost, async (req) => service.updatePost(deps, authOf(req), req.params.id, req.body));
  route(app, map.orders, async (req) => service.listOrders(deps, authOf(req), req.params.id));
  route(app, map.exportOrders, async (req, reply) => {
    const file = await service.exportOrders(deps, authOf(req), req.params.id, req.query);
    return sendDownload(reply, { format: req.query.format, ...file });
  });
  route(app, map.rules, async (req) => service.listRules(deps, authOf(req), req.params.id));
  route(
    app,
    map.saveRules,
    async (req) => service.saveRules(deps, authOf(req), req.params.id, req.body),
    subject,
  );
}
