// The event → cache rules on a real QueryClient: screens are stood in for by query observers (what a
// mounted component holds), and every read counts its fetches so the tests assert the requests made.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InfiniteQueryObserver, QueryClient, QueryObserver, type InfiniteData } from '@tanstack/react-query';
import type { IssueListItem, IssuePage, LiveFeedEvent, StatusCounts } from '@sabai/contracts';
import { EMPTY_QUERY, type InboxQuery } from '../utils/inbox-query';
import { LIST_REFRESH_MS, createLiveCache, type LiveCache } from './live-cache';
import { issuesKey } from './issues';
import { messagesKey } from './messages';

const card = (id: number, status: IssueListItem['status'], lastResponseAt: string): IssueListItem => ({
  id,
  kind: 'conversation',
  status,
  channel: { id: 'c', name: 'LINE', type: 'line' },
  contact: { id: `k${id}`, displayName: `Customer ${id}`, pictureUrl: null },
  team: null,
  assignee: null,
  tags: [],
  lastMessage: { text: 'earlier', kind: 'text', senderType: 'customer' },
  unreadCount: 0,
  startDate: '2026-01-01T00:00:00.000Z',
  lastResponseAt,
  daysLeft: null,
  isOld: false,
  closeRequested: false,
  sla: null,
});

const at = (minute: number) => `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
const ids = (data: InfiniteData<IssuePage> | undefined) =>
  data?.pages.flatMap((p) => p.items.map((i) => i.id));

let queryClient: QueryClient;
let cache: LiveCache;
let fetches: Record<string, number>;
let stops: Array<() => void>;
// The server's answers: issues 1-3 on-going (1 newest), 4 waiting.
let server: IssueListItem[];

const count = (name: string) => (fetches[name] = (fetches[name] ?? 0) + 1);

type Gate = { wait: () => Promise<void> };

/** A mounted list of `status` (the inbox's tab or a kanban column); `gate` holds each answer, once read. */
function showList(status: InboxQuery['status'], gate?: Gate) {
  const query = { ...EMPTY_QUERY, status };
  const observer = new InfiniteQueryObserver<IssuePage, Error, InfiniteData<IssuePage>>(queryClient, {
    queryKey: [...issuesKey, 'list', query],
    queryFn: async () => {
      count(`list:${status}`);
      const items = server
        .filter((i) => !status || i.status === status)
        .sort((a, b) => b.lastResponseAt.localeCompare(a.lastResponseAt))
        .map((i) => ({ ...i }));
      await gate?.wait();
      return { items, nextCursor: null };
    },
    initialPageParam: null,
    getNextPageParam: () => null,
  });
  stops.push(observer.subscribe(() => undefined));
  return observer;
}

function showCounts() {
  const observer = new QueryObserver<StatusCounts>(queryClient, {
    queryKey: [...issuesKey, 'counts', ''],
    queryFn: async () => {
      count('counts');
      const counts = Object.fromEntries(['on-going', 'waiting'].map((s) => [s, 0])) as StatusCounts['counts'];
      for (const i of server) counts![i.status] = (counts![i.status] ?? 0) + 1;
      return { counts, total: server.length };
    },
  });
  stops.push(observer.subscribe(() => undefined));
  return observer;
}

/** The open chat of `issueId`; `gate` holds each fetch until released. */
function showChat(issueId: number, gate?: Gate) {
  const observer = new InfiniteQueryObserver(queryClient, {
    queryKey: messagesKey(issueId),
    queryFn: async () => {
      count(`chat:${issueId}`);
      await gate?.wait();
      return { items: [], nextCursor: null };
    },
    initialPageParam: null as number | null,
    getNextPageParam: () => null,
  });
  stops.push(observer.subscribe(() => undefined));
  return observer;
}

const settled = () => vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));

const newMessage = (issueId: number, minute: number, text = 'hello'): LiveFeedEvent => ({
  type: 'message.created',
  data: {
    issueId,
    messageId: 1000 + minute,
    direction: 'inbound',
    card: {
      lastResponseAt: at(minute),
      lastMessage: { text, kind: 'text', senderType: 'customer' },
    },
  },
});

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  fetches = {};
  stops = [];
  server = [card(1, 'on-going', at(3)), card(2, 'on-going', at(2)), card(3, 'on-going', at(1))];
  server.push(card(4, 'waiting', at(0)));
  cache = createLiveCache(queryClient);
});

afterEach(() => {
  cache.dispose();
  for (const stop of stops) stop();
  queryClient.clear();
  vi.useRealTimers();
});

describe('a new message on an issue in the lists', () => {
  it('moves its card to the top with the preview and one more unread, without a request', async () => {
    const all = showList('');
    const ongoing = showList('on-going');
    await settled();
    fetches = {};

    cache.apply(newMessage(3, 10, 'is it in stock?'));

    expect(ids(all.getCurrentResult().data)).toEqual([3, 1, 2, 4]);
    expect(ids(ongoing.getCurrentResult().data)).toEqual([3, 1, 2]);
    const moved = all.getCurrentResult().data!.pages[0]!.items[0]!;
    expect(moved.lastMessage?.text).toBe('is it in stock?');
    expect(moved.lastResponseAt).toBe(at(10));
    expect(moved.unreadCount).toBe(1);
    await settled();
    expect(fetches).toEqual({});
  });

  it('batches the refetch of lists and counts when the issue is in no list', async () => {
    vi.useFakeTimers();
    showList('');
    showCounts();
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    fetches = {};

    for (let i = 0; i < 10; i++) cache.apply(newMessage(99, i));
    await vi.advanceTimersByTimeAsync(LIST_REFRESH_MS);
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));

    expect(fetches).toEqual({ 'list:': 1, counts: 1 });
  });
});

describe('service level clocks, which the message events do not carry', () => {
  const clock = (target: 'firstResponse' | 'resolution') => ({
    target,
    warnAt: '2026-01-01T10:30:00.000Z',
    dueAt: '2026-01-01T10:40:00.000Z',
  });
  const answer = (issueId: number, minute: number): LiveFeedEvent => ({
    type: 'message.created',
    data: {
      issueId,
      messageId: 2000 + minute,
      direction: 'outbound',
      card: { lastResponseAt: at(minute), lastMessage: { text: 'on it', kind: 'text', senderType: 'agent' } },
    },
  });

  it('are read again, batched, when an agent answers a customer whose wait is counted', async () => {
    vi.useFakeTimers();
    server[0] = { ...server[0]!, sla: clock('firstResponse') };
    showList('');
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    fetches = {};

    cache.apply(answer(1, 10));
    cache.apply(answer(1, 11));
    await vi.advanceTimersByTimeAsync(LIST_REFRESH_MS);
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(fetches).toEqual({ 'list:': 1 });
  });

  it('are read again when a customer writes while no wait is counted, where the lists show clocks', async () => {
    vi.useFakeTimers();
    server[1] = { ...server[1]!, sla: clock('resolution') };
    showList('');
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    fetches = {};

    // The issue with id 1 counts nothing yet: its customer's new message may start the next response clock.
    cache.apply(newMessage(1, 10));
    await vi.advanceTimersByTimeAsync(LIST_REFRESH_MS);
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(fetches).toEqual({ 'list:': 1 });
  });

  it('cost nothing where no card shows a clock, or the message changes no wait', async () => {
    vi.useFakeTimers();
    server[0] = { ...server[0]!, sla: clock('firstResponse') };
    showList('');
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    fetches = {};

    // The customer writes again while their wait is already counted.
    cache.apply(newMessage(1, 10));
    await vi.advanceTimersByTimeAsync(LIST_REFRESH_MS);
    expect(fetches).toEqual({});
  });
});

describe('new messages on the open issue', () => {
  it('refetch its chat once at a time, plus once for what came meanwhile (that fetch reads them)', async () => {
    vi.useFakeTimers();
    showList('');
    let release: () => void = () => undefined;
    const gate = { wait: () => new Promise<void>((resolve) => (release = resolve)) };
    showChat(1, gate);
    release();
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    fetches = {};

    for (let i = 0; i < 5; i++) cache.apply(newMessage(1, 10 + i));
    await vi.waitFor(() => expect(fetches['chat:1']).toBe(1));
    release();
    await vi.waitFor(() => expect(fetches['chat:1']).toBe(2));
    release();
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    await vi.advanceTimersByTimeAsync(LIST_REFRESH_MS);

    expect(fetches).toEqual({ 'chat:1': 2 });
    // The user is looking at it: no unread badge on its card.
    const list = queryClient.getQueriesData<InfiniteData<IssuePage>>({ queryKey: [...issuesKey, 'list'] });
    expect(list[0]![1]!.pages[0]!.items[0]).toMatchObject({ id: 1, unreadCount: 0 });
  });

  it('only marks a chat not on screen stale', async () => {
    showChat(2).destroy();
    await settled();
    fetches = {};
    cache.apply(newMessage(2, 10));
    await settled();
    expect(fetches).toEqual({});
    expect(queryClient.getQueryState(messagesKey(2))?.isInvalidated).toBe(true);
  });
});

describe('a status change', () => {
  it('moves the card between the status lists and the counts at once, then reconciles once', async () => {
    vi.useFakeTimers();
    const ongoing = showList('on-going');
    const waiting = showList('waiting');
    const counts = showCounts();
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    fetches = {};

    cache.apply({
      type: 'issue.status_changed',
      data: { issueId: 2, status: 'waiting', teamId: null, assigneeUserId: null },
    });

    expect(ids(ongoing.getCurrentResult().data)).toEqual([1, 3]);
    expect(ids(waiting.getCurrentResult().data)).toEqual([2, 4]);
    expect(counts.getCurrentResult().data?.counts).toMatchObject({ 'on-going': 2, waiting: 2 });

    server.find((i) => i.id === 2)!.status = 'waiting';
    await vi.advanceTimersByTimeAsync(LIST_REFRESH_MS);
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(fetches).toEqual({ 'list:on-going': 1, 'list:waiting': 1, counts: 1 });
    expect(ids(waiting.getCurrentResult().data)).toEqual([2, 4]);
  });
});

describe('a read in flight when an event arrives', () => {
  it('is cancelled, so its older answer cannot put a moved card back, and read again once', async () => {
    vi.useFakeTimers();
    let held = false;
    const releases: Array<() => void> = [];
    const gate = {
      wait: () => (held ? new Promise<void>((resolve) => releases.push(resolve)) : Promise.resolve()),
    };
    const ongoing = showList('on-going', gate);
    const waiting = showList('waiting', gate);
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    // The socket opened: both lists are read again, and the answers are late.
    held = true;
    cache.socketOpened();
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    fetches = {};

    server.find((i) => i.id === 4)!.status = 'on-going';
    cache.apply({
      type: 'issue.status_changed',
      data: { issueId: 4, status: 'on-going', teamId: null, assigneeUserId: null },
    });
    held = false;
    for (const release of releases) release();
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(ids(waiting.getCurrentResult().data)).toEqual([]);
    expect(ids(ongoing.getCurrentResult().data)).toEqual([1, 2, 3, 4]);

    await vi.advanceTimersByTimeAsync(LIST_REFRESH_MS);
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(fetches).toEqual({ 'list:on-going': 1, 'list:waiting': 1 });
    expect(ids(waiting.getCurrentResult().data)).toEqual([]);
    expect(ids(ongoing.getCurrentResult().data)).toEqual([1, 2, 3, 4]);
  });
});

it('refetches every issue read when the socket opens (first or again)', async () => {
  showList('');
  showChat(1);
  await settled();
  fetches = {};
  cache.socketOpened();
  await settled();
  expect(fetches).toEqual({ 'list:': 1, 'chat:1': 1 });
});
