import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AutoAssignment, UpdateAutoAssignment } from '@sabai/contracts';
import { ListCard, ListSearch } from '../../../components/list-card';
import { SettingsPage } from '../../../components/settings-page';
import { ensureSettingsTexts, ensureWorkforceTexts } from '../../../lib/i18n';
import { useListParams } from '../../../lib/list-query';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useAutoAssignments } from '../api/get-auto-assignments';
import type { AutoAssignmentSort } from '../api/get-auto-assignments';
import { useUpdateAutoAssignment } from '../api/update-auto-assignment';
import { changeOf, shownSettings } from '../utils/auto-assignment';
import { AutoAssignmentTable } from './auto-assignment-table';
import '../auto-assignment.css';

const SORTS: readonly AutoAssignmentSort[] = ['teamName', 'mode'];

/**
 * /setting/auto-assignment (desktop only, scope all or myTeam): per team, whether new issues wait for a
 * manager to assign them or go to an available member by round robin or least contact.
 */
export function AutoAssignmentPage() {
  const { t } = useTranslation();
  const notice = useNotice();
  const list = useListParams<AutoAssignmentSort>(SORTS, 'teamName');
  const settingsQuery = useAutoAssignments(list.params);
  const updateMutation = useUpdateAutoAssignment();
  useRetrievalNotice(settingsQuery.isError, 'auto_assignment');

  async function handleChange(row: AutoAssignment, change: Partial<UpdateAutoAssignment>) {
    const body = changeOf(shownSettings(row, null), change);
    try {
      await updateMutation.mutateAsync({ teamId: row.teamId, body });
      notice.success('autoAssignment.saved');
    } catch (error) {
      notice.error(error, 'common.error.update');
    }
  }

  return (
    <SettingsPage
      testId="auto-assignment-page"
      title={t('autoAssignment.title')}
      subtitle={t('autoAssignment.subtitle')}
    >
      <Alert
        type="info"
        showIcon
        title={t('autoAssignment.availableTitle')}
        description={t('autoAssignment.availableText')}
        className="auto-assignment__help"
        data-testid="available-help"
      />
      <ListCard
        toolbar={
          <ListSearch
            value={list.search}
            onChange={list.setSearch}
            label={t('autoAssignment.search')}
            testId="auto-assignment-search"
          />
        }
        isError={settingsQuery.isError}
        onRetry={() => void settingsQuery.refetch()}
      >
        <AutoAssignmentTable
          list={list}
          data={settingsQuery.data}
          isLoading={settingsQuery.isLoading}
          saving={updateMutation.isPending ? updateMutation.variables : null}
          onChange={(row, change) => void handleChange(row, change)}
        />
      </ListCard>
    </SettingsPage>
  );
}

export { AutoAssignmentPage as Component };

/** The screen's texts load with it, before it renders. */
export async function loader(): Promise<null> {
  await Promise.all([ensureSettingsTexts(), ensureWorkforceTexts()]);
  return null;
}
