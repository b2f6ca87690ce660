import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { StatusCountsSchema } from '@sabai/contracts';
import { ISSUE_STATUSES, type Scope } from '@sabai/domain';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import * as repo from './issues.repo';

const tags = ['issues'];

export async function issueRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/issues/status-counts',
    {
      schema: { tags, response: { 200: StatusCountsSchema } },
      config: { access: { resource: 'issue', action: 'view' } },
    },
    async (req) => {
      const auth = authOf(req);
      const rows = await repo.countByStatus(
        deps.db.orm,
        auth.organizationId,
        auth.userId,
        req.scope as Scope,
      );
      const counts = Object.fromEntries(
        ISSUE_STATUSES.map((s) => [s, rows.find((r) => r.status === s)?.count ?? 0]),
      );
      return { counts, total: rows.reduce((sum, row) => sum + row.count, 0) } as {
        counts: Record<(typeof ISSUE_STATUSES)[number], number>;
        total: number;
      };
    },
  );
}
