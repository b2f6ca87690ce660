import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LineLinkSchema } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import * as service from './staff-alerts.service';

const tags = ['me'];
const signedIn = { access: { signedIn: true } } as const;

/** The caller's own LINE link (profile, notification settings). */
export async function staffAlertRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/me/line-link',
    { schema: { tags, response: { 201: LineLinkSchema } }, config: signedIn },
    async (req, reply) => reply.status(201).send(await service.startLineLink(deps, authOf(req))),
  );

  r.delete('/me/line-link', { schema: { tags }, config: signedIn }, async (req, reply) => {
    await service.unlinkLine(deps, authOf(req));
    return reply.status(204).send();
  });
}
