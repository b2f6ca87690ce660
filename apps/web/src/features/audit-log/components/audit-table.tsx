import { Empty, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { SafeText } from '../../../components/safe-text';
import { formatDateTime } from '../../../lib/format';
import { errorCodeTextKey } from '../../../lib/i18n';
import { NO_VALUE } from '../utils/audit-value';
import type { AuditEntry } from '../api/get-audit-log';
import { AuditDetails } from './audit-details';
import { ACTION_KEYS, AREA_KEYS } from './audit-texts';

type AuditTableProps = { entries: AuditEntry[]; isLoading: boolean };

/**
 * The entries, newest first: when, who, where, what and how it ended. A row opens to show each field
 * before and after. Entries are read only: no row has an action.
 */
export function AuditTable({ entries, isLoading }: AuditTableProps) {
  const { t } = useTranslation();

  const columns: TableColumnsType<AuditEntry> = [
    {
      key: 'at',
      title: t('auditLog.columns.at'),
      width: 150,
      render: (_, entry) => <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>,
    },
    {
      key: 'person',
      title: t('auditLog.columns.person'),
      render: (_, entry) => (
        <span className="audit-person">
          <SafeText className="audit-person__name" text={entry.actor.name} />
          {entry.actor.email && <SafeText className="audit-person__email" text={entry.actor.email} />}
        </span>
      ),
    },
    {
      key: 'area',
      title: t('auditLog.columns.area'),
      render: (_, entry) => t(AREA_KEYS[entry.area]),
    },
    {
      key: 'action',
      title: t('auditLog.columns.action'),
      render: (_, entry) => t(ACTION_KEYS[entry.action]),
    },
    {
      key: 'subject',
      title: t('auditLog.columns.subject'),
      render: (_, entry) =>
        entry.subject.label ? <SafeText text={entry.subject.label} testId="audit-subject" /> : NO_VALUE,
    },
    {
      key: 'outcome',
      title: t('auditLog.columns.outcome'),
      render: (_, entry) => {
        if (entry.outcome === 'ok')
          return (
            <Tag color="green" className="audit-outcome" data-testid="audit-outcome">
              {t('auditLog.outcomeOk')}
            </Tag>
          );
        const key = errorCodeTextKey(entry.outcome);
        return (
          <Tag color="red" className="audit-outcome audit-outcome--refused" data-testid="audit-outcome">
            {key ? t(key) : entry.outcome}
          </Tag>
        );
      },
    },
    {
      key: 'ip',
      title: t('auditLog.columns.ip'),
      width: 140,
      render: (_, entry) => (entry.ip ? <code className="audit-ip">{entry.ip}</code> : NO_VALUE),
    },
  ];

  return (
    <Table<AuditEntry>
      rowKey="id"
      columns={columns}
      dataSource={entries}
      loading={isLoading}
      pagination={false}
      expandable={{ expandedRowRender: (entry) => <AuditDetails entry={entry} /> }}
      locale={{
        emptyText: isLoading ? null : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('auditLog.empty')} />
        ),
      }}
      data-testid="audit-table"
    />
  );
}
