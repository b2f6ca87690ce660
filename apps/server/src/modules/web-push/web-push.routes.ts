import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { authOf } from '../../http/access';
import * as service from './web-push.service';

/** Web push: the VAPID public key for the browser's subscribe call, and registering the subscription. */
const map = routes.webPush;

export async function webPushRoutes(app: FastifyInstance, deps: Deps) {
  route(app, map.publicKey, async () => ({ publicKey: (await service.vapidKeys(deps)).publicKey }));

  route(app, map.registerDevice, async (req, reply) =>
    reply.status(201).send(await service.registerDevice(deps, authOf(req), req.body.subscription)),
  );
}
