import { Suspense, lazy, useState } from 'react';
import { Button, Input, Select, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@sabai/domain';
import type { KbLanguage, KbStatus } from '@sabai/contracts';
import { ListCard } from '../../../components/list-card';
import { actionsColumn, ListEmpty } from '../../../components/list-table';
import { PageSpinner } from '../../../components/page-spinner';
import { SafeText } from '../../../components/safe-text';
import { SettingsPage } from '../../../components/settings-page';
import { ensureSettingsTexts } from '../../../lib/i18n';
import { textColourOn } from '../../../lib/readable-colour';
import { usePermissions } from '../../../lib/me';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useTagOptions } from '../../../lib/tag-options';
import { useConfirm } from '../../../lib/use-confirm';
import { useLazyPanel } from '../../../lib/use-lazy-panel';
import { useDeleteKbArticle, useKbArticles, type KbArticle } from '../api/articles';
import type { ArticleDrawerState } from './article-drawer';
import { ImportModal } from './import-modal';
import '../knowledge-base.css';

const ArticleDrawer = lazy(() =>
  import('./article-drawer').then(({ ArticleDrawer }) => ({ default: ArticleDrawer })),
);
const PAGE_SIZE = 20;

/**
 * /setting/knowledge-base (desktop only; the channel scope all, Admin and SuperAdmin by default): help
 * articles in Thai and English that agents search from the reply box and the AI features retrieve. Searched
 * (best first), filtered by language, status and tag; edited in a drawer; imported from CSV.
 */
export function KnowledgeBasePage() {
  const { t, i18n } = useTranslation();
  const notice = useNotice();
  const canUpdate = isAllowed(usePermissions(), 'channel', 'update', ['all']);
  const [search, setSearch] = useState('');
  const [language, setLanguage] = useState<KbLanguage | undefined>();
  const [status, setStatus] = useState<KbStatus | undefined>();
  const [tagId, setTagId] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const params = {
    page,
    pageSize: PAGE_SIZE,
    ...(search ? { search } : {}),
    ...(language ? { language } : {}),
    ...(status ? { status } : {}),
    ...(tagId ? { tagId } : {}),
  };
  const articlesQuery = useKbArticles(params);
  const tagsQuery = useTagOptions();
  const deleteMutation = useDeleteKbArticle();
  const [confirm, confirmHolder] = useConfirm();
  const [drawer, setDrawer, hasOpenedDrawer] = useLazyPanel<ArticleDrawerState>();
  const [isImportOpen, setIsImportOpen] = useState(false);
  useRetrievalNotice(articlesQuery.isError, 'kb_articles');
  useRetrievalNotice(tagsQuery.isError, 'tags');
  const isFiltered = Boolean(search || language || status || tagId);
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  function handleDelete(article: KbArticle) {
    confirm({
      title: t('kb.deleteConfirm.title', { title: article.title }),
      content: t('kb.deleteConfirm.text'),
      okText: t('kb.deleteConfirm.ok'),
      onOk: async () => {
        try {
          await deleteMutation.mutateAsync(article.id);
          notice.success('kb.deleted');
        } catch (error) {
          notice.error(error, 'common.error.update');
        }
      },
    });
  }

  const openCreate = () => setDrawer({ mode: 'create' });
  const columns: TableColumnsType<KbArticle> = [
    {
      key: 'title',
      title: t('kb.columns.title'),
      render: (_, article) => <SafeText className="kb-table__title" text={article.title} />,
    },
    {
      key: 'language',
      title: t('kb.columns.language'),
      width: 110,
      render: (_, article) => t(`kb.languages.${article.language}`),
    },
    {
      key: 'status',
      title: t('kb.columns.status'),
      width: 130,
      render: (_, article) => (
        <Tag color={article.status === 'published' ? 'green' : 'default'}>
          {t(`kb.statuses.${article.status}`)}
        </Tag>
      ),
    },
    {
      key: 'tags',
      title: t('kb.columns.tags'),
      render: (_, article) =>
        article.tags.map((tag) => (
          // Solid in the tag's colour with white or black text, whichever reads (as the tags screen shows them).
          <Tag key={tag.id} color={tag.colour} variant="solid" style={{ color: textColourOn(tag.colour) }}>
            <SafeText text={tag.name} />
          </Tag>
        )),
    },
    {
      key: 'updatedAt',
      title: t('kb.columns.updatedAt'),
      width: 170,
      render: (_, article) =>
        new Date(article.updatedAt).toLocaleString(i18n.language, {
          dateStyle: 'medium',
          timeStyle: 'short',
        }),
    },
  ];
  if (canUpdate)
    columns.push(
      actionsColumn<KbArticle>({
        title: t('list.actions'),
        onEdit: (article) => setDrawer({ mode: 'edit', article }),
        onDelete: handleDelete,
      }),
    );

  return (
    <SettingsPage
      testId="kb-page"
      title={t('kb.title')}
      subtitle={t('kb.subtitle')}
      add={canUpdate ? { label: t('kb.add'), onClick: openCreate, testId: 'add-kb-article' } : null}
    >
      {confirmHolder}
      <div className="kb-toolbar">
        <Input.Search
          allowClear
          placeholder={t('kb.search')}
          aria-label={t('kb.search')}
          onSearch={(value) => filter(setSearch)(value.trim())}
          className="kb-toolbar__search"
          data-testid="kb-search"
        />
        <Select
          allowClear
          placeholder={t('kb.anyLanguage')}
          aria-label={t('kb.columns.language')}
          value={language}
          onChange={filter(setLanguage)}
          options={[
            { value: 'th', label: t('kb.languages.th') },
            { value: 'en', label: t('kb.languages.en') },
          ]}
          className="kb-toolbar__select"
        />
        <Select
          allowClear
          placeholder={t('kb.anyStatus')}
          aria-label={t('kb.columns.status')}
          value={status}
          onChange={filter(setStatus)}
          options={[
            { value: 'published', label: t('kb.statuses.published') },
            { value: 'draft', label: t('kb.statuses.draft') },
          ]}
          className="kb-toolbar__select"
        />
        <Select
          allowClear
          placeholder={t('kb.anyTag')}
          aria-label={t('kb.columns.tags')}
          value={tagId}
          onChange={filter(setTagId)}
          showSearch={{ optionFilterProp: 'label' }}
          options={(tagsQuery.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
          className="kb-toolbar__select"
        />
        {canUpdate && (
          <Space className="kb-toolbar__end">
            <Button icon={<UploadOutlined />} onClick={() => setIsImportOpen(true)} data-testid="kb-import">
              {t('kb.import')}
            </Button>
          </Space>
        )}
      </div>
      <ListCard isError={articlesQuery.isError} onRetry={() => void articlesQuery.refetch()}>
        <Table<KbArticle>
          rowKey="id"
          columns={columns}
          dataSource={articlesQuery.data?.items ?? []}
          loading={articlesQuery.isLoading || articlesQuery.isFetching}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: articlesQuery.data?.total ?? 0,
            hideOnSinglePage: true,
            showSizeChanger: false,
            showTotal: (count) => t('list.total', { count }),
            onChange: setPage,
          }}
          locale={{
            emptyText: articlesQuery.isLoading ? null : (
              <ListEmpty
                isSearching={isFiltered}
                text={t('kb.empty')}
                {...(canUpdate ? { addLabel: t('kb.add'), onAdd: openCreate } : {})}
              />
            ),
          }}
          data-testid="kb-table"
        />
      </ListCard>
      {hasOpenedDrawer && (
        <Suspense fallback={<PageSpinner />}>
          <ArticleDrawer
            state={drawer}
            tags={tagsQuery.data ?? []}
            onClose={() => setDrawer(null)}
            onSaved={(_, isNew) => {
              notice.success(isNew ? 'kb.created' : 'kb.saved');
              setDrawer(null);
            }}
          />
        </Suspense>
      )}
      <ImportModal open={isImportOpen} onClose={() => setIsImportOpen(false)} />
    </SettingsPage>
  );
}

export { KnowledgeBasePage as Component };

/** The screen's texts load with it, before it renders. */
export async function loader(): Promise<null> {
  await ensureSettingsTexts();
  return null;
}
