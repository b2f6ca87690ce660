import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HandOverIssuesSchema,
  InviteUserSchema,
  ResendInvitationSchema,
  UpdateUserSchema,
  UserListQuerySchema,
  UserPageSchema,
  UserOpenIssuesSchema,
  UserSchema,
} from '@sabai/contracts';
import { IMAGE_MAX_BYTES } from '@sabai/domain';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import { readUpload } from '../../http/upload';
import * as service from './users.service';

const tags = ['users'];
// /setting/user: the `user` resource has scope all only (users are the organisation's).
const can = (action: 'view' | 'create' | 'update' | 'delete') =>
  ({ access: { resource: 'user', action, scopes: ['all'] } }) as const;
const Id = z.object({ id: z.uuid() });

export async function userRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/users',
    {
      schema: { tags, querystring: UserListQuerySchema, response: { 200: UserPageSchema } },
      config: can('view'),
    },
    async (req) => service.listUsers(deps, authOf(req), req.query),
  );
  r.get(
    '/users/:id',
    { schema: { tags, params: Id, response: { 200: UserSchema } }, config: can('view') },
    async (req) => service.getUser(deps, authOf(req), req.params.id),
  );
  r.post(
    '/users',
    { schema: { tags, body: InviteUserSchema, response: { 201: UserSchema } }, config: can('create') },
    async (req, reply) => reply.status(201).send(await service.inviteUser(deps, authOf(req), req.body)),
  );
  r.post(
    '/users/:id/resend-invitation',
    { schema: { tags, params: Id, body: ResendInvitationSchema.nullish() }, config: can('create') },
    async (req, reply) => {
      await service.resendInvitation(deps, authOf(req), req.params.id, req.body?.lang ?? 'en');
      return reply.status(204).send();
    },
  );
  r.put(
    '/users/:id',
    {
      schema: { tags, params: Id, body: UpdateUserSchema, response: { 200: UserSchema } },
      config: can('update'),
    },
    async (req) => service.updateUser(deps, authOf(req), req.params.id, req.body),
  );
  r.put(
    '/users/:id/image',
    {
      schema: { tags, params: Id, consumes: ['multipart/form-data'], response: { 200: UserSchema } },
      config: can('update'),
    },
    async (req) => {
      const file = await readUpload(req, IMAGE_MAX_BYTES);
      return service.updateUserImage(deps, authOf(req), req.params.id, file);
    },
  );
  r.post(
    '/users/:id/deactivate',
    { schema: { tags, params: Id, response: { 200: UserSchema } }, config: can('update') },
    async (req) => service.setActive(deps, authOf(req), req.params.id, false),
  );
  r.post(
    '/users/:id/activate',
    { schema: { tags, params: Id, response: { 200: UserSchema } }, config: can('update') },
    async (req) => service.setActive(deps, authOf(req), req.params.id, true),
  );
  r.get(
    '/users/:id/open-issues',
    { schema: { tags, params: Id, response: { 200: UserOpenIssuesSchema } }, config: can('view') },
    async (req) => service.openIssuesSummary(deps, authOf(req), req.params.id),
  );
  r.post(
    '/users/:id/hand-over',
    {
      schema: { tags, params: Id, body: HandOverIssuesSchema, response: { 200: UserOpenIssuesSchema } },
      config: can('delete'),
    },
    async (req) => service.handOver(deps, authOf(req), req.params.id, req.body),
  );
  r.delete('/users/:id', { schema: { tags, params: Id }, config: can('delete') }, async (req, reply) => {
    await service.deleteUser(deps, authOf(req), req.params.id);
    return reply.status(204).send();
  });
}
