import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RoleListSchema, RoleSchema, UpdateRoleSchema } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import * as service from './roles.service';

const tags = ['roles'];
// Roles belong to user management (spec §6 resource `user`).
const viewUsers = { access: { resource: 'user', action: 'view' } } as const;

export async function roleRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/roles', { schema: { tags, response: { 200: RoleListSchema } }, config: viewUsers }, async (req) =>
    service.listRoles(deps, authOf(req)),
  );
  r.get(
    '/roles/:id',
    {
      schema: { tags, params: z.object({ id: z.uuid() }), response: { 200: RoleSchema } },
      config: viewUsers,
    },
    async (req) => service.getRole(deps, authOf(req), req.params.id),
  );
  // Adjusting the Manager and Staff matrices: an Admin's user management (scope all), never SuperAdmin/Admin.
  r.put(
    '/roles/:id',
    {
      schema: {
        tags,
        params: z.object({ id: z.uuid() }),
        body: UpdateRoleSchema,
        response: { 200: RoleSchema },
      },
      config: { access: { resource: 'user', action: 'update', scopes: ['all'] } },
    },
    async (req) => service.updateRole(deps, authOf(req), req.params.id, req.body),
  );
}
