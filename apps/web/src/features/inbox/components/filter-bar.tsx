import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Badge, Button, Drawer, Input, Skeleton, Tag, type InputRef } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { mayTakeIssues, STATUS_FILTERS } from '@sabai/domain';
import { usePermissions } from '../../../lib/me';
import { useRetrievalNotice } from '../../../lib/notices';
import { useIssueCounts } from '../api/issues';
import { activeFilterCount, EMPTY_QUERY, type InboxQuery } from '../utils/inbox-query';
import { useShortcutKey } from '../hooks/use-shortcut-key';
import { SHORTCUTS } from '../utils/shortcuts';
import { TakeNextButton } from './take-buttons';
import { KindSwitch } from './kind-switch';

const loadFilterForm = () => import('./filter-form').then((m) => ({ default: m.FilterForm }));
const FilterForm = lazy(loadFilterForm);

type FilterBarProps = {
  query: InboxQuery;
  onChange: (next: InboxQuery) => void;
  isCompact?: boolean;
  /** The kanban shows statuses as columns. */
  hideStatuses?: boolean;
  /** The kanban shows conversations and comments together. */
  hideKind?: boolean;
  /** Offers "Take next" to roles that may take issues, and opens the issue taken. */
  onTaken?: (issueId: number) => void;
  /** Shown at the end of the search row (the inbox's shortcut help). */
  extra?: ReactNode;
};

/** Status tabs with their counts, the search, "Take next", and the other filter keys in a drawer. */
export function FilterBar({
  query,
  onChange,
  isCompact = false,
  hideStatuses = false,
  hideKind = false,
  onTaken,
  extra,
}: FilterBarProps) {
  const { t } = useTranslation();
  const counts = useIssueCounts(query);
  useRetrievalNotice(counts.isError, 'issues_by_status');
  const [search, setSearch] = useState(query.search);
  const [isOpen, setIsOpen] = useState(false);
  const searchBox = useRef<InputRef>(null);
  useShortcutKey(SHORTCUTS.search, () => searchBox.current?.focus(), !isCompact);
  const permissions = usePermissions();
  const offersTakeNext = onTaken !== undefined && mayTakeIssues(permissions);
  // Beside "Take next" the filters button is its icon alone, so the search keeps room to type in.
  const filtersLabel = isCompact || offersTakeNext ? null : t('inbox.filters.open');

  // Searching as the user types, once they pause.
  useEffect(() => {
    if (search === query.search) return;
    const timer = setTimeout(() => onChange({ ...query, search }), 300);
    return () => clearTimeout(timer);
  }, [search, query, onChange]);

  // Phones choose conversations or comments in the drawer, so its badge counts that choice too.
  const badgeCount = activeFilterCount(query) + (isCompact && !hideKind && query.kind ? 1 : 0);

  const countOf = (status: string) =>
    status === '' ? counts.data?.total : counts.data?.counts?.[status as keyof typeof counts.data.counts];

  return (
    <div className="filter-bar">
      {!hideKind && !isCompact && (
        <div className="filter-bar__kinds">
          <KindSwitch value={query.kind} onChange={(kind) => onChange({ ...query, kind })} />
        </div>
      )}
      {!hideStatuses && (
        <div className="filter-bar__statuses" aria-label={t('inbox.info.status')}>
          {STATUS_FILTERS.map((f) => (
            <Tag.CheckableTag
              key={f.value || 'all'}
              checked={query.status === f.value}
              onChange={() => onChange({ ...query, status: f.value })}
            >
              <span data-testid={`status-tab-${f.value || 'all'}`}>
                {t(f.labelKey)} <span className="filter-bar__count">{countOf(f.value) ?? ''}</span>
              </span>
            </Tag.CheckableTag>
          ))}
        </div>
      )}
      <div className="filter-bar__row">
        <Input.Search
          ref={searchBox}
          allowClear
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(value) => onChange({ ...query, search: value })}
          placeholder={t('inbox.search')}
          aria-label={t('inbox.search')}
          data-testid="issue-search"
        />
        <Badge count={badgeCount} size="small">
          <Button
            icon={<FilterOutlined />}
            onClick={() => setIsOpen(true)}
            // The form's code starts coming as the pointer or focus reaches the button.
            onPointerEnter={() => void loadFilterForm()}
            onFocus={() => void loadFilterForm()}
            aria-label={filtersLabel ? undefined : t('inbox.filters.open')}
            title={filtersLabel ? undefined : t('inbox.filters.open')}
            data-testid="open-filters"
          >
            {filtersLabel}
          </Button>
        </Badge>
        {offersTakeNext && <TakeNextButton onTaken={onTaken} />}
        {extra}
      </div>
      {/* A search matching too many issues to count in time leaves the tabs (and kanban columns) without numbers. */}
      {counts.data?.total === null && (
        <p className="filter-bar__hint" data-testid="too-many-to-count">
          {t('inbox.tooManyToCount')}
        </p>
      )}
      <Drawer
        title={t('inbox.filters.title')}
        open={isOpen}
        onClose={() => setIsOpen(false)}
        placement={isCompact ? 'bottom' : 'right'}
        size={isCompact ? 560 : 380}
        extra={
          <Button
            type="link"
            onClick={() =>
              // What the bar itself shows stays: the status tab, and on desktop conversations or comments.
              onChange({ ...EMPTY_QUERY, status: query.status, kind: isCompact ? '' : query.kind })
            }
          >
            {t('inbox.filters.clear')}
          </Button>
        }
        data-testid="filters-drawer"
      >
        {isCompact && !hideKind && (
          <div className="filter-bar__drawer-kinds">
            <KindSwitch value={query.kind} onChange={(kind) => onChange({ ...query, kind })} block />
          </div>
        )}
        <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
          <FilterForm query={query} onChange={onChange} />
        </Suspense>
      </Drawer>
    </div>
  );
}
