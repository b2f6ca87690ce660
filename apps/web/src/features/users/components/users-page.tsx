import { Suspense, lazy, useEffect, useState } from 'react';
import { Button, Card, Input, Radio, Typography } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { User } from '@sabai/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { RetryNotice } from '../../../components/retry-notice';
import { ensureSettingsTexts } from '../../../lib/i18n';
import { useListParams } from '../../../lib/list-query';
import { useLanguage } from '../../../lib/navigation';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useConfirm } from '../../../lib/use-confirm';
import { useRoles } from '../api/get-roles';
import { useTeamOptions } from '../api/get-team-options';
import { useUsers } from '../api/get-users';
import type { UserSort, UserStatus } from '../api/get-users';
import { useUserAction } from '../api/user-actions';
import type { UserAction } from '../api/user-actions';
import { STATUS_LABELS, UserTable } from './user-table';
import '../../../components/settings-page.css';

// The forms (selects, upload, modal, drawer) load when first opened: the list comes first.
const InviteModal = lazy(() =>
  import('./invite-modal').then(({ InviteModal }) => ({ default: InviteModal })),
);
const UserDrawer = lazy(() => import('./user-drawer').then(({ UserDrawer }) => ({ default: UserDrawer })));

// Not imported from @sabai/contracts: a value import would pull zod into the screen's chunk.
const USER_STATUSES: readonly UserStatus[] = ['active', 'invited', 'inactive'];

const SORTS: readonly UserSort[] = ['name', 'email', 'role', 'createdAt', 'lastLoginAt'];

/** /setting/user (desktop only, scope all): invite, edit, deactivate and delete users (spec §3 User). */
export function UsersPage() {
  const { t } = useTranslation();
  const notice = useNotice();
  const language = useLanguage();
  const list = useListParams<UserSort>(SORTS, 'name');
  const [status, setStatus] = useState<UserStatus | null>(null);
  const usersQuery = useUsers(list.params, { status, roleId: null, teamId: null });
  const rolesQuery = useRoles();
  const teamsQuery = useTeamOptions();
  const actionMutation = useUserAction();
  const [confirm, confirmHolder] = useConfirm();
  const [isInviting, setIsInvitingState] = useState(false);
  const [hasOpenedInvite, setHasOpenedInvite] = useState(false);
  const [editing, setEditingState] = useState<User | null>(null);
  const [hasOpenedDrawer, setHasOpenedDrawer] = useState(false);
  useRetrievalNotice(usersQuery.isError, 'users');
  useRetrievalNotice(teamsQuery.isError, 'teams');

  const page = usersQuery.data;
  const { setPage } = list;
  // The last user of a page was deleted: show the page before it.
  useEffect(() => {
    if (page && page.items.length === 0 && page.page > 1) setPage(page.page - 1);
  }, [page, setPage]);

  function setIsInviting(next: boolean) {
    setIsInvitingState(next);
    if (next) setHasOpenedInvite(true);
  }

  function setEditing(user: User | null) {
    setEditingState(user);
    if (user) setHasOpenedDrawer(true);
  }

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
      confirm({
        title: t('users.deleteConfirm.title', { name: user.displayName }),
        content: t('users.deleteConfirm.text'),
        okText: t('users.deleteConfirm.ok'),
        onOk: () => run(user, action),
      });
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

  return (
    <div className="page settings-page" data-testid="users-page">
      {confirmHolder}
      <div className="settings-page__head">
        <div>
          <Typography.Title level={1} className="page__title">
            {t('users.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="settings-page__subtitle">
            {t('users.subtitle')}
          </Typography.Paragraph>
        </div>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setIsInviting(true)}
          data-testid="invite-user"
        >
          {t('users.add')}
        </Button>
      </div>
      <Card className="page__card">
        <div className="settings-page__toolbar">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('users.search')}
            aria-label={t('users.search')}
            value={list.search}
            onChange={(event) => list.setSearch(event.target.value)}
            className="settings-page__search"
            data-testid="user-search"
          />
          <Radio.Group
            optionType="button"
            value={status ?? 'all'}
            aria-label={t('users.columns.status')}
            options={[
              { value: 'all', label: t('users.allStatuses') },
              ...USER_STATUSES.map((value) => ({ value, label: t(STATUS_LABELS[value]) })),
            ]}
            onChange={(event) => {
              const value = event.target.value as UserStatus | 'all';
              setStatus(value === 'all' ? null : value);
              setPage(1);
            }}
          />
        </div>
        {usersQuery.isError ? (
          <RetryNotice onRetry={() => void usersQuery.refetch()} />
        ) : (
          <UserTable
            users={page?.items ?? []}
            total={page?.total ?? 0}
            page={list.params.page}
            pageSize={list.params.pageSize}
            isLoading={usersQuery.isLoading}
            sortOrderOf={list.sortOrderOf}
            onChange={(pagination, _filters, sorter) => list.handleTableChange(pagination, sorter)}
            onEdit={setEditing}
            onAction={handleAction}
          />
        )}
      </Card>
      {hasOpenedInvite && (
        <Suspense fallback={<PageSpinner />}>
          <InviteModal
            open={isInviting}
            roles={rolesQuery.data ?? []}
            teams={teamsQuery.data ?? []}
            onClose={() => setIsInviting(false)}
            onInvited={() => {
              notice.success('users.invited');
              setIsInviting(false);
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
    </div>
  );
}

export { UsersPage as Component };

/** The screen's texts load with it, before it renders. */
export async function loader(): Promise<null> {
  await ensureSettingsTexts();
  return null;
}
