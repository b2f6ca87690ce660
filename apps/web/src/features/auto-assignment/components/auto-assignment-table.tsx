import { Radio, Select, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ASSIGNMENT_METHODS, ASSIGNMENT_MODES } from '@sabai/domain';
import type { AssignmentMethod, AssignmentMode } from '@sabai/domain';
import type { AutoAssignment, Page, UpdateAutoAssignment } from '@sabai/contracts';
import { ListTable } from '../../../components/list-table';
import type { ListState } from '../../../lib/list-query';
import type { AutoAssignmentSort } from '../api/get-auto-assignments';
import {
  METHOD_HINTS,
  METHOD_LABELS,
  MODE_LABELS,
  readinessOf,
  shownSettings,
} from '../utils/auto-assignment';

type AutoAssignmentTableProps = {
  list: ListState<AutoAssignmentSort>;
  data: Page<AutoAssignment> | undefined;
  isLoading: boolean;
  /** The change on its way to the server, shown on its row until it is saved. */
  saving: { teamId: string; body: UpdateAutoAssignment } | null;
  onChange: (row: AutoAssignment, change: Partial<UpdateAutoAssignment>) => void;
};

/** The caller's teams with their assignment mode and method, changed in place. */
export function AutoAssignmentTable({ list, data, isLoading, saving, onChange }: AutoAssignmentTableProps) {
  const { t } = useTranslation();
  const settingsOf = (row: AutoAssignment) =>
    shownSettings(row, saving?.teamId === row.teamId ? saving.body : null);
  const modeOptions = ASSIGNMENT_MODES.map((mode) => ({ value: mode, label: t(MODE_LABELS[mode]) }));
  const methodOptions = ASSIGNMENT_METHODS.map((method) => ({
    value: method,
    label: t(METHOD_LABELS[method]),
    title: t(METHOD_HINTS[method]),
  }));

  const columns: TableColumnsType<AutoAssignment> = [
    {
      ...list.sortable('teamName'),
      title: t('autoAssignment.columns.team'),
      render: (_, row) => <strong>{row.teamName}</strong>,
    },
    {
      ...list.sortable('mode'),
      title: t('autoAssignment.columns.mode'),
      width: 220,
      render: (_, row) => (
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          size="small"
          value={settingsOf(row).mode}
          options={modeOptions}
          disabled={!row.canUpdate || saving !== null}
          aria-label={t('autoAssignment.modeOf', { team: row.teamName })}
          onChange={(event) => onChange(row, { mode: event.target.value as AssignmentMode })}
          data-testid="assignment-mode"
        />
      ),
    },
    {
      key: 'method',
      title: t('autoAssignment.columns.method'),
      width: 220,
      render: (_, row) => {
        const settings = settingsOf(row);
        return (
          <Select<AssignmentMethod>
            id={`method_${row.teamId}`}
            size="small"
            value={settings.method}
            options={methodOptions}
            disabled={!row.canUpdate || settings.mode === 'manual' || saving !== null}
            loading={saving?.teamId === row.teamId}
            aria-label={t('autoAssignment.methodOf', { team: row.teamName })}
            onChange={(method) => onChange(row, { method })}
            className="auto-assignment__method"
            data-testid="assignment-method"
          />
        );
      },
    },
    {
      key: 'members',
      title: t('autoAssignment.columns.members'),
      align: 'end',
      render: (_, row) => row.memberCount.toLocaleString(),
    },
    {
      key: 'available',
      title: (
        <Tooltip title={t('autoAssignment.availableHint')}>
          <span className="help-text">{t('autoAssignment.columns.availableNow')}</span>
        </Tooltip>
      ),
      render: (_, row) => {
        const readiness = readinessOf(settingsOf(row), row.availableNow);
        return (
          <span className="auto-assignment__available" data-testid="available-now">
            <span>
              {t('autoAssignment.availableCount', { count: row.availableNow, total: row.memberCount })}
            </span>
            {readiness === 'nobody' && (
              <span className="auto-assignment__warning">
                <WarningOutlined aria-hidden /> {t('autoAssignment.nobodyAvailable')}
              </span>
            )}
          </span>
        );
      },
    },
    {
      key: 'waiting',
      title: t('autoAssignment.columns.waitingIssues'),
      align: 'end',
      render: (_, row) => row.waitingIssues.toLocaleString(),
    },
  ];

  return (
    <ListTable<AutoAssignment, AutoAssignmentSort>
      list={list}
      data={data}
      isLoading={isLoading}
      columns={columns}
      rowKey="teamId"
      empty={{ text: t('autoAssignment.empty') }}
      scrollX={960}
      testId="auto-assignment-table"
    />
  );
}
