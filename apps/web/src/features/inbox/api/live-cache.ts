// Live events → the issue caches, with as few requests as the screen allows (docs/architecture.md
// "Realtime"). The rules, in one place:
// - a new message patches its issue's card from the event (last message, time, unread) and moves it to the
//   top of the lists sorted by last response: no request; the open chat (its messages query is observed)
//   refetches its newest page, at most one fetch at a time plus one after it for what arrived meanwhile,
//   and that fetch also clears the issue's unread marker on the server (useMessages asks it to read);
//   chats not on screen are only marked stale;
// - a message update refreshes the open chat the same way;
// - a status or assignment moves the card between the status lists (tabs, kanban columns) and the counts
//   from the event's fields at once, then the visible lists and counts are refetched for what the event
//   cannot say (names, the other filters), at most once per LIST_REFRESH_MS however many events arrive;
// - a list or count read in flight when an event changes the lists started before that change: it is
//   cancelled (its older answer would put a moved card back in its old column) and read again, batched;
// - a new issue, or a message on an issue no cached list holds, asks for that same batched refetch;
// - a message that may start or stop the issue's service level clock (an agent answering a customer who
//   waits, a customer writing while no response clock runs) refetches the issue and the visible lists,
//   batched, for the clock the event does not carry; only where the lists show clocks at all, so an
//   organisation without service level policies makes no request;
// - an issue read (its unread marker cleared) clears the card's badge: no request;
// - on every open of the socket everything is refetched (events sent before it are not replayed).
import { useEffect } from 'react';
import { useQueryClient, type InfiniteData, type Query, type QueryClient } from '@tanstack/react-query';
import type { IssueListItem, IssuePage, LiveFeedEvent, StatusCounts } from '@sabai/contracts';
import { onLiveMessage, onLiveOpen, useLiveSocket } from '../../../lib/live-socket';
import type { InboxQuery } from '../utils/inbox-query';
import { activityKey, issueKey, issuesKey } from './issues';
import { messagesKey } from './messages';

/** The shortest time between two refetches of the visible lists and counts. */
export const LIST_REFRESH_MS = 1_000;

const listsKey = [...issuesKey, 'list'] as const;
const countsKey = [...issuesKey, 'counts'] as const;

type ListData = InfiniteData<IssuePage, string | null>;
type IssueState = { issueId: number; status: IssueListItem['status'] };

export type LiveCache = {
  apply(event: LiveFeedEvent): void;
  /** The socket opened (first or again): refetch every issue read, which may predate an unsent event. */
  socketOpened(): void;
  dispose(): void;
};

export function createLiveCache(queryClient: QueryClient): LiveCache {
  let listTimer: ReturnType<typeof setTimeout> | undefined;
  const chatFetches = new Map<number, { again: boolean }>();

  const isOnScreen = (key: readonly unknown[]) =>
    (queryClient.getQueryCache().find({ queryKey: key, exact: true })?.getObserversCount() ?? 0) > 0;

  /** Refetches the visible lists and counts (and marks the hidden ones stale), batched. */
  const refreshLists = () => {
    if (listTimer) return;
    listTimer = setTimeout(() => {
      listTimer = undefined;
      void queryClient.invalidateQueries({ queryKey: listsKey });
      void queryClient.invalidateQueries({ queryKey: countsKey });
    }, LIST_REFRESH_MS);
  };

  /** Refetches the open chat's loaded pages: one fetch at a time, and one more for what came meanwhile. */
  const refreshChat = async (issueId: number) => {
    const key = messagesKey(issueId);
    if (!isOnScreen(key)) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
      return;
    }
    const running = chatFetches.get(issueId);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: true };
    chatFetches.set(issueId, state);
    try {
      while (state.again) {
        state.again = false;
        await queryClient.refetchQueries({ queryKey: key, exact: true }, { cancelRefetch: false });
      }
    } finally {
      chatFetches.delete(issueId);
    }
  };

  const onMessageCreated = (data: Extract<LiveFeedEvent, { type: 'message.created' }>['data']) => {
    const open = isOnScreen(messagesKey(data.issueId));
    void refreshChat(data.issueId);
    // A customer's message or an automatic reply may add to the trail (customer returned, reply sent).
    if (data.card?.lastMessage?.senderType !== 'agent')
      void queryClient.invalidateQueries({ queryKey: activityKey(data.issueId), exact: true });
    const card = data.card;
    if (!card) return;
    const before = cachedCard(queryClient, data.issueId);
    const movesClock =
      before !== undefined &&
      mayMoveSlaClock(before, card.lastMessage.senderType) &&
      showsSlaClocks(queryClient);
    const patch = (item: IssueListItem): IssueListItem => ({
      ...item,
      lastMessage: card.lastMessage,
      lastResponseAt: card.lastResponseAt > item.lastResponseAt ? card.lastResponseAt : item.lastResponseAt,
      unreadCount: data.direction === 'inbound' && !open ? item.unreadCount + 1 : item.unreadCount,
    });
    queryClient.setQueryData(issueKey(data.issueId), (issue?: IssueListItem) => issue && patch(issue));
    const cancelled = cancelListReads(queryClient);
    const found = patchLists(queryClient, data.issueId, patch);
    if (movesClock) void queryClient.invalidateQueries({ queryKey: issueKey(data.issueId), exact: true });
    if (!found || movesClock || cancelled) refreshLists();
  };

  /** Someone opened the chat: its badge goes, no request. */
  const onRead = (issueId: number) => {
    const read = (item: IssueListItem): IssueListItem => ({ ...item, unreadCount: 0 });
    if (cancelListReads(queryClient)) refreshLists();
    queryClient.setQueryData(issueKey(issueId), (issue?: IssueListItem) => issue && read(issue));
    for (const { key, data } of cachedLists(queryClient)) {
      const card = findCard(data, issueId);
      if (card) queryClient.setQueryData<ListData>(key, replace(data, read(card)));
    }
  };

  const onStateChanged = (state: IssueState) => {
    cancelListReads(queryClient);
    moveCard(queryClient, state);
    void queryClient.invalidateQueries({ queryKey: issueKey(state.issueId), exact: true });
    void queryClient.invalidateQueries({ queryKey: activityKey(state.issueId), exact: true });
    refreshLists();
  };

  return {
    apply(event) {
      switch (event.type) {
        case 'message.created':
          return onMessageCreated(event.data);
        case 'message.updated':
          return void refreshChat(event.data.issueId);
        case 'issue.created':
          return refreshLists();
        case 'issue.assigned':
        case 'issue.status_changed':
          return onStateChanged(event.data);
        case 'issue.updated':
          if ('status' in event.data) return onStateChanged(event.data);
          if (event.data.fields.every((field) => field === 'unread')) return onRead(event.data.issueId);
          void queryClient.invalidateQueries({ queryKey: issueKey(event.data.issueId) });
          return refreshLists();
        case 'issue.presence':
          return; // kept by the socket's presence store
        default:
          // A new feed event does not compile until it has its case here.
          return event satisfies never;
      }
    },
    socketOpened() {
      void queryClient.invalidateQueries({ queryKey: issuesKey });
    },
    dispose() {
      clearTimeout(listTimer);
    },
  };
}

/** Applies the live events to this screen's issue caches while it is mounted (and keeps the socket open). */
export function useLiveCache(): void {
  useLiveSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    const cache = createLiveCache(queryClient);
    const stopMessages = onLiveMessage((message) => {
      if (message.kind === 'feed') cache.apply(message.event);
    });
    const stopOpens = onLiveOpen(() => cache.socketOpened());
    return () => {
      stopMessages();
      stopOpens();
      cache.dispose();
    };
  }, [queryClient]);
}

/**
 * Cancels the list and count reads in flight, keeping what the cache held. A further page being loaded is
 * left to finish: the user asked for it. Resolves whether any read was in flight, for the caller to batch a
 * refetch that reads them again (and corrects the older cards such a page brings).
 */
function cancelListReads(queryClient: QueryClient): boolean {
  const reads = [listsKey, countsKey].flatMap((queryKey) =>
    queryClient.getQueryCache().findAll({
      queryKey,
      // A first read has nothing the event changed.
      predicate: (query: Query) => query.state.fetchStatus === 'fetching' && query.state.data !== undefined,
    }),
  );
  for (const query of reads) if (!query.state.fetchMeta?.fetchMore) void query.cancel({ revert: true });
  return reads.length > 0;
}

/** Each cached list with its query (the filters are the key's third part). */
function cachedLists(queryClient: QueryClient) {
  return queryClient
    .getQueriesData<ListData>({ queryKey: listsKey })
    .flatMap(([key, data]) => (data ? [{ key, query: key[2] as InboxQuery, data }] : []));
}

/**
 * Replaces the issue's card in every cached list by `patch(card)`, moved to the top of the lists sorted by
 * last response (newest first). Resolves whether any list held it.
 */
function patchLists(
  queryClient: QueryClient,
  issueId: number,
  patch: (item: IssueListItem) => IssueListItem,
): boolean {
  let found = false;
  for (const { key, query, data } of cachedLists(queryClient)) {
    const card = findCard(data, issueId);
    if (!card) continue;
    found = true;
    const next = patch(card);
    queryClient.setQueryData<ListData>(
      key,
      (query.sort ?? 'lastResponse') === 'lastResponse'
        ? insertAt(without(data, issueId), next, 0)
        : replace(data, next),
    );
  }
  return found;
}

/**
 * Moves a card to its new status: out of the lists filtered on another status, into those filtered on the
 * new one (where it sorts among the loaded cards), and the tab counts along.
 */
function moveCard(queryClient: QueryClient, { issueId, status }: IssueState) {
  const lists = cachedLists(queryClient);
  const known = lists.map(({ data }) => findCard(data, issueId)).find((card) => card !== undefined);
  if (!known || known.status === status) return;
  const card = { ...known, status };
  for (const { key, query, data } of lists) {
    const held = findCard(data, issueId) !== undefined;
    const belongs = !query.status || query.status === status;
    if (held && !belongs) queryClient.setQueryData<ListData>(key, without(data, issueId));
    else if (held) queryClient.setQueryData<ListData>(key, replace(data, card));
    else if (belongs && (query.sort ?? 'lastResponse') === 'lastResponse') {
      const at = sortedPosition(data, card);
      if (at !== null) queryClient.setQueryData<ListData>(key, insertAt(data, card, at));
    }
  }
  for (const [key, counts] of queryClient.getQueriesData<StatusCounts>({ queryKey: countsKey })) {
    if (!counts?.counts) continue;
    const next = { ...counts.counts };
    next[known.status] = Math.max(0, (next[known.status] ?? 0) - 1);
    next[status] = (next[status] ?? 0) + 1;
    queryClient.setQueryData<StatusCounts>(key, { ...counts, counts: next });
  }
}

/** The issue as a cached list or its open chat holds it. */
function cachedCard(queryClient: QueryClient, issueId: number): IssueListItem | undefined {
  const open = queryClient.getQueryData<IssueListItem>(issueKey(issueId));
  return (
    open ??
    cachedLists(queryClient)
      .map(({ data }) => findCard(data, issueId))
      .find(Boolean)
  );
}

/** Whether any cached card counts down to a service level target (the organisation has policies). */
const showsSlaClocks = (queryClient: QueryClient) =>
  cachedLists(queryClient).some(({ data }) => data.pages.some((page) => page.items.some((i) => i.sla)));

/**
 * Whether a message may start or stop the issue's clock: an agent's answer ends the customer's wait (the
 * first or next response clock), a customer's message may start a wait when none is counted.
 */
function mayMoveSlaClock(card: IssueListItem, senderType: string): boolean {
  const isWaitCounted = card.sla?.target === 'firstResponse' || card.sla?.target === 'nextResponse';
  if (senderType === 'agent') return isWaitCounted;
  return senderType === 'customer' && !isWaitCounted;
}

const findCard = (data: ListData, issueId: number) =>
  data.pages.flatMap((page) => page.items).find((item) => item.id === issueId);

const without = (data: ListData, issueId: number): ListData => ({
  ...data,
  pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== issueId) })),
});

const replace = (data: ListData, card: IssueListItem): ListData => ({
  ...data,
  pages: data.pages.map((page) => ({
    ...page,
    items: page.items.map((item) => (item.id === card.id ? card : item)),
  })),
});

/** Inserts `card` at position `at` of the loaded cards (counted across pages). */
function insertAt(data: ListData, card: IssueListItem, at: number): ListData {
  let left = at;
  let done = false;
  const pages = data.pages.map((page, i) => {
    if (done) return page;
    const last = i === data.pages.length - 1;
    if (left > page.items.length && !last) {
      left -= page.items.length;
      return page;
    }
    done = true;
    const items = [...page.items];
    items.splice(Math.min(left, items.length), 0, card);
    return { ...page, items };
  });
  return { ...data, pages };
}

/** Where a card goes among the loaded cards newest first; null past the end of a list with more to load. */
function sortedPosition(data: ListData, card: IssueListItem): number | null {
  const items = data.pages.flatMap((page) => page.items);
  const at = items.findIndex((item) => item.lastResponseAt < card.lastResponseAt);
  if (at >= 0) return at;
  return data.pages.at(-1)?.nextCursor ? null : items.length;
}
