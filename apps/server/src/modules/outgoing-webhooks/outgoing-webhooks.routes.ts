import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import { route } from '../../http/route';
import { auditedSubject } from '../../http/audited-subject';
import * as service from './outgoing-webhooks.service';

const map = routes.outgoingWebhooks;

export async function outgoingWebhookRoutes(app: FastifyInstance, deps: Deps) {
  // The audit trail's before and after of a change (modules/audit); the secret is never part of it.
  const subject = auditedSubject((p, req) => service.getEndpoint(deps, authOf(req), p.id!));
  route(app, map.list, async (req) => service.listEndpoints(deps, authOf(req)));
  route(app, map.get, async (req) => service.getEndpoint(deps, authOf(req), req.params.id));
  route(app, map.create, async (req, reply) =>
    reply.status(201).send(await service.createEndpoint(deps, authOf(req), req.body)),
  );
  route(
    app,
    map.update,
    async (req) => service.updateEndpoint(deps, authOf(req), req.params.id, req.body),
    subject,
  );
  route(
    app,
    map.delete,
    async (req, reply) => {
      await service.deleteEndpoint(deps, authOf(req), req.params.id);
      return reply.status(204).send();
    },
    subject,
  );
  route(app, map.rotateSecret, async (req) => service.rotateSecret(deps, authOf(req), req.params.id));
  route(app, map.deliveries, async (req) =>
    service.listDeliveries(deps, authOf(req), req.params.id, req.query),
  );
  route(app, map.resend, async (req, reply) =>
    reply
      .status(202)
      .send(await service.resendDelivery(deps, authOf(req), req.params.id, req.params.deliveryId)),
  );
}
