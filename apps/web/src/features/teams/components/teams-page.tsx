import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@sabai/domain';
import type { Team, TeamListItem } from '@sabai/contracts';
import { ListCard, ListSearch } from '../../../components/list-card';
import { PageSpinner } from '../../../components/page-spinner';
import { SettingsPage } from '../../../components/settings-page';
import { SettingsTabs, useSettingsTab } from '../../../components/settings-tabs';
import { ensureSettingsTexts, ensureWorkforceTexts } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/me';
import { useListParams, useShowLastPage } from '../../../lib/list-query';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useConfirm } from '../../../lib/use-confirm';
import { useLazyPanel } from '../../../lib/use-lazy-panel';
import { useDeleteTeam } from '../api/delete-team';
import { useTeams } from '../api/get-teams';
import type { TeamSort } from '../api/get-teams';
import { usePendingTimeOffCount } from '../api/get-time-off-requests';
import type { TeamDrawerState } from './team-drawer';
import { LeaveRequests } from './leave-requests';
import { TeamTable } from './team-table';
import '../teams.css';

// The form (time pickers, selects, the drawer) loads when first opened: the list comes first.
const TeamDrawer = lazy(() => import('./team-drawer').then(({ TeamDrawer }) => ({ default: TeamDrawer })));

const SORTS: readonly TeamSort[] = ['name', 'createdAt', 'memberCount'];

/**
 * /setting/team (desktop only, scope all or myTeam): teams, their managers and members' shifts, and the
 * members' leave requests the manager decides.
 */
export function TeamsPage() {
  const { t } = useTranslation();
  const notice = useNotice();
  // ?tab=leave-requests opens the members' leave requests (a leave request's notification links there).
  const [tab, setTab] = useSettingsTab(['teams', 'leave-requests']);
  const list = useListParams<TeamSort>(SORTS, 'name');
  const teamsQuery = useTeams(list.params);
  const pendingQuery = usePendingTimeOffCount();
  const deleteMutation = useDeleteTeam();
  const [confirm, confirmHolder] = useConfirm();
  // A manager (scope myTeam) edits their team but cannot add one.
  const canCreate = isAllowed(usePermissions(), 'team', 'create');
  const [drawer, setDrawer, hasOpenedDrawer] = useLazyPanel<TeamDrawerState>();
  useRetrievalNotice(teamsQuery.isError, 'teams');
  useShowLastPage(teamsQuery.data, list.setPage);

  function handleSaved(_: Team, isNew: boolean) {
    notice.success(isNew ? 'teams.created' : 'teams.saved');
    setDrawer(null);
  }

  function handleDelete(team: TeamListItem) {
    confirm({
      title: t('teams.deleteConfirm.title', { name: team.name }),
      content: t('teams.deleteConfirm.text'),
      okText: t('teams.deleteConfirm.ok'),
      onOk: async () => {
        try {
          await deleteMutation.mutateAsync(team.id);
          notice.success('teams.deleted');
        } catch (error) {
          // 'Before removing this team, please remove members.'
          notice.error(error, 'common.error.update');
        }
      },
    });
  }

  const teamsPanel = (
    <ListCard
      toolbar={
        <ListSearch
          value={list.search}
          onChange={list.setSearch}
          label={t('teams.search')}
          testId="team-search"
        />
      }
      isError={teamsQuery.isError}
      onRetry={() => void teamsQuery.refetch()}
    >
      <TeamTable
        list={list}
        data={teamsQuery.data}
        isLoading={teamsQuery.isLoading}
        canAdd={canCreate}
        onAdd={() => setDrawer({ mode: 'create' })}
        onEdit={(team) => setDrawer({ mode: 'edit', id: team.id })}
        onDelete={handleDelete}
      />
    </ListCard>
  );

  return (
    <SettingsPage
      testId="teams-page"
      title={t('teams.title')}
      subtitle={t('teams.subtitle')}
      add={
        canCreate && tab === 'teams'
          ? { label: t('teams.add'), onClick: () => setDrawer({ mode: 'create' }), testId: 'add-team' }
          : null
      }
    >
      {confirmHolder}
      <SettingsTabs
        active={tab}
        onChange={setTab}
        items={[
          { key: 'teams', label: t('teams.tabs.teams'), children: teamsPanel },
          {
            key: 'leave-requests',
            label: (
              <span className="teams-tabs__label" data-testid="leave-requests-tab">
                {t('teams.tabs.leaveRequests')}
                {(pendingQuery.data ?? 0) > 0 && (
                  <span className="count-pill" data-testid="leave-requests-pending">
                    {pendingQuery.data}
                  </span>
                )}
              </span>
            ),
            children: <LeaveRequests />,
          },
        ]}
      />
      {hasOpenedDrawer && (
        <Suspense fallback={<PageSpinner />}>
          <TeamDrawer state={drawer} onClose={() => setDrawer(null)} onSaved={handleSaved} />
        </Suspense>
      )}
    </SettingsPage>
  );
}

export { TeamsPage as Component };

/** The screen's texts load with it, before it renders. */
export async function loader(): Promise<null> {
  await Promise.all([ensureSettingsTexts(), ensureWorkforceTexts()]);
  return null;
}
