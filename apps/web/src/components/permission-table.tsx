import { Select, Table, Tag as AntTag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACTIONS, RESOURCES } from '@sabai/domain';
import type { Action, PermissionMatrix, Resource, Scope } from '@sabai/domain';
import {
  ACTION_LABELS,
  RESOURCE_LABELS,
  SCOPE_LABELS,
  cellKey,
  hasAction,
  type CellKey,
} from '../lib/permission-matrix';
import './permission-table.css';

const NONE = 'none';

type PermissionTableProps = {
  matrix: PermissionMatrix;
  /** Whether cells are selects (else each shows its scope). */
  isEditable: boolean;
  /** The scopes a cell may take; none makes the cell read-only. */
  choicesOf: (resource: Resource, action: Action, current: Scope | undefined) => readonly Scope[];
  onChange: (resource: Resource, action: Action, scope: Scope | null) => void;
  /** Cells the server refused, marked in red. */
  refused?: ReadonlySet<CellKey>;
  /** The rows shown (every resource by default). */
  resources?: readonly Resource[];
  testId: string;
};

/** Resources × actions → scope, read-only or with a select per cell. */
export function PermissionTable({
  matrix,
  isEditable,
  choicesOf,
  onChange,
  refused,
  resources = RESOURCES,
  testId,
}: PermissionTableProps) {
  const { t } = useTranslation();

  function renderCell(resource: Resource, action: Action) {
    if (!hasAction(resource, action))
      return <span className="muted-text">{t('roleMatrix.notApplicable')}</span>;
    const scope = matrix[resource]?.[action];
    const choices = choicesOf(resource, action, scope);
    if (!isEditable || choices.length === 0) {
      return scope ? (
        <AntTag color={scope === 'all' ? 'green' : 'blue'}>{t(SCOPE_LABELS[scope])}</AntTag>
      ) : (
        <span className="muted-text">{t('roleMatrix.scopes.none')}</span>
      );
    }
    return (
      <Select<string>
        id={`scope_${resource}_${action}`}
        size="small"
        value={scope ?? NONE}
        // No grant reads as a quiet grey cell, so the granted scopes stand out.
        variant={scope ? 'outlined' : 'filled'}
        status={refused?.has(cellKey(resource, action)) ? 'error' : undefined}
        options={[
          { value: NONE, label: t('roleMatrix.scopes.none') },
          ...choices.map((choice) => ({ value: choice, label: t(SCOPE_LABELS[choice]) })),
        ]}
        aria-label={t('roleMatrix.cellLabel', {
          resource: t(RESOURCE_LABELS[resource]),
          action: t(ACTION_LABELS[action]),
        })}
        onChange={(value) => onChange(resource, action, value === NONE ? null : (value as Scope))}
        className="permission-table__select"
      />
    );
  }

  const columns: TableColumnsType<Resource> = [
    {
      key: 'resource',
      title: t('roleMatrix.resource'),
      fixed: 'left',
      width: 220,
      render: (_, resource) => <strong>{t(RESOURCE_LABELS[resource])}</strong>,
    },
    ...ACTIONS.map((action) => ({
      key: action,
      title: t(ACTION_LABELS[action]),
      width: 200,
      render: (_: unknown, resource: Resource) => renderCell(resource, action),
    })),
  ];

  return (
    <Table<Resource>
      rowKey={(resource) => resource}
      columns={columns}
      dataSource={[...resources]}
      pagination={false}
      size="small"
      scroll={{ x: 1000 }}
      data-testid={testId}
    />
  );
}
