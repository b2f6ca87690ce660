import type { TFunction } from 'i18next';
import { roleKey } from '../../../lib/i18n';
import type { Role } from '../api/get-roles';

/** The roles as select options, in the user's language. */
export function roleOptions(roles: readonly Role[], t: TFunction): { value: string; label: string }[] {
  return roles.map((role) => {
    const key = roleKey(role.name);
    return { value: role.id, label: key ? t(key) : role.name };
  });
}
