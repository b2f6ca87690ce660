import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Skeleton, Spin } from 'antd';
import { useVirtualizer } from '@tanstack/react-virtual';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RetryNotice } from '../../../components/retry-notice';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import type { IssueActivity } from '@sabai/contracts';
import { useChatMembers, useIssueActivity } from '../api/issues';
import { useMessages, useRepliesSending, useRetryMessage, type Message } from '../api/messages';
import { useMe } from '../../../lib/me';
import { dayOf } from '../utils/time';
import { ActivityLine } from './activity-line';
import { EarlierConversation } from './earlier-conversation';
import { MessageBubble } from './message-bubble';
import { MessageTranslation } from './message-translation';

type Row =
  | { key: string; day: string }
  | { key: string; message: Message }
  | { key: string; activity: IssueActivity }
  | { key: string; earlierIssueId: number };

type Dated = { at: string; row: Row };

/**
 * Messages and the issue's activity, oldest first, with a separator row before each new day. While earlier
 * messages are still to load, activity older than the oldest loaded message waits for them.
 */
function rowsOf(messages: Message[], activity: IssueActivity[], isComplete: boolean): Row[] {
  const from = isComplete ? '' : (messages[0]?.createdAt ?? '');
  const dated: Dated[] = [
    ...messages.map((message) => ({ at: message.createdAt, row: { key: `m-${message.id}`, message } })),
    ...activity
      .filter((a) => a.at >= from)
      .map((a) => ({ at: a.at, row: { key: `a-${a.id}`, activity: a } })),
  ];
  // ISO times of one format compare as text; a stable sort keeps a message before a change of its moment.
  dated.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const rows: Row[] = [];
  let day = '';
  for (const { at, row } of dated) {
    const next = dayOf(at);
    if (next !== day) rows.push({ key: `day-${next}`, day: (day = next) });
    rows.push(row);
  }
  return rows;
}

/**
 * The conversation, virtualised: it opens at the newest message, loads earlier pages when scrolled to
 * the top (keeping the reader's place), and follows new messages while the reader is at the bottom.
 */
type MessageListProps = {
  issueId: number;
  /** The issue this one was transferred from: its conversation's end shows above the first message. */
  transferredFromIssueId?: number | null;
  onOpenIssue: (id: number) => void;
};

export function MessageList({ issueId, transferredFromIssueId = null, onOpenIssue }: MessageListProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const query = useMessages(issueId);
  useRetrievalNotice(query.isError, 'issue_detail');
  const retry = useRetryMessage(issueId);
  const sending = useRepliesSending(issueId, useMe().data?.displayName ?? '');
  const messages = useMemo(() => {
    const stored = (query.data?.pages ?? []).flatMap((page) => page.items).reverse();
    const known = new Set(stored.map((m) => m.clientId));
    return [...stored, ...sending.filter((m) => !known.has(m.clientId))];
  }, [query.data, sending]);
  const activity = useIssueActivity(issueId).data;
  // Messages written in a LINE group show who wrote them, by the members' names.
  const isGroupChat = messages.some((m) => m.groupMember);
  const members = useChatMembers(issueId, isGroupChat).data?.items;
  const memberNames = useMemo(
    () => new Map((members ?? []).map((m) => [m.userId, m.displayName])),
    [members],
  );
  const isComplete = query.hasNextPage === false;
  const rows = useMemo(() => {
    const conversation = rowsOf(messages, activity ?? [], isComplete);
    // Once the reader reaches the start, the earlier issue's end comes first.
    if (!isComplete || transferredFromIssueId === null) return conversation;
    return [{ key: 'earlier', earlierIssueId: transferredFromIssueId }, ...conversation];
  }, [messages, activity, isComplete, transferredFromIssueId]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => ('message' in rows[index]! ? 88 : 40),
    overscan: 10,
    getItemKey: (index) => rows[index]!.key,
  });

  // Where the reader is: the first row's key before a load, and whether they sit at the bottom.
  const firstKey = useRef<string | null>(null);
  const isAtBottom = useRef(true);
  useLayoutEffect(() => {
    if (rows.length === 0) return;
    const previousFirst = firstKey.current;
    firstKey.current = rows[0]!.key;
    if (previousFirst && previousFirst !== rows[0]!.key) {
      // Earlier messages were prepended: stay on the message the reader was looking at.
      const index = rows.findIndex((row) => row.key === previousFirst);
      if (index > 0) virtualizer.scrollToIndex(index, { align: 'start' });
      return;
    }
    if (isAtBottom.current) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  }, [rows, virtualizer]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const lastScrollTop = useRef(0);
  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    // Only the reader moving up leaves the bottom: a row growing under them (a picture that has loaded)
    // moves the bottom away without their asking, and the list follows it (below).
    if (el.scrollHeight - el.scrollTop - el.clientHeight < 80) isAtBottom.current = true;
    else if (el.scrollTop < lastScrollTop.current) isAtBottom.current = false;
    lastScrollTop.current = el.scrollTop;
    if (el.scrollTop < 120 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  useEffect(() => {
    isAtBottom.current = true;
    firstKey.current = null;
  }, [issueId]);
  // A row that grows once drawn (a picture that has loaded, a translation) would push the newest message
  // out of sight: while the reader sits at the bottom, the list stays there.
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    const el = scrollRef.current;
    if (!content || !el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (isAtBottom.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, [content]);

  if (query.isLoading) {
    return (
      <div className="message-list message-list--loading">
        <Skeleton active paragraph={{ rows: 3 }} />
      </div>
    );
  }
  if (query.isError && messages.length === 0) return <RetryNotice onRetry={() => void query.refetch()} />;

  const dayLabel = (day: string) =>
    dayjs().format('YYYY-MM-DD') === day
      ? t('inbox.chat.today')
      : dayjs().subtract(1, 'day').format('YYYY-MM-DD') === day
        ? t('inbox.chat.yesterday')
        : dayjs(day).format('DD/MM/YYYY');

  return (
    // A focusable, named region: keyboard users scroll the conversation with the arrow keys.
    <div
      ref={scrollRef}
      className="message-list"
      onScroll={onScroll}
      tabIndex={0}
      role="region"
      aria-label={t('inbox.chat.conversation')}
      data-testid="message-list"
    >
      <div className="message-list__top">
        {isFetchingNextPage ? (
          <>
            <Spin size="small" /> {t('inbox.chat.loadingOlder')}
          </>
        ) : hasNextPage ? null : (
          t('inbox.chat.start')
        )}
      </div>
      <div ref={setContent} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className="message-list__row"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {'earlierIssueId' in row ? (
                <EarlierConversation issueId={row.earlierIssueId} onOpenIssue={onOpenIssue} />
              ) : 'day' in row ? (
                <div className="day-separator" role="separator">
                  <span>{dayLabel(row.day)}</span>
                </div>
              ) : 'activity' in row ? (
                <ActivityLine activity={row.activity} />
              ) : (
                <MessageBubble
                  message={row.message}
                  groupMemberName={
                    row.message.groupMember
                      ? (memberNames.get(row.message.groupMember.userId ?? '') ?? null)
                      : undefined
                  }
                  isRetrying={retry.isPending && retry.variables === row.message.id}
                  onOpenIssue={onOpenIssue}
                  onRetry={(id) => retry.mutate(id, { onError: (error) => notice.error(error) })}
                  translation={
                    row.message.senderType === 'customer' && row.message.text ? (
                      <MessageTranslation
                        issueId={issueId}
                        messageId={row.message.id}
                        text={row.message.text}
                      />
                    ) : undefined
                  }
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
