import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { auditedSubject } from '../../http/audited-subject';
import { authOf } from '../../http/access';
import * as service from './channels.service';

const map = routes.channels;

export async function channelRoutes(app: FastifyInstance, deps: Deps) {
  // The audit trail's before and after of a change (modules/audit).
  const subject = auditedSubject((p, req) => service.getChannel(deps, authOf(req), p.id!));
  route(app, map.list, async (req) => service.listChannels(deps, authOf(req)));
  route(app, map.get, async (req) => service.getChannel(deps, authOf(req), req.params.id));
  route(app, map.create, async (req, reply) =>
    reply.status(201).send(await service.createChannel(deps, authOf(req), req.body)),
  );
  route(
    app,
    map.update,
    async (req) => service.updateChannel(deps, authOf(req), req.params.id, req.body),
    subject,
  );
  route(
    app,
    map.delete,
    async (req, reply) => {
      await service.deleteChannel(deps, authOf(req), req.params.id);
      return reply.status(204).send();
    },
    subject,
  );

  route(app, map.metaLoginUrl, async (req) => service.metaLoginUrl(deps, authOf(req)));
  // The browser arrives here from Facebook's redirect, without a bearer token: the signed state proves who.
  // Whatever Facebook answers (a code, a cancel, anything unexpected), the browser goes back to the channel
  // settings screen, which tells the admin what happened in their language.
  route(app, map.metaCallback, async (req, reply) =>
    reply.redirect(await service.completeMetaLogin(deps, req.query)),
  );
  route(app, map.metaConnections, async (req) => service.getMetaConnection(deps, authOf(req), req.params.id));
}
