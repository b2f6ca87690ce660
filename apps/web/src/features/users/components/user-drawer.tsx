import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import type { User } from '@sabai/contracts';
import type { Role } from '../api/get-roles';
import type { TeamSummary } from '../api/get-team-options';
import { UserForm } from './user-form';

type UserDrawerProps = {
  user: User | null;
  roles: readonly Role[];
  teams: readonly TeamSummary[];
  onClose: () => void;
  onSaved: (user: User) => void;
};

/** Editing a user, beside the list. */
export function UserDrawer({ user, roles, teams, onClose, onSaved }: UserDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={user !== null}
      onClose={onClose}
      size={560}
      title={user ? t('users.form.editTitle', { name: user.displayName }) : ''}
      destroyOnHidden
      rootClassName="settings-drawer user-drawer"
    >
      {user && (
        <UserForm
          key={user.id}
          user={user}
          roles={roles}
          teams={teams}
          onSaved={onSaved}
          onCancel={onClose}
        />
      )}
    </Drawer>
  );
}
