import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { auditedSubject } from '../../http/audited-subject';
import { authOf, scopeOf } from '../../http/access';
import * as service from './teams.service';

const map = routes.teams;

export async function teamRoutes(app: FastifyInstance, deps: Deps) {
  // The audit trail's before and after of a change (modules/audit).
  const subject = auditedSubject((p, req) => service.getTeam(deps, authOf(req), scopeOf(req), p.id!));
  route(app, map.list, async (req) => service.listTeams(deps, authOf(req), scopeOf(req), req.query));
  route(app, map.options, async (req) => service.teamOptions(deps, authOf(req), scopeOf(req)));
  // The manager and member pickers of the team form: whoever may edit a team may pick the organisation's users.
  route(app, map.memberOptions, async (req) => service.memberOptions(deps, authOf(req), req.query.search));
  route(app, map.get, async (req) => service.getTeam(deps, authOf(req), scopeOf(req), req.params.id));
  route(app, map.create, async (req, reply) =>
    reply.status(201).send(await service.createTeam(deps, authOf(req), req.body)),
  );
  route(
    app,
    map.update,
    async (req) => service.updateTeam(deps, authOf(req), scopeOf(req), req.params.id, req.body),
    subject,
  );
  route(
    app,
    map.removeMember,
    async (req, reply) => {
      await service.removeMember(deps, authOf(req), scopeOf(req), req.params.id, req.params.userId);
      return reply.status(204).send();
    },
    subject,
  );
  route(
    app,
    map.delete,
    async (req, reply) => {
      await service.deleteTeam(deps, authOf(req), scopeOf(req), req.params.id);
      return reply.status(204).send();
    },
    subject,
  );
}
