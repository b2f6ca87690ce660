import type { FastifyInstance } from 'fastify';
import { IMAGE_MAX_BYTES } from '@sabai/domain';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { authOf } from '../../http/access';
import { readUpload } from '../../http/upload';
import { changePassword } from '../auth';
import * as service from './me.service';

const map = routes.me;

export async function meRoutes(app: FastifyInstance, deps: Deps) {
  route(app, map.get, async (req) => service.getMe(deps, authOf(req)));

  route(app, map.update, async (req) => service.updateMe(deps, authOf(req), req.body));

  route(app, map.updateAvatar, async (req) => {
    const file = await readUpload(req, IMAGE_MAX_BYTES);
    return service.updateAvatar(deps, authOf(req), file);
  });

  route(app, map.changePassword, async (req, reply) => {
    await changePassword(deps, authOf(req), req.body.currentPassword, req.body.newPassword);
    return reply.status(204).send();
  });

  route(app, map.notificationSettings, async (req) => service.getNotificationSettings(deps, authOf(req)));

  route(app, map.updateNotificationSettings, async (req) =>
    service.updateNotificationSettings(deps, authOf(req), req.body),
  );
}
