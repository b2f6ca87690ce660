import { z } from 'zod';
import { ACTIONS, RESOURCES, ROLE_NAMES, SCOPES } from '@sabai/domain';

const ActionScopesSchema = z.partialRecord(z.enum(ACTIONS), z.enum(SCOPES));
export const PermissionMatrixSchema = z.partialRecord(z.enum(RESOURCES), ActionScopesSchema);

export const RoleSchema = z.object({
  id: z.string(),
  name: z.enum(ROLE_NAMES),
  permissions: PermissionMatrixSchema,
});
export type Role = z.infer<typeof RoleSchema>;
export const RoleListSchema = z.array(RoleSchema);

/** An Admin's change to the Manager or Staff role of their organisation: the whole matrix. */
export const UpdateRoleSchema = z.object({
  permissions: z.record(z.string(), z.record(z.string(), z.string())),
});
export type UpdateRole = z.infer<typeof UpdateRoleSchema>;
