import { useState, type KeyboardEventHandler, type PointerEventHandler } from 'react';
import { Button, Empty, Skeleton, Typography } from 'antd';
import { HolderOutlined } from '@ant-design/icons';
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  KeyboardSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import { KANBAN_STATUSES, STATUS_COLOURS, isKanbanDropTarget, type IssueStatus } from '@sabai/domain';
import { useLiveCache } from '../api/live-cache';
import { useAppNavigate } from '../../../lib/navigation';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { sessionRoleNames } from '../../../lib/session';
import { useIssueCounts, useIssueList, type IssueListItem } from '../api/issues';
import { useMoveIssue } from '../api/issue-updates';
import type { InboxQuery } from '../utils/inbox-query';
import { FilterBar } from './filter-bar';
import { IssueCard } from './issue-card';
import { useInboxUrl } from '../hooks/use-inbox-url';
import { mayChangeStatus } from '../utils/issue-permissions';
import '../inbox.css';

/**
 * /issue/kanban: a column per status with its count; dragging a card to another column calls the same
 * status API as the inbox, so a move the rules forbid snaps back with the rule's message. Staff, who cannot
 * change status, see the board without dragging.
 */
export function KanbanPage() {
  const { t } = useTranslation();
  useLiveCache();
  const notice = useNotice();
  const navigate = useAppNavigate();
  const { query: urlQuery, setQuery } = useInboxUrl();
  // The board shows conversations and comments together (a card marks a comment).
  const query = { ...urlQuery, kind: '' as const };
  const counts = useIssueCounts(query);
  const move = useMoveIssue();
  const [dragged, setDragged] = useState<IssueListItem | null>(null);
  const canMove = mayChangeStatus(sessionRoleNames());
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const issue = active.data.current?.issue as IssueListItem | undefined;
    const to = over?.id as IssueStatus | undefined;
    if (!issue || !to || to === issue.status) return;
    move.mutate(
      { id: issue.id, status: to },
      {
        onSuccess: () => notice.success('inbox.actions.statusChanged'),
        onError: (error) => notice.error(error),
      },
    );
  };

  return (
    <div className="kanban-page" data-testid="kanban-page">
      <Typography.Title level={1} className="page__title">
        {t('inbox.kanbanTitle')}
      </Typography.Title>
      <div className="kanban__filters">
        <FilterBar
          query={{ ...query, status: '' }}
          onChange={(next) => setQuery({ ...next, status: '', kind: '' })}
          hideStatuses
          hideKind
        />
        {canMove && <span className="kanban__hint">{t('inbox.kanban.dragHint')}</span>}
      </div>
      <DndContext
        sensors={sensors}
        onDragStart={({ active }) => setDragged((active.data.current?.issue as IssueListItem) ?? null)}
        onDragCancel={() => setDragged(null)}
        onDragEnd={onDragEnd}
      >
        <div className="kanban">
          {KANBAN_STATUSES.map((status) => (
            <KanbanColumn
              key={status}
              status={status}
              query={query}
              count={counts.data?.counts?.[status]}
              canMove={canMove}
              onOpen={(id) => navigate(`/issue/inbox?issueId=${id}`)}
            />
          ))}
        </div>
        <DragOverlay>{dragged && <IssueCard issue={dragged} onOpen={() => undefined} />}</DragOverlay>
      </DndContext>
    </div>
  );
}

type ColumnProps = {
  status: IssueStatus;
  query: InboxQuery;
  count: number | undefined;
  canMove: boolean;
  onOpen: (id: number) => void;
};

function KanbanColumn({ status, query, count, canMove, onOpen }: ColumnProps) {
  const { t } = useTranslation();
  const list = useIssueList({ ...query, status });
  useRetrievalNotice(list.isError, 'issues_by_status');
  const { setNodeRef, isOver } = useDroppable({ id: status, disabled: !isKanbanDropTarget(status) });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section
      ref={setNodeRef}
      className={`kanban__column${isOver ? ' kanban__column--over' : ''}`}
      style={{ borderTopColor: STATUS_COLOURS[status] }}
      data-testid={`kanban-column-${status}`}
    >
      <header className="kanban__column-header">
        <span>{t(`issue.status.${status}`)}</span>
        <span className="kanban__count" data-testid={`kanban-count-${status}`}>
          {count ?? ''}
        </span>
      </header>
      <div className="kanban__cards">
        {list.isLoading ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('inbox.kanban.empty')} />
        ) : (
          items.map((issue) =>
            canMove ? (
              <DraggableCard key={issue.id} issue={issue} onOpen={onOpen} />
            ) : (
              <div key={issue.id} className="kanban__card kanban__card--fixed">
                <IssueCard issue={issue} onOpen={onOpen} />
              </div>
            ),
          )
        )}
        {list.hasNextPage && (
          <Button
            block
            type="link"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('inbox.list.loadingMore')}
          </Button>
        )}
      </div>
    </section>
  );
}

/**
 * A card the mouse drags anywhere and the keyboard moves by its handle: the card itself is the button that
 * opens the issue, so the draggable wrapper stays a plain box (a control inside a control is unusable with
 * a screen reader); the handle carries dnd-kit's keyboard listener, role description and instructions.
 */
function DraggableCard({ issue, onOpen }: { issue: IssueListItem; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: `issue-${issue.id}`,
    data: { issue },
  });
  return (
    <div
      ref={setNodeRef}
      className={`kanban__card${isDragging ? ' kanban__card--dragging' : ''}`}
      onPointerDown={listeners?.onPointerDown as PointerEventHandler | undefined}
    >
      <IssueCard issue={issue} onOpen={onOpen} />
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="kanban__handle"
        {...attributes}
        aria-label={t('inbox.kanban.move', { id: issue.id })}
        onKeyDown={listeners?.onKeyDown as KeyboardEventHandler | undefined}
      >
        <HolderOutlined aria-hidden />
      </button>
    </div>
  );
}

export { KanbanPage as Component };

export { loader } from './inbox-route';
