import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { authOf } from '../../http/access';
import * as service from './notifications.service';

/** The /web-notification calls, under their published paths. */
const map = routes.notifications;

export async function notificationRoutes(app: FastifyInstance, deps: Deps) {
  route(app, map.list, async (req) => service.listNotifications(deps, authOf(req), req.query));
  route(app, map.count, async (req) => service.countNotifications(deps, authOf(req)));
  route(app, map.markRead, async (req, reply) => {
    await service.markNotificationRead(deps, authOf(req), req.params.id);
    return reply.status(204).send();
  });
  route(app, map.clearCount, async (req, reply) => {
    await service.clearNotificationCount(deps, authOf(req));
    return reply.status(204).send();
  });
  route(app, map.clear, async (req, reply) => {
    await service.clearAllNotifications(deps, authOf(req));
    return reply.status(204).send();
  });
}
