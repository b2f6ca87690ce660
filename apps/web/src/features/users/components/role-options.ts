import type { TFunction } from 'i18next';
import { mayHandleRole } from '@sabai/domain';
import { roleKey } from '../../../lib/i18n';
import { sessionRoleNames } from '../../../lib/session';
import type { Role } from '../api/get-roles';

/**
 * The roles the signed-in user may grant, as select options in their language: never one above their own
 * (the server refuses it too, `user.role_not_allowed`).
 */
export function roleOptions(roles: readonly Role[], t: TFunction): { value: string; label: string }[] {
  const [mine] = sessionRoleNames();
  const grantable = mine ? roles.filter((role) => mayHandleRole(mine, role.name)) : [];
  return grantable.map((role) => {
    const key = roleKey(role.name);
    return { value: role.id, label: key ? t(key) : role.name };
  });
}
