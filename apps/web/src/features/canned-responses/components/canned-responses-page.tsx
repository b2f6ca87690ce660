import { Suspense, lazy, useMemo, useState } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@sabai/domain';
import type { CannedCategory, CannedResponse, Macro } from '@sabai/contracts';
import { ListCard, ListSearch } from '../../../components/list-card';
import { PageSpinner } from '../../../components/page-spinner';
import { RetryNotice } from '../../../components/retry-notice';
import { SettingsPage } from '../../../components/settings-page';
import { SettingsTabs, useSettingsTab } from '../../../components/settings-tabs';
import { ensureSettingsTexts } from '../../../lib/i18n';
import { useListParams, useShowLastPage } from '../../../lib/list-query';
import { usePermissions } from '../../../lib/me';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useConfirm } from '../../../lib/use-confirm';
import { useLazyPanel } from '../../../lib/use-lazy-panel';
import { useDeleteCategory } from '../api/delete-category';
import { useDeleteResponse } from '../api/delete-response';
import { useCategories } from '../api/get-categories';
import { useResponses } from '../api/get-responses';
import type { ResponseSort } from '../api/get-responses';
import { CategoryList } from './category-list';
import type { CategoryModalState } from './category-modal';
import type { MacroDrawerState } from './macro-drawer';
import { MacrosPanel } from './macros-panel';
import type { ResponseDrawerState } from './response-drawer';
import { ResponseTable } from './response-table';
import '../canned-responses.css';

// The forms (text area, select, uploads, the drawer and the category dialog) load when first opened: the
// list comes first.
const CategoryModal = lazy(() =>
  import('./category-modal').then(({ CategoryModal }) => ({ default: CategoryModal })),
);
const ResponseDrawer = lazy(() =>
  import('./response-drawer').then(({ ResponseDrawer }) => ({ default: ResponseDrawer })),
);
const MacroDrawer = lazy(() =>
  import('./macro-drawer').then(({ MacroDrawer }) => ({ default: MacroDrawer })),
);

const SORTS: readonly ResponseSort[] = ['name', 'createdAt', 'category'];

/**
 * /setting/canned-response (desktop only, scope all or myCanned): canned categories and responses,
 * and on the second tab (?tab=macros) the macros, kept alike: `myCanned`
 * users change their own, shared ones are read-only for them.
 */
export function CannedResponsesPage() {
  const { t } = useTranslation();
  const notice = useNotice();
  const [tab, setTab] = useSettingsTab(['responses', 'macros']);
  const canAddMacro = isAllowed(usePermissions(), 'canned_response', 'create');
  const [macroDrawer, setMacroDrawer, hasOpenedMacroDrawer] = useLazyPanel<MacroDrawerState>();
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const list = useListParams<ResponseSort>(SORTS, 'name');
  const categoriesQuery = useCategories();
  const responsesQuery = useResponses(list.params, categoryId);
  const deleteCategoryMutation = useDeleteCategory();
  const deleteResponseMutation = useDeleteResponse();
  const [confirm, confirmHolder] = useConfirm();
  const [categoryModal, setCategoryModal, hasOpenedCategoryModal] = useLazyPanel<CategoryModalState>();
  const [drawer, setDrawer, hasOpenedDrawer] = useLazyPanel<ResponseDrawerState>();
  useRetrievalNotice(categoriesQuery.isError, 'canned_categories');
  useRetrievalNotice(responsesQuery.isError, 'canned_responses');

  const categories = useMemo(() => categoriesQuery.data?.items ?? [], [categoriesQuery.data]);
  const canAdd = categories.some((category) => category.canUpdate);
  const { setPage } = list;
  useShowLastPage(responsesQuery.data, setPage);

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

  function handleMacroSaved(_: Macro, isNew: boolean) {
    notice.success(isNew ? 'canned.macros.created' : 'canned.macros.saved');
    setMacroDrawer(null);
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

  const addResponse = {
    label: t('canned.add'),
    onClick: () => setDrawer({ mode: 'create', categoryId: addInCategory }),
    testId: 'add-canned',
    isDisabled: !canAdd,
  };
  const openMacroCreate = () => setMacroDrawer({ mode: 'create' });
  const addMacro = canAddMacro
    ? { label: t('canned.macros.add'), onClick: openMacroCreate, testId: 'add-macro' }
    : null;

  const responsesPanel = (
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
      <ListCard
        className="canned-layout__main"
        toolbar={
          <ListSearch
            value={list.search}
            onChange={list.setSearch}
            label={t('canned.search')}
            testId="canned-search"
          />
        }
        isError={responsesQuery.isError}
        onRetry={() => void responsesQuery.refetch()}
      >
        <ResponseTable
          list={list}
          data={responsesQuery.data}
          isLoading={responsesQuery.isLoading}
          emptyKey={emptyKey}
          canAdd={canAdd}
          onAdd={() => setDrawer({ mode: 'create', categoryId: addInCategory })}
          onEdit={(response) => setDrawer({ mode: 'edit', response })}
          onDelete={handleDelete}
        />
      </ListCard>
    </div>
  );

  return (
    <SettingsPage
      testId="canned-page"
      title={t('canned.title')}
      subtitle={t('canned.subtitle')}
      add={tab === 'responses' ? addResponse : addMacro}
    >
      {confirmHolder}
      <SettingsTabs
        active={tab}
        onChange={setTab}
        items={[
          { key: 'responses', label: t('canned.tabs.responses'), children: responsesPanel },
          {
            key: 'macros',
            label: <span data-testid="macros-tab">{t('canned.tabs.macros')}</span>,
            children: (
              <MacrosPanel
                onAdd={canAddMacro ? openMacroCreate : undefined}
                onEdit={(macro) => setMacroDrawer({ mode: 'edit', macro })}
              />
            ),
          },
        ]}
      />
      {hasOpenedCategoryModal && (
        <Suspense fallback={<PageSpinner />}>
          <CategoryModal
            key={categoryModal?.mode === 'edit' ? categoryModal.category.id : 'create'}
            state={categoryModal}
            onClose={() => setCategoryModal(null)}
            onSaved={handleCategorySaved}
          />
        </Suspense>
      )}
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
      {hasOpenedMacroDrawer && (
        <Suspense fallback={<PageSpinner />}>
          <MacroDrawer state={macroDrawer} onClose={() => setMacroDrawer(null)} onSaved={handleMacroSaved} />
        </Suspense>
      )}
    </SettingsPage>
  );
}

export { CannedResponsesPage as Component };

/** The screen's texts load with it, before it renders. */
export async function loader(): Promise<null> {
  await ensureSettingsTexts();
  return null;
}
