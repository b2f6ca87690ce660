import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  NotificationCountSchema,
  NotificationIdParamsSchema,
  NotificationListQuerySchema,
  NotificationPageSchema,
} from '@sabai/contracts';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import * as service from './notifications.service';

const tags = ['notifications'];
// Every signed-in user has their own notifications (spec §2: the bell is in every header); the repo keys
// every query by the caller's organisation and user.
const signedIn = { access: { signedIn: true } } as const;

/** Spec §7's /web-notification calls, under their spec paths. */
export async function notificationRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/web-notification',
    {
      schema: { tags, querystring: NotificationListQuerySchema, response: { 200: NotificationPageSchema } },
      config: signedIn,
    },
    async (req) => service.listNotifications(deps, authOf(req), req.query),
  );
  r.get(
    '/web-notification/count',
    { schema: { tags, response: { 200: NotificationCountSchema } }, config: signedIn },
    async (req) => service.countNotifications(deps, authOf(req)),
  );
  r.post(
    '/web-notification/read/:id',
    { schema: { tags, params: NotificationIdParamsSchema }, config: signedIn },
    async (req, reply) => {
      await service.markNotificationRead(deps, authOf(req), req.params.id);
      return reply.status(204).send();
    },
  );
  r.post('/web-notification/clear-count', { schema: { tags }, config: signedIn }, async (req, reply) => {
    await service.clearNotificationCount(deps, authOf(req));
    return reply.status(204).send();
  });
  r.delete('/web-notification', { schema: { tags }, config: signedIn }, async (req, reply) => {
    await service.clearAllNotifications(deps, authOf(req));
    return reply.status(204).send();
  });
}
