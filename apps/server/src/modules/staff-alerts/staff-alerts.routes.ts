import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { authOf } from '../../http/access';
import * as service from './staff-alerts.service';

/** The caller's own LINE link (profile, notification settings). */
const map = routes.staffAlerts;

export async function staffAlertRoutes(app: FastifyInstance, deps: Deps) {
  route(app, map.createLineLink, async (req, reply) =>
    reply.status(201).send(await service.startLineLink(deps, authOf(req))),
  );

  route(app, map.deleteLineLink, async (req, reply) => {
    await service.unlinkLine(deps, authOf(req));
    return reply.status(204).send();
  });
}
