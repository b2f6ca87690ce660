import { Suspense, lazy, useEffect, useState } from 'react';
import { Button, Card, Input, Typography } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@sabai/domain';
import type { Team, TeamListItem } from '@sabai/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { RetryNotice } from '../../../components/retry-notice';
import { ensureSettingsTexts } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/me';
import { useListParams } from '../../../lib/list-query';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useConfirm } from '../../../lib/use-confirm';
import { useDeleteTeam } from '../api/delete-team';
import { useTeams } from '../api/get-teams';
import type { TeamSort } from '../api/get-teams';
import type { TeamDrawerState } from './team-drawer';
import { TeamTable } from './team-table';
import '../../../components/settings-page.css';
import '../teams.css';

// The form (time pickers, selects, the drawer) loads when first opened: the list comes first.
const TeamDrawer = lazy(() => import('./team-drawer').then(({ TeamDrawer }) => ({ default: TeamDrawer })));

const SORTS: readonly TeamSort[] = ['name', 'createdAt', 'memberCount'];

/** /setting/team (desktop only, scope all or myTeam): teams, their managers and members' shifts. */
export function TeamsPage() {
  const { t } = useTranslation();
  const notice = useNotice();
  const list = useListParams<TeamSort>(SORTS, 'name');
  const teamsQuery = useTeams(list.params);
  const deleteMutation = useDeleteTeam();
  const [confirm, confirmHolder] = useConfirm();
  // A manager (scope myTeam) edits their team but cannot add one.
  const canCreate = isAllowed(usePermissions(), 'team', 'create');
  const [drawer, setDrawerState] = useState<TeamDrawerState | null>(null);
  const [hasOpenedDrawer, setHasOpenedDrawer] = useState(false);
  useRetrievalNotice(teamsQuery.isError, 'teams');

  const page = teamsQuery.data;
  const { setPage } = list;
  // The last team of a page was deleted: show the page before it.
  useEffect(() => {
    if (page && page.items.length === 0 && page.page > 1) setPage(page.page - 1);
  }, [page, setPage]);

  function setDrawer(next: TeamDrawerState | null) {
    setDrawerState(next);
    if (next) setHasOpenedDrawer(true);
  }

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
          // Spec §8: 'Before removing this team, please remove members.'
          notice.error(error, 'common.error.update');
        }
      },
    });
  }

  return (
    <div className="page settings-page" data-testid="teams-page">
      {confirmHolder}
      <div className="settings-page__head">
        <div>
          <Typography.Title level={1} className="page__title">
            {t('teams.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="settings-page__subtitle">
            {t('teams.subtitle')}
          </Typography.Paragraph>
        </div>
        {canCreate && (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setDrawer({ mode: 'create' })}
            data-testid="add-team"
          >
            {t('teams.add')}
          </Button>
        )}
      </div>
      <Card className="page__card">
        <div className="settings-page__toolbar">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('teams.search')}
            aria-label={t('teams.search')}
            value={list.search}
            onChange={(event) => list.setSearch(event.target.value)}
            className="settings-page__search"
            data-testid="team-search"
          />
        </div>
        {teamsQuery.isError ? (
          <RetryNotice onRetry={() => void teamsQuery.refetch()} />
        ) : (
          <TeamTable
            teams={page?.items ?? []}
            total={page?.total ?? 0}
            page={list.params.page}
            pageSize={list.params.pageSize}
            isSearching={list.params.search.trim() !== ''}
            isLoading={teamsQuery.isLoading}
            sortOrderOf={list.sortOrderOf}
            onChange={(pagination, _filters, sorter) => list.handleTableChange(pagination, sorter)}
            canAdd={canCreate}
            onAdd={() => setDrawer({ mode: 'create' })}
            onEdit={(team) => setDrawer({ mode: 'edit', id: team.id })}
            onDelete={handleDelete}
          />
        )}
      </Card>
      {hasOpenedDrawer && (
        <Suspense fallback={<PageSpinner />}>
          <TeamDrawer state={drawer} onClose={() => setDrawer(null)} onSaved={handleSaved} />
        </Suspense>
      )}
    </div>
  );
}

export { TeamsPage as Component };

/** The screen's texts load with it, before it renders. */
export async function loader(): Promise<null> {
  await ensureSettingsTexts();
  return null;
}
