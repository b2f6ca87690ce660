import { Button, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Channel } from '@sabai/contracts';
import { actionsColumn, ListEmpty } from '../../../components/list-table';
import { formatDateTime } from '../../../lib/format';
import { MODE_LABELS, TYPE_LABELS } from '../utils/channel-form';
import { ChannelIcon } from '../../../components/channel-icon';

type ChannelTableProps = {
  channels: readonly Channel[];
  /** Whether the organisation has any channel at all (the table may show a search's result). */
  hasAny: boolean;
  teamNames: ReadonlyMap<string, string>;
  isLoading: boolean;
  onAdd: () => void;
  onEdit: (channel: Channel) => void;
  onDelete: (channel: Channel) => void;
};

/** The channels with their brand, ids, team, assigned mode and business hours (and a takeover); sortable. */
export function ChannelTable({
  channels,
  hasAny,
  teamNames,
  isLoading,
  onAdd,
  onEdit,
  onDelete,
}: ChannelTableProps) {
  const { t, i18n } = useTranslation();
  const compare = (a: string, b: string) => a.localeCompare(b, i18n.language);
  const teamOf = (channel: Channel) =>
    channel.assignedTeamId ? teamNames.get(channel.assignedTeamId) : undefined;

  const columns: TableColumnsType<Channel> = [
    {
      key: 'name',
      title: t('channels.columns.name'),
      sorter: (a, b) => compare(a.name, b.name),
      render: (_, channel) => (
        <span className="channel-cell">
          <ChannelIcon type={channel.type} size={28} />
          <span className="channel-cell__text">
            <Button type="link" className="channel-cell__name" onClick={() => onEdit(channel)}>
              {channel.name}
            </Button>
            {channel.takenOverAt && (
              <Tag color="gold" className="channel-cell__status" data-testid="channel-taken-over">
                {t('channels.takenOver', { date: formatDateTime(channel.takenOverAt) })}
              </Tag>
            )}
          </span>
        </span>
      ),
    },
    {
      key: 'type',
      title: t('channels.columns.type'),
      sorter: (a, b) => compare(t(TYPE_LABELS[a.type]), t(TYPE_LABELS[b.type])),
      render: (_, channel) => t(TYPE_LABELS[channel.type]),
    },
    {
      key: 'externalId',
      title: t('channels.columns.externalId'),
      render: (_, channel) => <span className="channel-id">{channel.externalId}</span>,
    },
    {
      key: 'team',
      title: t('channels.columns.team'),
      sorter: (a, b) => compare(teamOf(a) ?? '', teamOf(b) ?? ''),
      render: (_, channel) => teamOf(channel) ?? <span className="muted-text">{t('channels.noTeam')}</span>,
    },
    {
      key: 'mode',
      title: t('channels.columns.mode'),
      sorter: (a, b) => compare(a.assignedMode, b.assignedMode),
      render: (_, channel) =>
        channel.assignedMode === 'keyword'
          ? t('channels.keywordCount', { count: channel.keywords.length })
          : t(MODE_LABELS[channel.assignedMode]),
    },
    {
      key: 'hours',
      title: t('channels.columns.hours'),
      render: (_, channel) =>
        channel.businessHoursMode === '24x7'
          ? t('channels.hours.always')
          : t('channels.hours.custom', { count: channel.shifts.length }),
    },
    actionsColumn<Channel>({
      title: t('channels.columns.actions'),
      onEdit,
      onDelete,
      editLabel: t('channels.edit'),
      deleteLabel: t('channels.delete'),
    }),
  ];

  const emptyText = (
    <ListEmpty
      isSearching={hasAny}
      text={t('channels.empty')}
      noMatchText={t('channels.noMatch')}
      addLabel={t('channels.add')}
      onAdd={onAdd}
    />
  );

  return (
    <Table<Channel>
      rowKey="id"
      columns={columns}
      dataSource={[...channels]}
      loading={isLoading}
      locale={{ emptyText: isLoading ? null : emptyText }}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      scroll={{ x: 960 }}
      data-testid="channel-table"
    />
  );
}
