import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import { route } from '../../http/route';
import { auditedSubject } from '../../http/audited-subject';
import * as service from './ai.service';

const map = routes.ai;

export async function aiRoutes(app: FastifyInstance, deps: Deps) {
  // The audit trail's before and after (modules/audit): the key as a fingerprint, masked in the trail.
  const subject = auditedSubject((_p, req) => service.auditedSettings(deps, authOf(req)));
  route(app, map.getSettings, async (req) => service.getSettings(deps, authOf(req)));
  route(app, map.updateSettings, async (req) => service.saveSettings(deps, authOf(req), req.body), subject);
  route(app, map.testConnection, async (req) => service.testConnection(deps, authOf(req), req.body));
  route(app, map.usage, async (req) => service.getUsage(deps, authOf(req)));
  route(app, map.requests, async (req) => service.listRequests(deps, authOf(req), req.query));
}
