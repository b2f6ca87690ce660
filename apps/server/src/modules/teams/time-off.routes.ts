import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { authOf, scopeOf } from '../../http/access';
import * as service from './time-off.service';

const map = routes.timeOff;

export async function timeOffRoutes(app: FastifyInstance, deps: Deps) {
  route(app, map.getAvailability, async (req) => service.getAvailability(deps, authOf(req)));
  route(app, map.setAvailability, async (req) =>
    service.setAvailability(deps, authOf(req), req.body.availability),
  );
  route(app, map.request, async (req, reply) =>
    reply.status(201).send(await service.requestTimeOff(deps, authOf(req), req.body)),
  );
  route(app, map.mine, async (req) => service.listMyTimeOff(deps, authOf(req), req.query));
  route(app, map.withdraw, async (req, reply) => {
    await service.withdrawTimeOff(deps, authOf(req), req.params.id);
    return reply.status(204).send();
  });

  route(app, map.list, async (req) => service.listTimeOff(deps, authOf(req), scopeOf(req), req.query));
  for (const [def, decision] of [
    [map.approve, 'approved'],
    [map.decline, 'declined'],
  ] as const) {
    route(app, def, async (req) =>
      service.decideTimeOff(deps, authOf(req), scopeOf(req), req.params.id, decision),
    );
  }
}
