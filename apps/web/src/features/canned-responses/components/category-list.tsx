import { useMemo, useState } from 'react';
import { Button, Empty, Input, Skeleton, Tag as AntTag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CannedCategory } from '@sabai/contracts';
import { IconAction } from '../../../components/list-table';

type CategoryListProps = {
  categories: readonly CannedCategory[];
  selectedId: string | null;
  isLoading: boolean;
  onSelect: (id: string | null) => void;
  onAdd: () => void;
  onEdit: (category: CannedCategory) => void;
  onDelete: (category: CannedCategory) => void;
};

/** The categories beside the responses: choosing one narrows the table to it. */
export function CategoryList({
  categories,
  selectedId,
  isLoading,
  onSelect,
  onAdd,
  onEdit,
  onDelete,
}: CategoryListProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const query = search.trim().toLocaleLowerCase();
    return query
      ? categories.filter((category) => category.name.toLocaleLowerCase().includes(query))
      : categories;
  }, [categories, search]);

  const item = (id: string | null, label: string, extra?: CannedCategory) => (
    <li key={id ?? 'all'} className={`category-list__item${selectedId === id ? ' is-selected' : ''}`}>
      <button
        type="button"
        className="category-list__name"
        aria-pressed={selectedId === id}
        onClick={() => onSelect(id)}
      >
        <span className="category-list__label">{label}</span>
        {extra && (
          <span className="category-list__meta">
            {extra.isShared && <AntTag>{t('canned.categories.shared')}</AntTag>}
            {t('canned.categories.count', { count: extra.responseCount })}
          </span>
        )}
      </button>
      {extra && (
        <span className="category-list__actions">
          {extra.canUpdate && (
            <IconAction
              label={t('list.edit')}
              icon={<EditOutlined aria-hidden />}
              onClick={() => onEdit(extra)}
              size="small"
            />
          )}
          {extra.canDelete && (
            <IconAction
              label={t('list.delete')}
              icon={<DeleteOutlined aria-hidden />}
              onClick={() => onDelete(extra)}
              size="small"
              isDanger
            />
          )}
        </span>
      )}
    </li>
  );

  return (
    <section className="category-list" data-testid="category-list" aria-label={t('canned.categories.title')}>
      <div className="category-list__head">
        <h2 className="category-list__title">{t('canned.categories.title')}</h2>
        <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={onAdd} data-testid="add-category">
          {t('canned.categories.add')}
        </Button>
      </div>
      <Input
        allowClear
        size="small"
        prefix={<SearchOutlined />}
        placeholder={t('canned.categories.search')}
        aria-label={t('canned.categories.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        data-testid="category-search"
      />
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : categories.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('canned.categories.empty')} />
      ) : (
        <ul className="category-list__items">
          {!search.trim() && item(null, t('canned.categories.all'))}
          {shown.map((category) => item(category.id, category.name, category))}
          {shown.length === 0 && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.noMatch')} />
          )}
        </ul>
      )}
    </section>
  );
}
