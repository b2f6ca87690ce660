import { Suspense, lazy, useEffect, useState } from 'react';
import { Button, Card, Input, Typography } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Tag } from '@sabai/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { RetryNotice } from '../../../components/retry-notice';
import { ensureSettingsTexts } from '../../../lib/i18n';
import { useListParams } from '../../../lib/list-query';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useConfirm } from '../../../lib/use-confirm';
import { useDeleteTag } from '../api/delete-tag';
import { useTags } from '../api/get-tags';
import type { TagSort } from '../api/get-tags';
import { useTeamOptions } from '../api/get-team-options';
import type { TagDrawerState } from './tag-drawer';
import { TagTable } from './tag-table';
import '../../../components/settings-page.css';

// The form (colour picker, select, drawer) loads when first opened: the list comes first.
const TagDrawer = lazy(() => import('./tag-drawer').then(({ TagDrawer }) => ({ default: TagDrawer })));

const SORTS: readonly TagSort[] = ['name', 'createdAt', 'team', 'issueCount'];

/** /setting/tag (desktop only, scope all): the tags agents put on issues (spec §3 Tag). */
export function TagsPage() {
  const { t } = useTranslation();
  const notice = useNotice();
  const list = useListParams<TagSort>(SORTS, 'name');
  const tagsQuery = useTags(list.params);
  const teamsQuery = useTeamOptions();
  const deleteMutation = useDeleteTag();
  const [confirm, confirmHolder] = useConfirm();
  const [drawer, setDrawerState] = useState<TagDrawerState | null>(null);
  const [hasOpenedDrawer, setHasOpenedDrawer] = useState(false);
  useRetrievalNotice(tagsQuery.isError, 'tags');
  useRetrievalNotice(teamsQuery.isError, 'teams');

  const page = tagsQuery.data;
  const { setPage } = list;
  // The last tag of a page was deleted: show the page before it.
  useEffect(() => {
    if (page && page.items.length === 0 && page.page > 1) setPage(page.page - 1);
  }, [page, setPage]);

  function setDrawer(next: TagDrawerState | null) {
    setDrawerState(next);
    if (next) setHasOpenedDrawer(true);
  }

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
    <div className="page settings-page" data-testid="tags-page">
      {confirmHolder}
      <div className="settings-page__head">
        <div>
          <Typography.Title level={1} className="page__title">
            {t('tags.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="settings-page__subtitle">
            {t('tags.subtitle')}
          </Typography.Paragraph>
        </div>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setDrawer({ mode: 'create' })}
          data-testid="add-tag"
        >
          {t('tags.add')}
        </Button>
      </div>
      <Card className="page__card">
        <div className="settings-page__toolbar">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('tags.search')}
            aria-label={t('tags.search')}
            value={list.search}
            onChange={(event) => list.setSearch(event.target.value)}
            className="settings-page__search"
            data-testid="tag-search"
          />
        </div>
        {tagsQuery.isError ? (
          <RetryNotice onRetry={() => void tagsQuery.refetch()} />
        ) : (
          <TagTable
            tags={page?.items ?? []}
            total={page?.total ?? 0}
            page={list.params.page}
            pageSize={list.params.pageSize}
            isSearching={list.params.search.trim() !== ''}
            isLoading={tagsQuery.isLoading}
            sortOrderOf={list.sortOrderOf}
            onChange={(pagination, _filters, sorter) => list.handleTableChange(pagination, sorter)}
            onAdd={() => setDrawer({ mode: 'create' })}
            onEdit={(tag) => setDrawer({ mode: 'edit', tag })}
            onDelete={handleDelete}
          />
        )}
      </Card>
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
    </div>
  );
}

export { TagsPage as Component };

/** The screen's texts load with it, before it renders. */
export async function loader(): Promise<null> {
  await ensureSettingsTexts();
  return null;
}
