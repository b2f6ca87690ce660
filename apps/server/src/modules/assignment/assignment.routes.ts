import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { auditedSubject } from '../../http/audited-subject';
import { authOf, scopeOf } from '../../http/access';
import * as service from './settings.service';

const map = routes.autoAssignment;

export async function assignmentRoutes(app: FastifyInstance, deps: Deps) {
  // The audit trail's before and after of a change (modules/audit).
  const subject = auditedSubject((p, req) =>
    service.getAutoAssignment(deps, authOf(req), scopeOf(req), p.teamId!),
  );
  route(app, map.list, async (req) => service.listAutoAssignment(deps, authOf(req), scopeOf(req), req.query));
  route(app, map.get, async (req) =>
    service.getAutoAssignment(deps, authOf(req), scopeOf(req), req.params.teamId),
  );
  route(
    app,
    map.update,
    async (req) => service.updateAutoAssignment(deps, authOf(req), scopeOf(req), req.params.teamId, req.body),
    subject,
  );
}
