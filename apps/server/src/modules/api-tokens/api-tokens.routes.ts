import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import { route } from '../../http/route';
import { auditedSubject } from '../../http/audited-subject';
import * as service from './api-tokens.service';

const map = routes.apiTokens;

export async function apiTokenRoutes(app: FastifyInstance, deps: Deps) {
  route(app, map.list, async (req) => service.listTokens(deps, authOf(req)));
  // A creation's entry holds the answer, whose `secret` the audit trail masks (audit.changes.ts).
  route(app, map.create, async (req, reply) =>
    reply.status(201).send(await service.createToken(deps, authOf(req), req.body)),
  );
  route(
    app,
    map.revoke,
    async (req) => service.revokeToken(deps, authOf(req), req.params.id),
    auditedSubject((p, req) => service.getToken(deps, authOf(req), p.id!)),
  );
}
