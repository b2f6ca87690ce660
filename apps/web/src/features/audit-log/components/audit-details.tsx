import { Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { AuditChange } from '@sabai/contracts';
import { DISPLAY_DATE } from '../../../lib/format';
import { formatAuditValue } from '../utils/audit-value';
import type { AuditEntry } from '../api/get-audit-log';

/**
 * An entry opened: each changed field with its value before and after (secrets arrive masked), the API
 * call and, for a refused change, its error code. Read only.
 */
export function AuditDetails({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return (
    <div className="audit-details" data-testid="audit-details">
      {entry.changes.length === 0 ? (
        <Typography.Paragraph type="secondary" className="audit-details__none">
          {t('auditLog.details.noChanges')}
        </Typography.Paragraph>
      ) : (
        <Table<AuditChange>
          rowKey="field"
          size="small"
          pagination={false}
          dataSource={entry.changes}
          className="audit-details__changes"
          data-testid="audit-changes"
          columns={[
            {
              key: 'field',
              title: t('auditLog.details.field'),
              width: 200,
              render: (_, change) => <code className="audit-details__field">{change.field}</code>,
            },
            {
              key: 'before',
              title: t('auditLog.details.before'),
              width: '40%',
              render: (_, change) => (
                <span className="audit-details__value" data-testid="audit-before">
                  {formatAuditValue(change.before)}
                </span>
              ),
            },
            {
              key: 'after',
              title: t('auditLog.details.after'),
              width: '40%',
              render: (_, change) => (
                <span className="audit-details__value" data-testid="audit-after">
                  {formatAuditValue(change.after)}
                </span>
              ),
            },
          ]}
        />
      )}
      <dl className="audit-details__facts">
        <dt>{t('auditLog.details.at')}</dt>
        <dd>
          <time dateTime={entry.at}>{dayjs(entry.at).format(`${DISPLAY_DATE} HH:mm:ss`)}</time>
        </dd>
        {entry.route && (
          <>
            <dt>{t('auditLog.details.route')}</dt>
            <dd>
              <code>{entry.route}</code>
            </dd>
          </>
        )}
        {entry.outcome !== 'ok' && (
          <>
            <dt>{t('auditLog.details.outcomeCode')}</dt>
            <dd>
              <code>{entry.outcome}</code>
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}
