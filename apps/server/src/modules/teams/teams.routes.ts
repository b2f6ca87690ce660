import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MemberOptionListSchema,
  SaveTeamSchema,
  TeamListQuerySchema,
  TeamPageSchema,
  TeamSchema,
  TeamSummaryListSchema,
} from '@sabai/contracts';
import type { Scope } from '@sabai/domain';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import * as service from './teams.service';

const tags = ['teams'];
// Spec §6 resource `team`: scope all for every team, myTeam for the teams the caller manages or belongs to.
const can = (action: 'view' | 'create' | 'update' | 'delete') =>
  ({ access: { resource: 'team', action, scopes: ['all', 'myTeam'] } }) as const;
const Id = z.object({ id: z.uuid() });

export async function teamRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/teams',
    {
      schema: { tags, querystring: TeamListQuerySchema, response: { 200: TeamPageSchema } },
      config: can('view'),
    },
    async (req) => service.listTeams(deps, authOf(req), req.scope as Scope, req.query),
  );
  r.get(
    '/teams/options',
    { schema: { tags, response: { 200: TeamSummaryListSchema } }, config: can('view') },
    async (req) => service.teamOptions(deps, authOf(req), req.scope as Scope),
  );
  // The manager and member pickers of the team form: whoever may edit a team may pick the organisation's users.
  r.get(
    '/teams/member-options',
    {
      schema: {
        tags,
        querystring: z.object({ search: z.string().trim().max(100).optional() }),
        response: { 200: MemberOptionListSchema },
      },
      config: can('update'),
    },
    async (req) => service.memberOptions(deps, authOf(req), req.query.search),
  );
  r.get(
    '/teams/:id',
    { schema: { tags, params: Id, response: { 200: TeamSchema } }, config: can('view') },
    async (req) => service.getTeam(deps, authOf(req), req.scope as Scope, req.params.id),
  );
  r.post(
    '/teams',
    // Creating a team is for scope all: myTeam has no team to be scoped to yet.
    {
      schema: { tags, body: SaveTeamSchema, response: { 201: TeamSchema } },
      config: { access: { resource: 'team', action: 'create', scopes: ['all'] } },
    },
    async (req, reply) => reply.status(201).send(await service.createTeam(deps, authOf(req), req.body)),
  );
  r.put(
    '/teams/:id',
    {
      schema: { tags, params: Id, body: SaveTeamSchema, response: { 200: TeamSchema } },
      config: can('update'),
    },
    async (req) => service.updateTeam(deps, authOf(req), req.scope as Scope, req.params.id, req.body),
  );
  r.delete(
    '/teams/:id/members/:userId',
    { schema: { tags, params: z.object({ id: z.uuid(), userId: z.uuid() }) }, config: can('update') },
    async (req, reply) => {
      await service.removeMember(deps, authOf(req), req.scope as Scope, req.params.id, req.params.userId);
      return reply.status(204).send();
    },
  );
  r.delete('/teams/:id', { schema: { tags, params: Id }, config: can('delete') }, async (req, reply) => {
    await service.deleteTeam(deps, authOf(req), req.scope as Scope, req.params.id);
    return reply.status(204).send();
  });
}
