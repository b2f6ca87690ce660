import { Button } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Page, TeamListItem } from '@sabai/contracts';
import { actionsColumn, ListTable } from '../../../components/list-table';
import { formatDateTime } from '../../../lib/format';
import type { ListState } from '../../../lib/list-query';
import type { TeamSort } from '../api/get-teams';
import { WORKING_TYPE_LABELS } from '../utils/team-form';

type TeamTableProps = {
  list: ListState<TeamSort>;
  data: Page<TeamListItem> | undefined;
  isLoading: boolean;
  canAdd: boolean;
  onAdd: () => void;
  onEdit: (team: TeamListItem) => void;
  onDelete: (team: TeamListItem) => void;
};

/** One page of teams with their manager and member count; sorted and paged by the server. */
export function TeamTable({ list, data, isLoading, canAdd, onAdd, onEdit, onDelete }: TeamTableProps) {
  const { t } = useTranslation();

  const columns: TableColumnsType<TeamListItem> = [
    {
      ...list.sortable('name'),
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
      ...list.sortable('memberCount'),
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
      ...list.sortable('createdAt'),
      title: t('teams.columns.createdAt'),
      render: (_, team) => formatDateTime(team.createdAt),
    },
    actionsColumn<TeamListItem>({ title: t('list.actions'), onEdit, onDelete }),
  ];

  return (
    <ListTable<TeamListItem, TeamSort>
      list={list}
      data={data}
      isLoading={isLoading}
      columns={columns}
      empty={{ text: t('teams.empty'), addLabel: canAdd ? t('teams.add') : undefined, onAdd }}
      testId="team-table"
    />
  );
}
