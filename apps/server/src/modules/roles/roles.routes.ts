import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { auditedSubject } from '../../http/audited-subject';
import { authOf } from '../../http/access';
import * as service from './roles.service';

const map = routes.roles;

export async function roleRoutes(app: FastifyInstance, deps: Deps) {
  // The audit trail's before and after of a change (modules/audit).
  const subject = auditedSubject((p, req) => service.getRole(deps, authOf(req), p.id!));
  route(app, map.list, async (req) => service.listRoles(deps, authOf(req)));
  route(app, map.get, async (req) => service.getRole(deps, authOf(req), req.params.id));
  // Adjusting the Manager and Staff matrices: an Admin's user management (scope all), never SuperAdmin/Admin.
  route(
    app,
    map.update,
    async (req) => service.updateRole(deps, authOf(req), req.params.id, req.body),
    subject,
  );
}
