import { Empty, Switch, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '@sabai/i18n';
import { ChannelIcon } from '../../../components/channel-icon';
import { actionsColumn, ListEmpty } from '../../../components/list-table';
import { SafeText } from '../../../components/safe-text';
import { formatMinutes } from '../../../lib/duration';
import type { Channel, TeamSummary } from '../api/scope-options';
import type { SlaPolicy } from '../api/sla-policies';
import { TARGET_FIELDS, type TargetField } from '../utils/sla-form';

const TARGET_COLUMNS: Record<TargetField, TranslationKey> = {
  firstResponseMinutes: 'sla.columns.firstResponse',
  nextResponseMinutes: 'sla.columns.nextResponse',
  resolutionMinutes: 'sla.columns.resolution',
};

type PolicyTableProps = {
  policies: SlaPolicy[];
  teams: readonly TeamSummary[] | undefined;
  channels: readonly Channel[] | undefined;
  isLoading: boolean;
  /** Absent when the user may only look. */
  onAdd?: () => void;
  onEdit?: (policy: SlaPolicy) => void;
  onDelete?: (policy: SlaPolicy) => void;
  onToggle?: (policy: SlaPolicy, isActive: boolean) => void;
  /** The policy whose switch is being saved. */
  togglingId: string | null;
};

/** The policies by name: who they are for, their targets, how time counts, and whether they apply. */
export function PolicyTable({
  policies,
  teams,
  channels,
  isLoading,
  onAdd,
  onEdit,
  onDelete,
  onToggle,
  togglingId,
}: PolicyTableProps) {
  const { t } = useTranslation();
  // Names come with the team and channel lists; until then (or if they failed) a placeholder.
  const pending = <span className="muted-text">…</span>;

  const columns: TableColumnsType<SlaPolicy> = [
    {
      key: 'name',
      title: t('sla.columns.name'),
      render: (_, policy) => <SafeText className="sla-table__name" text={policy.name} />,
    },
    {
      key: 'team',
      title: t('sla.columns.team'),
      render: (_, policy) => {
        if (policy.teamId === null) return <span className="muted-text">{t('sla.anyTeam')}</span>;
        const team = teams?.find((candidate) => candidate.id === policy.teamId);
        return team ? <SafeText text={team.name} /> : pending;
      },
    },
    {
      key: 'channel',
      title: t('sla.columns.channel'),
      render: (_, policy) => {
        if (policy.channelId === null) return <span className="muted-text">{t('sla.anyChannel')}</span>;
        const channel = channels?.find((candidate) => candidate.id === policy.channelId);
        if (!channel) return pending;
        return (
          <span className="sla-channel">
            <ChannelIcon type={channel.type} size={16} />
            <SafeText text={channel.name} />
          </span>
        );
      },
    },
    ...TARGET_FIELDS.map((field) => ({
      key: field,
      title: t(TARGET_COLUMNS[field]),
      render: (_: unknown, policy: SlaPolicy) => {
        const minutes = policy[field];
        if (minutes === null)
          return (
            <>
              <span aria-hidden="true">—</span>
              <span className="visually-hidden">{t('sla.noTarget')}</span>
            </>
          );
        return <span data-testid={`sla-target-${field}`}>{formatMinutes(t, minutes)}</span>;
      },
    })),
    {
      key: 'counting',
      title: t('sla.columns.counting'),
      render: (_, policy) => t(policy.businessHours ? 'sla.businessHours' : 'sla.aroundTheClock'),
    },
    {
      key: 'active',
      title: t('sla.columns.active'),
      render: (_, policy) => (
        <Switch
          size="small"
          checked={policy.isActive}
          disabled={!onToggle}
          loading={togglingId === policy.id}
          onChange={(isActive) => onToggle?.(policy, isActive)}
          aria-label={t('sla.activeSwitch', { name: policy.name })}
          data-testid="sla-active-switch"
        />
      ),
    },
  ];
  if (onEdit || onDelete)
    columns.push(actionsColumn<SlaPolicy>({ title: t('list.actions'), onEdit, onDelete }));

  return (
    <Table<SlaPolicy>
      rowKey="id"
      columns={columns}
      dataSource={policies}
      loading={isLoading}
      pagination={false}
      locale={{
        emptyText: isLoading ? null : onAdd ? (
          <ListEmpty isSearching={false} text={t('sla.empty')} addLabel={t('sla.add')} onAdd={onAdd} />
        ) : (
          <Empty description={t('sla.empty')} />
        ),
      }}
      data-testid="sla-table"
    />
  );
}
