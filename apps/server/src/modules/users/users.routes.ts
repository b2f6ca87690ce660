import type { FastifyInstance } from 'fastify';
import { IMAGE_MAX_BYTES } from '@sabai/domain';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { auditedSubject } from '../../http/audited-subject';
import { authOf } from '../../http/access';
import { readUpload } from '../../http/upload';
import * as service from './users.service';

const map = routes.users;

export async function userRoutes(app: FastifyInstance, deps: Deps) {
  // The audit trail's before and after of a change (modules/audit).
  const subject = auditedSubject((p, req) => service.getUser(deps, authOf(req), p.id!));
  route(app, map.list, async (req) => service.listUsers(deps, authOf(req), req.query));
  route(app, map.get, async (req) => service.getUser(deps, authOf(req), req.params.id));
  route(app, map.create, async (req, reply) =>
    reply.status(201).send(await service.inviteUser(deps, authOf(req), req.body)),
  );
  route(app, map.resendInvitation, async (req, reply) => {
    await service.resendInvitation(deps, authOf(req), req.params.id, req.body?.lang ?? 'en');
    return reply.status(204).send();
  });
  route(
    app,
    map.update,
    async (req) => service.updateUser(deps, authOf(req), req.params.id, req.body),
    subject,
  );
  route(
    app,
    map.updateImage,
    async (req) => {
      const file = await readUpload(req, IMAGE_MAX_BYTES);
      return service.updateUserImage(deps, authOf(req), req.params.id, file);
    },
    subject,
  );
  route(
    app,
    map.deactivate,
    async (req) => service.setActive(deps, authOf(req), req.params.id, false),
    subject,
  );
  route(app, map.activate, async (req) => service.setActive(deps, authOf(req), req.params.id, true), subject);
  route(app, map.openIssues, async (req) => service.openIssuesSummary(deps, authOf(req), req.params.id));
  route(
    app,
    map.handOver,
    async (req) => service.handOver(deps, authOf(req), req.params.id, req.body),
    subject,
  );
  route(
    app,
    map.delete,
    async (req, reply) => {
      await service.deleteUser(deps, authOf(req), req.params.id);
      return reply.status(204).send();
    },
    subject,
  );
}
