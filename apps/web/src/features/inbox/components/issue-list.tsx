import { useEffect, useMemo, useRef } from 'react';
import { Checkbox, Empty, Skeleton, Spin } from 'antd';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { useRetrievalNotice } from '../../../lib/notices';
import { RetryNotice } from '../../../components/retry-notice';
import { useIssueList, type IssueListItem } from '../api/issues';
import type { IssueSelection } from '../hooks/use-issue-selection';
import type { InboxQuery } from '../utils/inbox-query';
import { activeFilterCount } from '../utils/inbox-query';
import { IssueCard } from './issue-card';

type IssueListProps = {
  query: InboxQuery;
  selectedId: number | null;
  onOpen: (id: number) => void;
  /** In "Select" mode: a tick on each card, and a card's tap ticks it instead of opening it. */
  selection?: IssueSelection;
};

const ESTIMATED_CARD_HEIGHT = 104;

/** The issues matching the filters, virtualised: only the visible cards are rendered, pages load on scroll. */
export function IssueList({ query, selectedId, onOpen, selection }: IssueListProps) {
  const { t } = useTranslation();
  const list = useIssueList(query);
  useRetrievalNotice(list.isError, 'issues');
  // Once per page load, not per scrolled frame (the list re-renders on every frame it scrolls).
  const pages = list.data?.pages;
  const items = useMemo(() => pages?.flatMap((page) => page.items) ?? [], [pages]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    overscan: 8,
    getItemKey: (index) => items[index]?.id ?? index,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const lastIndex = virtualItems.at(-1)?.index ?? 0;

  // Fetch the next page when the last rendered card is near the end.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= items.length - 10) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastIndex, items.length]);

  if (list.isLoading) {
    return (
      <div className="issue-list issue-list--loading" data-testid="issue-list-loading">
        <Skeleton avatar active paragraph={{ rows: 2 }} />
        <Skeleton avatar active paragraph={{ rows: 2 }} />
        <Skeleton avatar active paragraph={{ rows: 2 }} />
      </div>
    );
  }
  if (list.isError && items.length === 0) {
    return <RetryNotice onRetry={() => void list.refetch()} />;
  }
  if (items.length === 0) {
    const isFiltered = activeFilterCount(query) > 0 || query.status !== '' || query.search !== '';
    return (
      <Empty
        className="issue-list__empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t(
          isFiltered
            ? 'inbox.list.empty'
            : query.kind === 'comment'
              ? 'inbox.list.emptyComments'
              : 'inbox.list.emptyAll',
        )}
        data-testid="issue-list-empty"
      />
    );
  }
  return (
    <div ref={scrollRef} className="issue-list" data-testid="issue-list">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualItems.map((row) => {
          const issue = items[row.index]!;
          return (
            <div
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              className="issue-list__row"
              style={{ transform: `translateY(${row.start}px)` }}
            >
              {selection?.isActive ? (
                <PickableCard
                  issue={issue}
                  isChecked={selection.ids.has(issue.id)}
                  onToggle={selection.toggle}
                />
              ) : (
                <IssueCard issue={issue} isSelected={issue.id === selectedId} onOpen={onOpen} />
              )}
            </div>
          );
        })}
      </div>
      {isFetchingNextPage && (
        <div className="issue-list__more">
          <Spin size="small" /> {t('inbox.list.loadingMore')}
        </div>
      )}
    </div>
  );
}

type PickableCardProps = { issue: IssueListItem; isChecked: boolean; onToggle: (id: number) => void };

/** A card in "Select" mode: its tick, and the card itself ticks it too (it opens nothing then). */
function PickableCard({ issue, isChecked, onToggle }: PickableCardProps) {
  const { t } = useTranslation();
  return (
    <div className={`issue-pick${isChecked ? ' issue-pick--checked' : ''}`}>
      <Checkbox
        className="issue-pick__box"
        checked={isChecked}
        onChange={() => onToggle(issue.id)}
        aria-label={t('inbox.bulk.selectIssue', { id: issue.id })}
        data-testid="issue-select"
      />
      <IssueCard issue={issue} onOpen={onToggle} />
    </div>
  );
}
