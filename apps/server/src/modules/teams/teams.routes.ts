import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TeamSummaryListSchema } from '@sabai/contracts';
import type { Scope } from '@sabai/domain';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import * as repo from './teams.repo';

const tags = ['teams'];

export async function teamRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/teams',
    {
      schema: { tags, response: { 200: TeamSummaryListSchema } },
      config: { access: { resource: 'team', action: 'view' } },
    },
    async (req) =>
      repo.listTeams(deps.db.orm, authOf(req).organizationId, authOf(req).userId, req.scope as Scope),
  );
}
