import { Avatar, Empty, Tag as AntTag } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  CheckCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  MailOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page, User } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { IconAction, ListTable } from '../../../components/list-table';
import { formatDateTime } from '../../../lib/format';
import { roleKey } from '../../../lib/i18n';
import type { ListState } from '../../../lib/list-query';
import type { UserSort, UserStatus } from '../api/get-users';
import type { UserAction } from '../api/user-actions';
import { SafeText } from '../../../components/safe-text';

export const STATUS_LABELS: Record<UserStatus, TranslationKey> = {
  active: 'users.statuses.active',
  invited: 'users.statuses.invited',
  inactive: 'users.statuses.inactive',
};
const STATUS_COLOURS: Record<UserStatus, string> = { active: 'green', invited: 'gold', inactive: 'default' };

type UserTableProps = {
  list: ListState<UserSort>;
  data: Page<User> | undefined;
  isLoading: boolean;
  onEdit: (user: User) => void;
  onAction: (user: User, action: UserAction) => void;
};

/** One page of users with their role, teams and status; sorted and paged by the server. */
export function UserTable({ list, data, isLoading, onEdit, onAction }: UserTableProps) {
  const { t } = useTranslation();
  const { sortable } = list;

  function actionsOf(
    user: User,
  ): { action: UserAction; label: string; icon: ReactNode; isDanger?: boolean }[] {
    const items: { action: UserAction; label: string; icon: ReactNode; isDanger?: boolean }[] = [];
    if (user.canUpdate && user.status === 'invited')
      items.push({ action: 'resend', label: t('users.actions.resend'), icon: <MailOutlined aria-hidden /> });
    if (user.canUpdate && user.status === 'active')
      items.push({
        action: 'deactivate',
        label: t('users.actions.deactivate'),
        icon: <StopOutlined aria-hidden />,
      });
    if (user.canUpdate && user.status === 'inactive')
      items.push({
        action: 'activate',
        label: t('users.actions.activate'),
        icon: <CheckCircleOutlined aria-hidden />,
      });
    if (user.canDelete)
      items.push({
        action: 'delete',
        label: t('list.delete'),
        icon: <DeleteOutlined aria-hidden />,
        isDanger: true,
      });
    return items;
  }

  const columns: TableColumnsType<User> = [
    {
      ...sortable('name'),
      title: t('users.columns.name'),
      render: (_, user) => (
        <span className="user-cell">
          <Avatar size={28} alt="" src={user.profilePath ?? undefined}>
            {user.displayName.slice(0, 1).toUpperCase()}
          </Avatar>
          <SafeText text={user.displayName} />
        </span>
      ),
    },
    { ...sortable('email'), title: t('users.columns.email'), render: (_, user) => user.email },
    {
      ...sortable('role'),
      title: t('users.columns.role'),
      render: (_, user) => {
        const key = roleKey(user.role.name);
        return key ? t(key) : user.role.name;
      },
    },
    {
      key: 'teams',
      title: t('users.columns.teams'),
      render: (_, user) => user.teams.map((team) => team.name).join(', '),
    },
    {
      key: 'status',
      title: t('users.columns.status'),
      render: (_, user) => (
        <AntTag color={STATUS_COLOURS[user.status]}>{t(STATUS_LABELS[user.status])}</AntTag>
      ),
    },
    {
      ...sortable('lastLoginAt'),
      title: t('users.columns.lastLoginAt'),
      render: (_, user) =>
        user.lastLoginAt ? (
          formatDateTime(user.lastLoginAt)
        ) : (
          <span className="muted-text">{t('users.never')}</span>
        ),
    },
    {
      key: 'actions',
      title: t('list.actions'),
      align: 'end',
      render: (_, user) => (
        <span className="user-actions">
          {user.canUpdate && (
            <IconAction
              label={t('list.edit')}
              icon={<EditOutlined aria-hidden />}
              onClick={() => onEdit(user)}
            />
          )}
          {actionsOf(user).map((item) => (
            <IconAction
              key={item.action}
              label={item.label}
              icon={item.icon}
              isDanger={item.isDanger}
              onClick={() => onAction(user, item.action)}
            />
          ))}
        </span>
      ),
    },
  ];

  return (
    <ListTable<User, UserSort>
      list={list}
      data={data}
      isLoading={isLoading}
      columns={columns}
      emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('users.empty')} />}
      scrollX={1000}
      testId="user-table"
    />
  );
}
