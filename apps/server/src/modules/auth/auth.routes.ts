import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { authOf } from '../../http/access';
import * as service from './auth.service';

const map = routes.auth;

export async function authRoutes(app: FastifyInstance, deps: Deps) {
  const limited = {
    config: { rateLimit: { max: deps.config.LOGIN_IP_LIMIT_PER_MINUTE, timeWindow: 60_000 } },
  };

  route(app, map.login, async (req) => service.login(deps, req.body, req.ip), limited);

  route(app, map.refreshToken, async (req) => service.refresh(deps, req.body.refreshToken));

  route(app, map.logout, async (req, reply) => {
    await service.logout(deps, req.body.refreshToken);
    return reply.status(204).send();
  });

  route(app, map.logoutDevice, async (req, reply) => {
    await service.unregisterDevice(deps, authOf(req), req.body.deviceToken);
    return reply.status(204).send();
  });

  route(
    app,
    map.forgotPassword,
    async (req, reply) => {
      await service.requestPasswordReset(deps, req.body.email, req.body.lang);
      return reply.status(204).send();
    },
    limited,
  );

  route(
    app,
    map.resetPassword,
    async (req, reply) => {
      await service.resetPassword(deps, req.body.token, req.body.password);
      return reply.status(204).send();
    },
    limited,
  );

  route(app, map.organizations, async (req) => service.listOrganizations(deps, authOf(req)));

  route(app, map.switchOrganization, async (req) =>
    service.switchOrganization(deps, authOf(req), req.params.id, req.body.refreshToken),
  );
}
