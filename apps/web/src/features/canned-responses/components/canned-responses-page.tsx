import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { Button, Card, Input, Typography } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CannedCategory, CannedResponse } from '@sabai/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { RetryNotice } from '../../../components/retry-notice';
import { ensureSettingsTexts } from '../../../lib/i18n';
import { useListParams } from '../../../lib/list-query';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useConfirm } from '../../../lib/use-confirm';
import { useDeleteCategory } from '../api/delete-category';
import { useDeleteResponse } from '../api/delete-response';
import { useCategories } from '../api/get-categories';
import { useResponses } from '../api/get-responses';
import type { ResponseSort } from '../api/get-responses';
import { CategoryList } from './category-list';
import { CategoryModal } from './category-modal';
import type { CategoryModalState } from './category-modal';
import type { ResponseDrawerState } from './response-drawer';
import { ResponseTable } from './response-table';
import '../../../components/settings-page.css';
import '../canned-responses.css';

// The form (text area, select, uploads, drawer) loads when first opened: the list comes first.
const ResponseDrawer = lazy(() =>
  import('./response-drawer').then(({ ResponseDrawer }) => ({ default: ResponseDrawer })),
);

const SORTS: readonly ResponseSort[] = ['name', 'createdAt', 'category'];

/**
 * /setting/canned-response (desktop only, scope all or myCanned): canned categories and responses
 * (spec §3 Canned); `myCanned` users change their own, shared ones are read-only for them.
 */
export function CannedResponsesPage() {
  const { t } = useTranslation();
  const notice = useNotice();
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const list = useListParams<ResponseSort>(SORTS, 'name');
  const categoriesQuery = useCategories();
  const responsesQuery = useResponses(list.params, categoryId);
  const deleteCategoryMutation = useDeleteCategory();
  const deleteResponseMutation = useDeleteResponse();
  const [confirm, confirmHolder] = useConfirm();
  const [categoryModal, setCategoryModal] = useState<CategoryModalState | null>(null);
  const [drawer, setDrawerState] = useState<ResponseDrawerState | null>(null);
  const [hasOpenedDrawer, setHasOpenedDrawer] = useState(false);
  useRetrievalNotice(categoriesQuery.isError, 'canned_categories');
  useRetrievalNotice(responsesQuery.isError, 'canned_responses');

  const categories = useMemo(() => categoriesQuery.data?.items ?? [], [categoriesQuery.data]);
  const canAdd = categories.some((category) => category.canUpdate);
  const page = responsesQuery.data;
  const { setPage } = list;
  // The last response of a page was deleted: show the page before it.
  useEffect(() => {
    if (page && page.items.length === 0 && page.page > 1) setPage(page.page - 1);
  }, [page, setPage]);

  function setDrawer(next: ResponseDrawerState | null) {
    setDrawerState(next);
    if (next) setHasOpenedDrawer(true);
  }

  function handleSelectCategory(id: string | null) {
    setCategoryId(id);
    setPage(1);
  }

  function handleCategorySaved(category: CannedCategory, isNew: boolean) {
    notice.success(isNew ? 'canned.categories.created' : 'canned.categories.saved');
    setCategoryModal(null);
    if (isNew) handleSelectCategory(category.id);
  }

  function handleDeleteCategory(category: CannedCategory) {
    confirm({
      title: t('canned.categories.deleteConfirm.title', { name: category.name }),
      content: t('canned.categories.deleteConfirm.text', { count: category.responseCount }),
      okText: t('canned.categories.deleteConfirm.ok'),
      onOk: async () => {
        try {
          await deleteCategoryMutation.mutateAsync(category.id);
          notice.success('canned.categories.deleted');
          if (categoryId === category.id) handleSelectCategory(null);
        } catch (error) {
          notice.error(error, 'common.error.update');
        }
      },
    });
  }

  function handleSaved(_: CannedResponse, isNew: boolean) {
    notice.success(isNew ? 'canned.created' : 'canned.saved');
    setDrawer(null);
  }

  function handleDelete(response: CannedResponse) {
    confirm({
      title: t('canned.deleteConfirm.title', { name: response.name }),
      content: t('canned.deleteConfirm.text'),
      okText: t('canned.deleteConfirm.ok'),
      onOk: async () => {
        try {
          await deleteResponseMutation.mutateAsync(response.id);
          notice.success('canned.deleted');
        } catch (error) {
          notice.error(error, 'common.error.update');
        }
      },
    });
  }

  const selected = categories.find((category) => category.id === categoryId);
  const addInCategory = selected?.canUpdate ? selected.id : null;
  const emptyKey =
    !canAdd && !categoriesQuery.isLoading
      ? 'canned.needCategory'
      : categoryId
        ? 'canned.emptyCategory'
        : 'canned.empty';

  return (
    <div className="page settings-page" data-testid="canned-page">
      {confirmHolder}
      <div className="settings-page__head">
        <div>
          <Typography.Title level={1} className="page__title">
            {t('canned.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="settings-page__subtitle">
            {t('canned.subtitle')}
          </Typography.Paragraph>
        </div>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          disabled={!canAdd}
          onClick={() => setDrawer({ mode: 'create', categoryId: addInCategory })}
          data-testid="add-canned"
        >
          {t('canned.add')}
        </Button>
      </div>
      <div className="canned-layout">
        <Card className="page__card canned-layout__side">
          {categoriesQuery.isError ? (
            <RetryNotice onRetry={() => void categoriesQuery.refetch()} />
          ) : (
            <CategoryList
              categories={categories}
              selectedId={categoryId}
              isLoading={categoriesQuery.isLoading}
              onSelect={handleSelectCategory}
              onAdd={() => setCategoryModal({ mode: 'create' })}
              onEdit={(category) => setCategoryModal({ mode: 'edit', category })}
              onDelete={handleDeleteCategory}
            />
          )}
        </Card>
        <Card className="page__card canned-layout__main">
          <div className="settings-page__toolbar">
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder={t('canned.search')}
              aria-label={t('canned.search')}
              value={list.search}
              onChange={(event) => list.setSearch(event.target.value)}
              className="settings-page__search"
              data-testid="canned-search"
            />
          </div>
          {responsesQuery.isError ? (
            <RetryNotice onRetry={() => void responsesQuery.refetch()} />
          ) : (
            <ResponseTable
              responses={page?.items ?? []}
              total={page?.total ?? 0}
              page={list.params.page}
              pageSize={list.params.pageSize}
              isSearching={list.params.search.trim() !== ''}
              emptyKey={emptyKey}
              canAdd={canAdd}
              isLoading={responsesQuery.isLoading}
              sortOrderOf={list.sortOrderOf}
              onChange={(pagination, _filters, sorter) => list.handleTableChange(pagination, sorter)}
              onAdd={() => setDrawer({ mode: 'create', categoryId: addInCategory })}
              onEdit={(response) => setDrawer({ mode: 'edit', response })}
              onDelete={handleDelete}
            />
          )}
        </Card>
      </div>
      <CategoryModal
        key={categoryModal?.mode === 'edit' ? categoryModal.category.id : 'create'}
        state={categoryModal}
        onClose={() => setCategoryModal(null)}
        onSaved={handleCategorySaved}
      />
      {hasOpenedDrawer && (
        <Suspense fallback={<PageSpinner />}>
          <ResponseDrawer
            state={drawer}
            categories={categories}
            onClose={() => setDrawer(null)}
            onSaved={handleSaved}
          />
        </Suspense>
      )}
    </div>
  );
}

export { CannedResponsesPage as Component };

/** The screen's texts load with it, before it renders. */
export async function loader(): Promise<null> {
  await ensureSettingsTexts();
  return null;
}
