import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DeviceTokenSchema, PushPublicKeySchema, RegisterDeviceSchema } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import * as service from './web-push.service';

const tags = ['me'];
const signedIn = { access: { signedIn: true } } as const;

/** Web push: the VAPID public key for the browser's subscribe call, and registering the subscription. */
export async function webPushRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/web-push/public-key',
    { schema: { tags, response: { 200: PushPublicKeySchema } }, config: signedIn },
    async () => ({ publicKey: (await service.vapidKeys(deps)).publicKey }),
  );

  r.post(
    '/me/devices',
    { schema: { tags, body: RegisterDeviceSchema, response: { 201: DeviceTokenSchema } }, config: signedIn },
    async (req, reply) =>
      reply.status(201).send(await service.registerDevice(deps, authOf(req), req.body.subscription)),
  );
}
