import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { authOf, scopeOf } from '../../http/access';
import * as service from './issues.service';

const map = routes.issues;

export async function issueRoutes(app: FastifyInstance, deps: Deps) {
  route(app, map.list, async (req) => service.listIssues(deps, authOf(req), scopeOf(req), req.query));
  route(app, map.statusCounts, async (req) =>
    service.statusCounts(deps, authOf(req), scopeOf(req), req.query),
  );
  route(app, map.filterOptions, async (req) => service.filterOptions(deps, authOf(req)));
  route(app, map.assignableTeams, async (req) => service.assignableTeams(deps, authOf(req)));
  route(app, map.get, async (req) => service.issueDetail(deps, authOf(req), scopeOf(req), req.params.id));
  route(app, map.activity, async (req) =>
    service.issueActivity(deps, authOf(req), scopeOf(req), req.params.id),
  );
  route(app, map.chatMembers, async (req) =>
    service.chatMembers(deps, authOf(req), scopeOf(req), req.params.id),
  );
  route(app, map.history, async (req) =>
    service.issueHistory(deps, authOf(req), scopeOf(req), req.params.id),
  );
  route(app, map.update, async (req) =>
    service.updateIssue(deps, authOf(req), scopeOf(req), req.params.id, req.body),
  );
  route(app, map.assign, async (req) =>
    service.assignIssue(deps, authOf(req), scopeOf(req), req.params.id, req.body),
  );
  route(app, map.take, async (req) => service.takeIssue(deps, authOf(req), req.params.id));
  route(app, map.takeNext, async (req) => service.takeNextIssue(deps, authOf(req)));
  route(app, map.transfer, async (req, reply) =>
    reply
      .status(201)
      .send(await service.transferIssue(deps, authOf(req), scopeOf(req), req.params.id, req.body)),
  );
  route(app, map.requestClose, async (req) =>
    service.requestClose(deps, authOf(req), scopeOf(req), req.params.id),
  );
  route(app, map.markRead, async (req, reply) => {
    await service.markRead(deps, authOf(req), scopeOf(req), req.params.id);
    return reply.status(204).send();
  });
  route(app, map.mute, async (req, reply) => {
    await service.setMuted(deps, authOf(req), scopeOf(req), req.params.id, true);
    return reply.status(204).send();
  });
  route(app, map.unmute, async (req, reply) => {
    await service.setMuted(deps, authOf(req), scopeOf(req), req.params.id, false);
    return reply.status(204).send();
  });
}
