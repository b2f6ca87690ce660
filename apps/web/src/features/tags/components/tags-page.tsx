import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tag } from '@sabai/contracts';
import { ListCard, ListSearch } from '../../../components/list-card';
import { PageSpinner } from '../../../components/page-spinner';
import { SettingsPage } from '../../../components/settings-page';
import { ensureSettingsTexts } from '../../../lib/i18n';
import { useListParams, useShowLastPage } from '../../../lib/list-query';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useConfirm } from '../../../lib/use-confirm';
import { useLazyPanel } from '../../../lib/use-lazy-panel';
import { useDeleteTag } from '../api/delete-tag';
import { useTags } from '../api/get-tags';
import type { TagSort } from '../api/get-tags';
import { useTeamOptions } from '../api/get-team-options';
import type { TagDrawerState } from './tag-drawer';
import { TagTable } from './tag-table';

// The form (colour picker, select, drawer) loads when first opened: the list comes first.
const TagDrawer = lazy(() => import('./tag-drawer').then(({ TagDrawer }) => ({ default: TagDrawer })));

const SORTS: readonly TagSort[] = ['name', 'createdAt', 'team', 'issueCount'];

/** /setting/tag (desktop only, scope all): the tags agents put on issues. */
export function TagsPage() {
  const { t } = useTranslation();
  const notice = useNotice();
  const list = useListParams<TagSort>(SORTS, 'name');
  const tagsQuery = useTags(list.params);
  const teamsQuery = useTeamOptions();
  const deleteMutation = useDeleteTag();
  const [confirm, confirmHolder] = useConfirm();
  const [drawer, setDrawer, hasOpenedDrawer] = useLazyPanel<TagDrawerState>();
  useRetrievalNotice(tagsQuery.isError, 'tags');
  useRetrievalNotice(teamsQuery.isError, 'teams');
  useShowLastPage(tagsQuery.data, list.setPage);

  function handleSaved(_: Tag, isNew: boolean) {
    notice.success(isNew ? 'tags.created' : 'tags.saved');
    setDrawer(null);
  }

  function handleDelete(tag: Tag) {
    confirm({
      title: t('tags.deleteConfirm.title', { name: tag.name }),
      content: t('tags.deleteConfirm.text'),
      okText: t('tags.deleteConfirm.ok'),
      onOk: async () => {
        try {
          await deleteMutation.mutateAsync(tag.id);
          notice.success('tags.deleted');
        } catch (error) {
          notice.error(error, 'common.error.update');
        }
      },
    });
  }

  return (
    <SettingsPage
      testId="tags-page"
      title={t('tags.title')}
      subtitle={t('tags.subtitle')}
      add={{ label: t('tags.add'), onClick: () => setDrawer({ mode: 'create' }), testId: 'add-tag' }}
    >
      {confirmHolder}
      <ListCard
        toolbar={
          <ListSearch
            value={list.search}
            onChange={list.setSearch}
            label={t('tags.search')}
            testId="tag-search"
          />
        }
        isError={tagsQuery.isError}
        onRetry={() => void tagsQuery.refetch()}
      >
        <TagTable
          list={list}
          data={tagsQuery.data}
          isLoading={tagsQuery.isLoading}
          onAdd={() => setDrawer({ mode: 'create' })}
          onEdit={(tag) => setDrawer({ mode: 'edit', tag })}
          onDelete={handleDelete}
        />
      </ListCard>
      {hasOpenedDrawer && (
        <Suspense fallback={<PageSpinner />}>
          <TagDrawer
            state={drawer}
            teams={teamsQuery.data ?? []}
            isTeamsLoading={teamsQuery.isLoading}
            onClose={() => setDrawer(null)}
            onSaved={handleSaved}
          />
        </Suspense>
      )}
    </SettingsPage>
  );
}

export { TagsPage as Component };

/** The screen's texts load with it, before it renders. */
export async function loader(): Promise<null> {
  await ensureSettingsTexts();
  return null;
}
