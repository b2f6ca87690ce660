import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import { route } from '../../http/route';
import { auditedSubject } from '../../http/audited-subject';
import * as policies from './sla.policies';

const map = routes.sla;

export async function slaRoutes(app: FastifyInstance, deps: Deps) {
  // The audit trail's before and after of a change (modules/audit).
  const subject = auditedSubject((p, req) => policies.getPolicy(deps, authOf(req), p.id!));
  route(app, map.list, async (req) => policies.listPolicies(deps, authOf(req)));
  route(app, map.create, async (req, reply) =>
    reply.status(201).send(await policies.createPolicy(deps, authOf(req), req.body)),
  );
  route(
    app,
    map.update,
    async (req) => policies.updatePolicy(deps, authOf(req), req.params.id, req.body),
    subject,
  );
  route(
    app,
    map.delete,
    async (req, reply) => {
      await policies.deletePolicy(deps, authOf(req), req.params.id);
      return reply.status(204).send();
    },
    subject,
  );
}
