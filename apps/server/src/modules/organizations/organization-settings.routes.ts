import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import { route } from '../../http/route';
import { auditedSubject } from '../../http/audited-subject';
import * as service from './organization-settings';

const map = routes.organizationSettings;

export async function organizationSettingRoutes(app: FastifyInstance, deps: Deps) {
  // The audit trail's before and after of a change (modules/audit).
  const subject = auditedSubject((_p, req) => service.getOrganizationSettings(deps, authOf(req)));
  route(app, map.get, async (req) => service.getOrganizationSettings(deps, authOf(req)));
  route(
    app,
    map.update,
    async (req) => service.updateOrganizationSettings(deps, authOf(req), req.body),
    subject,
  );
}
