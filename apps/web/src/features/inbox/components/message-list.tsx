import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Skeleton, Spin } from 'antd';
import { useVirtualizer } from '@tanstack/react-virtual';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RetryNotice } from '../../../components/retry-notice';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import type { IssueActivity } from '@sabai/contracts';
import { isImageMime } from '@sabai/domain';
import { useAssistFeatures } from '../api/assist';
import { useChatMembers, useIssueActivity } from '../api/issues';
import { useMessages, useRepliesSending, useRetryMessage, type Message } from '../api/messages';
import { useMe } from '../../../lib/me';
import { dayOf } from '../utils/time';
import { ActivityLine } from './activity-line';
import { EarlierConversation } from './earlier-conversation';
import { IMAGE_BOX_PX, MessageBubble } from './message-bubble';
import { MessageTranslation } from './message-translation';

type Row =
  | { key: string; day: string }
  | { key: string; message: Message }
  | { key: string; activity: IssueActivity }
  | { key: string; earlierIssueId: number };

/** The height of the line above the first row, whatever it says (or nothing): the rows never move for it. */
const TOP_LINE_PX = 36;
/** Earlier messages load once the reader is this close to the top, or a screen's height if more. */
const EARLIER_WITHIN_PX = 120;

/**
 * Messages and the issue's activity, oldest first, with a separator row before each new day. While earlier
 * messages are still to load, activity older than the oldest loaded message waits for them.
 */
function rowsOf(messages: Message[], activity: IssueActivity[], isComplete: boolean): Row[] {
  const from = isComplete ? '' : (messages[0]?.createdAt ?? '');
  const dated: Array<MessageItem | ActivityItem> = [
    ...messages.map(messageRowOf),
    ...activity.filter((a) => a.at >= from).map((a) => ({ key: `a-${a.id}`, activity: a })),
  ];
  // ISO times of one format compare as text; a stable sort keeps a message before a change of its moment.
  dated.sort((a, b) => (atOf(a) < atOf(b) ? -1 : atOf(a) > atOf(b) ? 1 : 0));
  const rows: Row[] = [];
  // While earlier messages are still to load, the oldest one loaded comes first, without its day's separator
  // (the page holding the day's start brings it): the top row is then one that stays where it is as a page
  // is added above it, and the virtualizer keeps the reader's place by it. A separator there would move up
  // to the day's earlier messages, and the place kept by it would be lost.
  let day = isComplete || dated.length === 0 ? '' : rememberedDayOf(atOf(dated[0]!));
  for (const row of dated) {
    const next = rememberedDayOf(atOf(row));
    if (next !== day) rows.push({ key: `day-${next}`, day: (day = next) });
    rows.push(row);
  }
  return rows;
}

type MessageItem = Extract<Row, { message: Message }>;
type ActivityItem = Extract<Row, { activity: IssueActivity }>;
const atOf = (row: MessageItem | ActivityItem) =>
  'message' in row ? row.message.createdAt : row.activity.at;

/** Each message's row, made once: the rows are rebuilt as pages come in, the messages stay the same. */
const messageRows = new WeakMap<Message, MessageItem>();
function messageRowOf(message: Message): MessageItem {
  let row = messageRows.get(message);
  if (!row) messageRows.set(message, (row = { key: `m-${message.id}`, message }));
  return row;
}

/**
 * A row's height before it is drawn, near enough that rows drawn while scrolling up barely move the
 * conversation: a bubble's frame, its sender line, its lines of text (about 45 characters each in the
 * chat's width), its pictures' boxes and its sticker.
 */
function estimatedHeight(row: Row): number {
  if (!('message' in row)) return 40;
  // Asked for every row not drawn yet each time the list changes: worked out once per message.
  let height = estimates.get(row.message);
  if (height === undefined) estimates.set(row.message, (height = messageHeight(row.message)));
  return height;
}

const estimates = new WeakMap<Message, number>();

function messageHeight(m: Message): number {
  const sender = m.senderType !== 'customer' || m.isPrivateNote ? 21 : 0;
  const lines = m.text ? Math.ceil(m.text.length / 45) + (m.text.match(/\n/g)?.length ?? 0) : 0;
  const pictures = m.attachments.filter((file) => isImageMime(file.mimeType)).length;
  return 45 + sender + 22 * lines + (IMAGE_BOX_PX + 4) * pictures + (m.sticker ? 124 : 0);
}

/** The days of the moments seen lately (dayOf is the browser's time zone, the same all along). */
const knownDays = new Map<string, string>();
const KNOWN_DAYS_MAX = 50_000;

/**
 * `dayOf`, worked out once per moment: the rows are rebuilt from every loaded message each time an earlier
 * page comes in, and formatting thousands of dates each time made scrolling a long conversation stutter.
 */
function rememberedDayOf(at: string) {
  let day = knownDays.get(at);
  if (day === undefined) {
    if (knownDays.size >= KNOWN_DAYS_MAX) knownDays.clear();
    knownDays.set(at, (day = dayOf(at)));
  }
  return day;
}

/** Whether the reader is within a screen (at least EARLIER_WITHIN_PX) of the top: time to load earlier. */
const isNearTop = (el: HTMLElement) => el.scrollTop < Math.max(EARLIER_WITHIN_PX, el.clientHeight);

type MessageRowProps = {
  issueId: number;
  /** AI assist translates customers' messages: each one offers it. */
  canTranslate: boolean;
  message: Message;
  groupMemberName: string | null | undefined;
  isRetrying: boolean;
  onOpenIssue: (id: number) => void;
  onRetry: (id: number) => void;
};

/** A message of the list, drawn again only when it or what it shows changes: not at every scroll step. */
const MessageRow = memo(function MessageRow({ issueId, canTranslate, message, ...bubble }: MessageRowProps) {
  return (
    <MessageBubble
      message={message}
      {...bubble}
      translation={
        canTranslate && message.senderType === 'customer' && message.text ? (
          <MessageTranslation issueId={issueId} messageId={message.id} text={message.text} />
        ) : undefined
      }
    />
  );
});

const ActivityRow = memo(ActivityLine);

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
    if (sending.length === 0) return stored;
    const known = new Set(stored.map((m) => m.clientId));
    return [...stored, ...sending.filter((m) => !known.has(m.clientId))];
  }, [query.data, sending]);
  const activity = useIssueActivity(issueId).data;
  const canTranslate = useAssistFeatures().translate;
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
    estimateSize: (index) => estimatedHeight(rows[index]!),
    overscan: 10,
    getItemKey: (index) => rows[index]!.key,
    // The line above the first row ("loading earlier messages", "start of the conversation").
    paddingStart: TOP_LINE_PX,
    // Earlier messages prepended keep the row the reader is looking at where it was: the virtualizer finds
    // it again by its key and moves the scroll position by what was added above.
    anchorTo: 'end',
    // Scrolling moves the rows and sizes the list in the page itself; the list is drawn again only when
    // rows come into or leave the range drawn.
    directDomUpdates: true,
  });

  // Whether the reader sits at the bottom: new messages then come into view.
  const isAtBottom = useRef(true);
  useLayoutEffect(() => {
    if (rows.length > 0 && isAtBottom.current) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
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
    // Earlier messages load as the reader nears the top, before they reach it.
    if (hasNextPage && !isFetchingNextPage && isNearTop(el)) void fetchNextPage();
  };
  // A page that came in while the reader stayed near the top (no scroll since) is followed by the next.
  useEffect(() => {
    const el = scrollRef.current;
    if (!el || isAtBottom.current || !hasNextPage || isFetchingNextPage) return;
    if (isNearTop(el)) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const noticeError = notice.error;
  const { mutate: retryMessage } = retry;
  const onRetry = useCallback(
    (id: number) => retryMessage(id, { onError: (error) => noticeError(error) }),
    [retryMessage, noticeError],
  );
  useEffect(() => {
    isAtBottom.current = true;
  }, [issueId]);
  // A row that grows once drawn (a picture that has loaded, a translation) would push the newest message
  // out of sight: while the reader sits at the bottom, the list stays there.
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  const { containerRef } = virtualizer;
  const contentRef = useCallback(
    (node: HTMLDivElement | null) => {
      setContent(node);
      containerRef(node);
    },
    [containerRef],
  );
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
      <div ref={contentRef} style={{ position: 'relative' }}>
        <div className="message-list__top" style={{ height: TOP_LINE_PX }}>
          {isFetchingNextPage ? (
            <>
              <Spin size="small" /> {t('inbox.chat.loadingOlder')}
            </>
          ) : hasNextPage ? null : (
            t('inbox.chat.start')
          )}
        </div>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className="message-list__row"
            >
              {'earlierIssueId' in row ? (
                <EarlierConversation issueId={row.earlierIssueId} onOpenIssue={onOpenIssue} />
              ) : 'day' in row ? (
                <div className="day-separator" role="separator">
                  <span>{dayLabel(row.day)}</span>
                </div>
              ) : 'activity' in row ? (
                <ActivityRow activity={row.activity} />
              ) : (
                <MessageRow
                  issueId={issueId}
                  canTranslate={canTranslate}
                  message={row.message}
                  groupMemberName={
                    row.message.groupMember
                      ? (memberNames.get(row.message.groupMember.userId ?? '') ?? null)
                      : undefined
                  }
                  isRetrying={retry.isPending && retry.variables === row.message.id}
                  onOpenIssue={onOpenIssue}
                  onRetry={onRetry}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
