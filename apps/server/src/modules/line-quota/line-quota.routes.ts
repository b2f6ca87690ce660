import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import { route } from '../../http/route';
import * as service from './line-quota.service';

export async function lineQuotaRoutes(app: FastifyInstance, deps: Deps) {
  route(app, routes.channels.lineQuota, async (req) =>
    service.getLineQuota(deps, authOf(req), req.params.id),
  );
}
