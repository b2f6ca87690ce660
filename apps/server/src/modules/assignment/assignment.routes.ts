import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AutoAssignmentListQuerySchema,
  AutoAssignmentPageSchema,
  AutoAssignmentSchema,
  UpdateAutoAssignmentSchema,
} from '@sabai/contracts';
import type { Scope } from '@sabai/domain';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import * as service from './settings.service';

const tags = ['auto-assignment'];
// Spec §2: /setting/auto-assignment needs scope all or myTeam.
const can = (action: 'view' | 'update') =>
  ({ access: { resource: 'auto_assignment', action, scopes: ['all', 'myTeam'] } }) as const;
const TeamParams = z.object({ teamId: z.uuid() });

export async function assignmentRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/auto-assignment',
    {
      schema: {
        tags,
        querystring: AutoAssignmentListQuerySchema,
        response: { 200: AutoAssignmentPageSchema },
      },
      config: can('view'),
    },
    async (req) => service.listAutoAssignment(deps, authOf(req), req.scope as Scope, req.query),
  );
  r.get(
    '/auto-assignment/:teamId',
    { schema: { tags, params: TeamParams, response: { 200: AutoAssignmentSchema } }, config: can('view') },
    async (req) => service.getAutoAssignment(deps, authOf(req), req.scope as Scope, req.params.teamId),
  );
  r.put(
    '/auto-assignment/:teamId',
    {
      schema: {
        tags,
        params: TeamParams,
        body: UpdateAutoAssignmentSchema,
        response: { 200: AutoAssignmentSchema },
      },
      config: can('update'),
    },
    async (req) =>
      service.updateAutoAssignment(deps, authOf(req), req.scope as Scope, req.params.teamId, req.body),
  );
}
