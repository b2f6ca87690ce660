import { RoleListSchema, RoleSchema, UpdateRoleSchema } from '../roles';
import { defineRoutes } from './route';
import { UuidParams } from './params';

const tag = 'roles';
// Roles belong to user management (the `user` permission resource).
const viewUsers = { resource: 'user', action: 'view' } as const;

export const roleRoutes = defineRoutes({
  list: { method: 'GET', path: '/roles', tag, responses: { 200: RoleListSchema }, access: viewUsers },
  get: {
    method: 'GET',
    path: '/roles/:id',
    tag,
    params: UuidParams,
    responses: { 200: RoleSchema },
    access: viewUsers,
  },
  // Adjusting the Manager and Staff matrices: an Admin's user management (scope all), never SuperAdmin/Admin.
  update: {
    method: 'PUT',
    path: '/roles/:id',
    tag,
    params: UuidParams,
    body: UpdateRoleSchema,
    responses: { 200: RoleSchema },
    access: { resource: 'user', action: 'update', scopes: ['all'] },
    audit: { area: 'role' },
  },
});
