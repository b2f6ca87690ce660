import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AvailabilitySchema,
  RequestTimeOffSchema,
  SetAvailabilitySchema,
  TimeOffListQuerySchema,
  TimeOffPageSchema,
  TimeOffRequestSchema,
} from '@sabai/contracts';
import type { Scope } from '@sabai/domain';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import * as service from './time-off.service';

const tags = ['availability'];
const signedIn = { access: { signedIn: true } } as const;
// Deciding leave is managing a team: scope all, or myTeam for the manager of the requester's team.
const can = (action: 'view' | 'update') =>
  ({ access: { resource: 'team', action, scopes: ['all', 'myTeam'] } }) as const;
const Id = z.object({ id: z.uuid() });

export async function timeOffRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/me/availability',
    { schema: { tags, response: { 200: AvailabilitySchema } }, config: signedIn },
    async (req) => service.getAvailability(deps, authOf(req)),
  );
  r.put(
    '/me/availability',
    {
      schema: { tags, body: SetAvailabilitySchema, response: { 200: AvailabilitySchema } },
      config: signedIn,
    },
    async (req) => service.setAvailability(deps, authOf(req), req.body.availability),
  );
  r.post(
    '/me/time-off',
    {
      schema: { tags, body: RequestTimeOffSchema, response: { 201: TimeOffRequestSchema } },
      config: signedIn,
    },
    async (req, reply) => reply.status(201).send(await service.requestTimeOff(deps, authOf(req), req.body)),
  );
  r.get(
    '/me/time-off',
    {
      schema: { tags, querystring: TimeOffListQuerySchema, response: { 200: TimeOffPageSchema } },
      config: signedIn,
    },
    async (req) => service.listMyTimeOff(deps, authOf(req), req.query),
  );
  r.delete('/me/time-off/:id', { schema: { tags, params: Id }, config: signedIn }, async (req, reply) => {
    await service.withdrawTimeOff(deps, authOf(req), req.params.id);
    return reply.status(204).send();
  });

  r.get(
    '/time-off-requests',
    {
      schema: { tags, querystring: TimeOffListQuerySchema, response: { 200: TimeOffPageSchema } },
      config: can('view'),
    },
    async (req) => service.listTimeOff(deps, authOf(req), req.scope as Scope, req.query),
  );
  for (const [path, decision] of [
    ['approve', 'approved'],
    ['decline', 'declined'],
  ] as const) {
    r.post(
      `/time-off-requests/:id/${path}`,
      { schema: { tags, params: Id, response: { 200: TimeOffRequestSchema } }, config: can('update') },
      async (req) => service.decideTimeOff(deps, authOf(req), req.scope as Scope, req.params.id, decision),
    );
  }
}
