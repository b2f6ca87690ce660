import { Suspense, lazy, useState } from 'react';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@sabai/domain';
import type { User } from '@sabai/contracts';
import { ListCard, ListFilter, ListSearch } from '../../../components/list-card';
import { PageSpinner } from '../../../components/page-spinner';
import { SettingsPage } from '../../../components/settings-page';
import { SettingsTabs, useSettingsTab } from '../../../components/settings-tabs';
import { ensureSettingsTexts, ensureWorkforceTexts } from '../../../lib/i18n';
import { useListParams, useShowLastPage } from '../../../lib/list-query';
import { usePermissions } from '../../../lib/me';
import { useLanguage } from '../../../lib/navigation';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useConfirm } from '../../../lib/use-confirm';
import { useLazyPanel } from '../../../lib/use-lazy-panel';
import { useRoles } from '../api/get-roles';
import { useTeamOptions } from '../api/get-team-options';
import { useUsers } from '../api/get-users';
import type { UserSort, UserStatus } from '../api/get-users';
import { useUserAction } from '../api/user-actions';
import type { UserAction } from '../api/user-actions';
import { STATUS_LABELS, UserTable } from './user-table';

// The forms (selects, upload, modal, drawer) load when first opened: the list comes first.
const InviteModal = lazy(() =>
  import('./invite-modal').then(({ InviteModal }) => ({ default: InviteModal })),
);
const DeleteUserModal = lazy(() =>
  import('./delete-user-modal').then(({ DeleteUserModal }) => ({ default: DeleteUserModal })),
);
const UserDrawer = lazy(() => import('./user-drawer').then(({ UserDrawer }) => ({ default: UserDrawer })));
// The Roles tab (its matrix of selects) loads when first opened.
const RoleMatrix = lazy(() => import('./role-matrix').then(({ RoleMatrix }) => ({ default: RoleMatrix })));

// Not imported from @sabai/contracts: a value import would pull zod into the screen's chunk.
const USER_STATUSES: readonly UserStatus[] = ['active', 'invited', 'inactive'];

const SORTS: readonly UserSort[] = ['name', 'email', 'role', 'createdAt', 'lastLoginAt'];

/**
 * /setting/user (desktop only, scope all): invite, edit, deactivate and delete users; the
 * roles' permission matrices, which an Admin adjusts for Manager and Staff.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const notice = useNotice();
  const language = useLanguage();
  const [tab, setTab] = useSettingsTab(['users', 'roles']);
  const canEditRoles = isAllowed(usePermissions(), 'user', 'update', ['all']);
  const list = useListParams<UserSort>(SORTS, 'name');
  const [status, setStatus] = useState<UserStatus | null>(null);
  const usersQuery = useUsers(list.params, { status, roleId: null, teamId: null });
  const rolesQuery = useRoles();
  const teamsQuery = useTeamOptions();
  const actionMutation = useUserAction();
  const [confirm, confirmHolder] = useConfirm();
  const [inviting, setInviting, hasOpenedInvite] = useLazyPanel<'invite'>();
  const [editing, setEditing, hasOpenedDrawer] = useLazyPanel<User>();
  const [deleting, setDeleting, hasOpenedDelete] = useLazyPanel<User>();
  useRetrievalNotice(usersQuery.isError, 'users');
  useRetrievalNotice(teamsQuery.isError, 'teams');
  useRetrievalNotice(rolesQuery.isError, 'roles');
  const { setPage } = list;
  useShowLastPage(usersQuery.data, setPage);

  async function run(user: User, action: UserAction) {
    try {
      await actionMutation.mutateAsync({ id: user.id, action, lang: language });
      const done = {
        resend: 'users.resent',
        deactivate: 'users.deactivated',
        activate: 'users.activated',
        delete: 'users.deleted',
      } as const;
      notice.success(done[action]);
    } catch (error) {
      notice.error(error, 'common.error.update');
    }
  }

  function handleAction(user: User, action: UserAction) {
    if (action === 'delete') {
      // Deactivating first, handing open issues over, and the confirmation: the delete dialog.
      setDeleting(user);
    } else if (action === 'deactivate') {
      confirm({
        title: t('users.deactivateConfirm.title', { name: user.displayName }),
        content: t('users.deactivateConfirm.text'),
        okText: t('users.deactivateConfirm.ok'),
        onOk: () => run(user, action),
      });
    } else {
      void run(user, action);
    }
  }

  const usersPanel = (
    <ListCard
      toolbar={
        <>
          <ListSearch
            value={list.search}
            onChange={list.setSearch}
            label={t('users.search')}
            testId="user-search"
          />
          <ListFilter<UserStatus>
            value={status}
            options={USER_STATUSES.map((value) => ({ value, label: t(STATUS_LABELS[value]) }))}
            allLabel={t('users.allStatuses')}
            label={t('users.columns.status')}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
          />
        </>
      }
      isError={usersQuery.isError}
      onRetry={() => void usersQuery.refetch()}
    >
      <UserTable
        list={list}
        data={usersQuery.data}
        isLoading={usersQuery.isLoading}
        onEdit={setEditing}
        onAction={handleAction}
      />
    </ListCard>
  );

  return (
    <SettingsPage
      testId="users-page"
      title={t('users.title')}
      subtitle={t('users.subtitle')}
      add={
        tab === 'users'
          ? { label: t('users.add'), onClick: () => setInviting('invite'), testId: 'invite-user' }
          : null
      }
    >
      {confirmHolder}
      <SettingsTabs
        active={tab}
        onChange={setTab}
        items={[
          { key: 'users', label: t('users.tabs.users'), children: usersPanel },
          {
            key: 'roles',
            label: <span data-testid="roles-tab">{t('users.tabs.roles')}</span>,
            children: (
              <Card className="page__card">
                <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
                  <RoleMatrix
                    roles={rolesQuery.data ?? []}
                    isLoading={rolesQuery.isLoading}
                    isError={rolesQuery.isError}
                    onRetry={() => void rolesQuery.refetch()}
                    canEdit={canEditRoles}
                  />
                </Suspense>
              </Card>
            ),
          },
        ]}
      />
      {hasOpenedInvite && (
        <Suspense fallback={<PageSpinner />}>
          <InviteModal
            open={inviting !== null}
            roles={rolesQuery.data ?? []}
            teams={teamsQuery.data ?? []}
            onClose={() => setInviting(null)}
            onInvited={() => {
              notice.success('users.invited');
              setInviting(null);
            }}
          />
        </Suspense>
      )}
      {hasOpenedDelete && (
        <Suspense fallback={<PageSpinner />}>
          <DeleteUserModal
            user={deleting}
            onClose={() => setDeleting(null)}
            onDone={(outcome) => {
              notice.success(outcome === 'deleted' ? 'users.deleted' : 'users.deactivated');
              setDeleting(null);
            }}
          />
        </Suspense>
      )}
      {hasOpenedDrawer && (
        <Suspense fallback={<PageSpinner />}>
          <UserDrawer
            user={editing}
            roles={rolesQuery.data ?? []}
            teams={teamsQuery.data ?? []}
            onClose={() => setEditing(null)}
            onSaved={() => {
              notice.success('users.saved');
              setEditing(null);
            }}
          />
        </Suspense>
      )}
    </SettingsPage>
  );
}

export { UsersPage as Component };

/** The screen's texts load with it, before it renders. */
export async function loader(): Promise<null> {
  await Promise.all([ensureSettingsTexts(), ensureWorkforceTexts()]);
  return null;
}
