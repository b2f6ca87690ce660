import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssignIssueSchema,
  AssignableTeamsSchema,
  IssueDetailSchema,
  IssueFilterOptionsSchema,
  IssueFilterSchema,
  IssueHistorySchema,
  IssueListQuerySchema,
  IssuePageSchema,
  StatusCountsSchema,
  TransferIssueSchema,
  UpdateIssueSchema,
} from '@sabai/contracts';
import type { Scope } from '@sabai/domain';
import type { Deps } from '../../deps';
import { authOf, type Access } from '../../http/access';
import * as service from './issues.service';

const tags = ['issues'];
const Params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const view: { access: Access } = { access: { resource: 'issue', action: 'view' } };
const update: { access: Access } = { access: { resource: 'issue', action: 'update' } };
// Giving an issue to someone is a lead's job: staff (scope myIssue) only work on their own issues.
const assign: { access: Access } = {
  access: { resource: 'issue', action: 'update', scopes: ['all', 'myTeam'] },
};

export async function issueRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/issues',
    { schema: { tags, querystring: IssueListQuerySchema, response: { 200: IssuePageSchema } }, config: view },
    async (req) => service.listIssues(deps, authOf(req), req.scope as Scope, req.query),
  );
  r.get(
    '/issues/status-counts',
    { schema: { tags, querystring: IssueFilterSchema, response: { 200: StatusCountsSchema } }, config: view },
    async (req) => service.statusCounts(deps, authOf(req), req.scope as Scope, req.query),
  );
  r.get(
    '/issues/filter-options',
    { schema: { tags, response: { 200: IssueFilterOptionsSchema } }, config: view },
    async (req) => service.filterOptions(deps, authOf(req)),
  );
  r.get(
    '/issues/assignable-teams',
    { schema: { tags, response: { 200: AssignableTeamsSchema } }, config: update },
    async (req) => service.assignableTeams(deps, authOf(req)),
  );
  r.get(
    '/issues/:id',
    { schema: { tags, params: Params, response: { 200: IssueDetailSchema } }, config: view },
    async (req) => service.issueDetail(deps, authOf(req), req.scope as Scope, req.params.id),
  );
  r.get(
    '/issues/:id/history',
    { schema: { tags, params: Params, response: { 200: IssueHistorySchema } }, config: view },
    async (req) => service.issueHistory(deps, authOf(req), req.scope as Scope, req.params.id),
  );
  r.patch(
    '/issues/:id',
    {
      schema: { tags, params: Params, body: UpdateIssueSchema, response: { 200: IssueDetailSchema } },
      config: update,
    },
    async (req) => service.updateIssue(deps, authOf(req), req.scope as Scope, req.params.id, req.body),
  );
  r.put(
    '/issues/:id/assignee',
    {
      schema: { tags, params: Params, body: AssignIssueSchema, response: { 200: IssueDetailSchema } },
      config: assign,
    },
    async (req) => service.assignIssue(deps, authOf(req), req.scope as Scope, req.params.id, req.body),
  );
  r.post(
    '/issues/:id/transfer',
    {
      schema: { tags, params: Params, body: TransferIssueSchema, response: { 201: IssueDetailSchema } },
      config: update,
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await service.transferIssue(deps, authOf(req), req.scope as Scope, req.params.id, req.body)),
  );
  r.post(
    '/issues/:id/request-close',
    { schema: { tags, params: Params, response: { 200: IssueDetailSchema } }, config: update },
    async (req) => service.requestClose(deps, authOf(req), req.scope as Scope, req.params.id),
  );
  r.post('/issues/:id/read', { schema: { tags, params: Params }, config: view }, async (req, reply) => {
    await service.markRead(deps, authOf(req), req.scope as Scope, req.params.id);
    return reply.status(204).send();
  });
}
