import { Avatar, Button, Empty, Table, Tag as AntTag, Tooltip } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import {
  CheckCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  MailOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { User } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { roleKey } from '../../../lib/i18n';
import type { UserSort, UserStatus } from '../api/get-users';
import type { UserAction } from '../api/user-actions';

// Spec §9: dates show as dd/MM/yyyy HH:mm.
const DISPLAY_DATE_TIME = 'DD/MM/YYYY HH:mm';

export const STATUS_LABELS: Record<UserStatus, TranslationKey> = {
  active: 'users.statuses.active',
  invited: 'users.statuses.invited',
  inactive: 'users.statuses.inactive',
};
const STATUS_COLOURS: Record<UserStatus, string> = { active: 'green', invited: 'gold', inactive: 'default' };

type UserTableProps = {
  users: readonly User[];
  total: number;
  page: number;
  pageSize: number;
  isLoading: boolean;
  sortOrderOf: (key: UserSort) => 'ascend' | 'descend' | null;
  onChange: NonNullable<TableProps<User>['onChange']>;
  onEdit: (user: User) => void;
  onAction: (user: User, action: UserAction) => void;
};

/** One page of users with their role, teams and status; sorted and paged by the server. */
export function UserTable({
  users,
  total,
  page,
  pageSize,
  isLoading,
  sortOrderOf,
  onChange,
  onEdit,
  onAction,
}: UserTableProps) {
  const { t } = useTranslation();
  const sortable = (key: UserSort) => ({ key, sorter: true, sortOrder: sortOrderOf(key) });

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
          <Avatar size={28} src={user.profilePath ?? undefined}>
            {user.displayName.slice(0, 1).toUpperCase()}
          </Avatar>
          <span>{user.displayName}</span>
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
          dayjs(user.lastLoginAt).format(DISPLAY_DATE_TIME)
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
            <Tooltip title={t('list.edit')}>
              <Button
                type="text"
                icon={<EditOutlined aria-hidden />}
                aria-label={t('list.edit')}
                onClick={() => onEdit(user)}
              />
            </Tooltip>
          )}
          {actionsOf(user).map((item) => (
            <Tooltip key={item.action} title={item.label}>
              <Button
                type="text"
                danger={item.isDanger}
                icon={item.icon}
                aria-label={item.label}
                onClick={() => onAction(user, item.action)}
              />
            </Tooltip>
          ))}
        </span>
      ),
    },
  ];

  return (
    <Table<User>
      rowKey="id"
      columns={columns}
      dataSource={[...users]}
      loading={isLoading}
      locale={{
        emptyText: isLoading ? null : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('users.empty')} />
        ),
      }}
      onChange={onChange}
      pagination={{
        current: page,
        pageSize,
        total,
        hideOnSinglePage: true,
        showSizeChanger: false,
        showTotal: (count) => t('list.total', { count }),
      }}
      scroll={{ x: 1000 }}
      data-testid="user-table"
    />
  );
}
