import { useMemo, useState } from 'react';
import { Alert, Button, Segmented, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROLE_NAMES, isEditableRole } from '@sabai/domain';
import type { Action, PermissionMatrix, Resource, Scope } from '@sabai/domain';
import type { TranslationKey } from '@sabai/i18n';
import { PermissionTable } from '../../../components/permission-table';
import { RetryNotice } from '../../../components/retry-notice';
import { roleKey } from '../../../lib/i18n';
import { useNotice } from '../../../lib/notices';
import { useConfirm } from '../../../lib/use-confirm';
import type { Role } from '../api/get-roles';
import { useUpdateRole } from '../api/update-role';
import {
  ACTION_LABELS,
  RESOURCE_LABELS,
  isSameMatrix,
  roleSaveFeedback,
  scopeChoices,
  toRequest,
  withScope,
} from '../utils/role-matrix';
import type { CellKey } from '../utils/role-matrix';
import '../users.css';

type RoleMatrixProps = {
  roles: readonly Role[];
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** Whether the user may change the Manager and Staff roles (an Admin: user update with scope all). */
  canEdit: boolean;
};

/**
 * Each role's permissions as resources × actions → scope. SuperAdmin and Admin are fixed; an
 * Admin adjusts the scopes of Manager and Staff within what each resource allows, then saves.
 */
export function RoleMatrix({ roles, isLoading, isError, onRetry, canEdit }: RoleMatrixProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [confirm, confirmHolder] = useConfirm();
  const updateMutation = useUpdateRole();
  const ordered = useMemo(
    () => ROLE_NAMES.flatMap((name) => roles.filter((role) => role.name === name)),
    [roles],
  );
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [draft, setDraft] = useState<PermissionMatrix | null>(null);
  const [problem, setProblem] = useState<{ message: TranslationKey; cells: CellKey[] } | null>(null);
  const role = ordered.find((each) => each.id === selectedId) ?? ordered[0];
  const isEditable = canEdit && role !== undefined && isEditableRole(role.name);
  const matrix = draft ?? role?.permissions ?? {};
  const isDirty = role !== undefined && draft !== null && !isSameMatrix(draft, role.permissions);
  const refused = new Set(problem?.cells ?? []);

  const labelOf = (name: Role['name']) => {
    const key = roleKey(name);
    return key ? t(key) : name;
  };

  function select(id: string) {
    const next = () => {
      setSelectedId(id);
      setDraft(null);
      setProblem(null);
    };
    if (!isDirty) return next();
    confirm({
      title: t('roleMatrix.discardConfirm.title'),
      content: t('roleMatrix.discardConfirm.text'),
      okText: t('roleMatrix.discardConfirm.ok'),
      onOk: next,
    });
  }

  function change(resource: Resource, action: Action, scope: Scope | null) {
    setDraft(withScope(matrix, resource, action, scope));
    setProblem(null);
  }

  async function handleSave() {
    if (!role) return;
    setProblem(null);
    try {
      await updateMutation.mutateAsync({ id: role.id, body: toRequest(matrix) });
      setDraft(null);
      notice.success('roleMatrix.saved');
    } catch (error) {
      setProblem(roleSaveFeedback(error));
    }
  }

  if (isError) return <RetryNotice onRetry={onRetry} />;
  if (isLoading || !role) return <Skeleton active paragraph={{ rows: 8 }} />;

  return (
    <div className="role-matrix" data-testid="role-matrix">
      {confirmHolder}
      <div className="role-matrix__head">
        <Segmented<string>
          value={role.id}
          options={ordered.map((each) => ({ value: each.id, label: labelOf(each.name) }))}
          onChange={select}
          data-testid="role-picker"
        />
        <span className="muted-text" data-testid="role-matrix-note">
          {t(
            isEditable
              ? 'roleMatrix.editableNote'
              : isEditableRole(role.name)
                ? 'roleMatrix.readOnlyNote'
                : 'roleMatrix.fixedNote',
            { role: labelOf(role.name) },
          )}
        </span>
      </div>
      {problem && (
        <Alert
          type="error"
          showIcon
          title={t(problem.message)}
          description={
            problem.cells.length > 0
              ? problem.cells
                  .map((cell) => {
                    const [resource, action] = cell.split('.') as [Resource, Action];
                    return `${t(RESOURCE_LABELS[resource])} · ${t(ACTION_LABELS[action])}`;
                  })
                  .join(', ')
              : undefined
          }
          className="role-matrix__alert"
          data-testid="role-matrix-alert"
        />
      )}
      <PermissionTable
        matrix={matrix}
        isEditable={isEditable}
        choicesOf={(resource, _action, current) => scopeChoices(resource, current)}
        onChange={change}
        refused={refused}
        testId="role-matrix-table"
      />
      {isEditable && (
        <div className="settings-form__actions">
          <Button
            disabled={!isDirty || updateMutation.isPending}
            onClick={() => {
              setDraft(null);
              setProblem(null);
            }}
          >
            {t('roleMatrix.reset')}
          </Button>
          <Button
            type="primary"
            disabled={!isDirty}
            loading={updateMutation.isPending}
            onClick={() => void handleSave()}
            data-testid="role-save"
          >
            {t('roleMatrix.save')}
          </Button>
        </div>
      )}
    </div>
  );
}
