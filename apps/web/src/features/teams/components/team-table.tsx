import { Button, Empty, Space, Table, Tooltip } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TeamListItem } from '@sabai/contracts';
import type { TeamSort } from '../api/get-teams';
import { WORKING_TYPE_LABELS } from '../utils/team-form';

// Spec §9: dates show as dd/MM/yyyy HH:mm.
const DISPLAY_DATE_TIME = 'DD/MM/YYYY HH:mm';

type TeamTableProps = {
  teams: readonly TeamListItem[];
  total: number;
  page: number;
  pageSize: number;
  isSearching: boolean;
  isLoading: boolean;
  canAdd: boolean;
  sortOrderOf: (key: TeamSort) => 'ascend' | 'descend' | null;
  onChange: NonNullable<TableProps<TeamListItem>['onChange']>;
  onAdd: () => void;
  onEdit: (team: TeamListItem) => void;
  onDelete: (team: TeamListItem) => void;
};

/** One page of teams with their manager and member count; sorted and paged by the server. */
export function TeamTable({
  teams,
  total,
  page,
  pageSize,
  isSearching,
  isLoading,
  canAdd,
  sortOrderOf,
  onChange,
  onAdd,
  onEdit,
  onDelete,
}: TeamTableProps) {
  const { t } = useTranslation();
  const sortable = (key: TeamSort) => ({ key, sorter: true, sortOrder: sortOrderOf(key) });

  const columns: TableColumnsType<TeamListItem> = [
    {
      ...sortable('name'),
      title: t('teams.columns.name'),
      render: (_, team) =>
        team.canUpdate ? (
          <Button type="link" className="settings-link" onClick={() => onEdit(team)}>
            {team.name}
          </Button>
        ) : (
          team.name
        ),
    },
    {
      key: 'manager',
      title: t('teams.columns.manager'),
      render: (_, team) =>
        team.manager?.displayName ?? <span className="muted-text">{t('teams.noManager')}</span>,
    },
    {
      ...sortable('memberCount'),
      title: t('teams.columns.memberCount'),
      align: 'end',
      render: (_, team) => team.memberCount.toLocaleString(),
    },
    {
      key: 'managerWorkingType',
      title: t('teams.columns.managerWorkingType'),
      render: (_, team) => t(WORKING_TYPE_LABELS[team.managerWorkingType]),
    },
    {
      ...sortable('createdAt'),
      title: t('teams.columns.createdAt'),
      render: (_, team) => dayjs(team.createdAt).format(DISPLAY_DATE_TIME),
    },
    {
      key: 'actions',
      title: t('list.actions'),
      align: 'end',
      render: (_, team) => (
        <Space size={4}>
          {team.canUpdate && (
            <Tooltip title={t('list.edit')}>
              <Button
                type="text"
                icon={<EditOutlined aria-hidden />}
                aria-label={t('list.edit')}
                onClick={() => onEdit(team)}
              />
            </Tooltip>
          )}
          {team.canDelete && (
            <Tooltip title={t('list.delete')}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('list.delete')}
                onClick={() => onDelete(team)}
              />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  const emptyText = isSearching ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.noMatch')} />
  ) : (
    <Empty description={t('teams.empty')}>
      {canAdd && (
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onAdd}>
          {t('teams.add')}
        </Button>
      )}
    </Empty>
  );

  return (
    <Table<TeamListItem>
      rowKey="id"
      columns={columns}
      dataSource={[...teams]}
      loading={isLoading}
      locale={{ emptyText: isLoading ? null : emptyText }}
      onChange={onChange}
      pagination={{
        current: page,
        pageSize,
        total,
        hideOnSinglePage: true,
        showSizeChanger: false,
        showTotal: (count) => t('list.total', { count }),
      }}
      data-testid="team-table"
    />
  );
}
