import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ChangePasswordRequestSchema,
  MeSchema,
  NotificationSettingsSchema,
  UpdateNotificationSettingsSchema,
  UpdateProfileRequestSchema,
} from '@sabai/contracts';
import { IMAGE_MAX_BYTES } from '@sabai/domain';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import { readUpload } from '../../http/upload';
import { changePassword } from '../auth';
import * as service from './me.service';

const tags = ['me'];
const signedIn = { access: { signedIn: true } } as const;

export async function meRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/me', { schema: { tags, response: { 200: MeSchema } }, config: signedIn }, async (req) =>
    service.getMe(deps, authOf(req)),
  );

  r.put(
    '/me',
    { schema: { tags, body: UpdateProfileRequestSchema, response: { 200: MeSchema } }, config: signedIn },
    async (req) => service.updateMe(deps, authOf(req), req.body),
  );

  r.put(
    '/me/avatar',
    { schema: { tags, consumes: ['multipart/form-data'], response: { 200: MeSchema } }, config: signedIn },
    async (req) => {
      const file = await readUpload(req, IMAGE_MAX_BYTES);
      return service.updateAvatar(deps, authOf(req), file);
    },
  );

  r.put(
    '/me/password',
    { schema: { tags, body: ChangePasswordRequestSchema }, config: signedIn },
    async (req, reply) => {
      await changePassword(deps, authOf(req), req.body.currentPassword, req.body.newPassword);
      return reply.status(204).send();
    },
  );

  r.get(
    '/me/notification-settings',
    { schema: { tags, response: { 200: NotificationSettingsSchema } }, config: signedIn },
    async (req) => service.getNotificationSettings(deps, authOf(req)),
  );

  r.put(
    '/me/notification-settings',
    {
      schema: { tags, body: UpdateNotificationSettingsSchema, response: { 200: NotificationSettingsSchema } },
      config: signedIn,
    },
    async (req) => service.updateNotificationSettings(deps, authOf(req), req.body),
  );
}
