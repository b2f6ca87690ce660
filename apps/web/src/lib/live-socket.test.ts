import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_READY_MESSAGE } from '@sabai/contracts';
import {
  KEEPALIVE_TEXT,
  NOTI_SOCKET,
  NotiSocket,
  chatIssueOf,
  insertIssueNumber,
  isAboutOpenIssue,
  isStaffOnly,
  parseLiveMessage,
  presenceAfter,
  retryDelay,
  shouldReconnect,
  shouldShowPopup,
  stripLink,
  type LiveMessage,
  type PopupContext,
  type SocketLike,
} from './live-socket';

/** A socket the test opens, closes and talks through by hand. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: [number | undefined, string | undefined] | null = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number, reason?: string) {
    this.closedWith = [code, reason];
    this.readyState = 3;
  }
  /** The handshake ends; the server has not registered the socket yet. */
  handshakeEnds() {
    this.readyState = 1;
  }
  /** The handshake ends and the server registers the socket (its first message). */
  serverOpens() {
    this.handshakeEnds();
    this.onmessage?.({ data: LIVE_READY_MESSAGE } as MessageEvent);
  }
  serverCloses(code: number, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason } as CloseEvent);
  }
}

describe('reconnect rule', () => {
  it.each([
    [1000, ''],
    [1001, ''],
    [1006, ''],
    [4000, 'Going away'],
    [4000, 'Connection Closed Normally'],
    [4401, 'auth.token_revoked'],
  ])('reconnects after code %i with reason "%s"', (code, reason) => {
    expect(shouldReconnect(code, reason)).toBe(true);
  });
  it.each([
    [1008, ''],
    [1011, 'server error'],
    [4401, 'auth.token_expired'],
    [4400, 'token and socketType required'],
  ])('stays closed after code %i with reason "%s"', (code, reason) => {
    expect(shouldReconnect(code, reason)).toBe(false);
  });
});

describe('reading socket messages', () => {
  it('reads the refresh message', () => {
    const profilePath = '/files/a?expires=1767225600&signature=sig';
    expect(parseLiveMessage(JSON.stringify({ refreshToken: 'r1', profilePath }))).toEqual({
      kind: 'refresh',
      refreshToken: 'r1',
      profilePath,
    });
  });
  it('reads new issue and new message messages', () => {
    const msg = { type: 'newMessage', adminUserId: 'u1', action: 'user', issueId: 7, message: 'hi' };
    expect(parseLiveMessage(JSON.stringify(msg))).toEqual({ kind: 'issue', ...msg });
  });
  it('reads plain text as a notice and strips its link', () => {
    expect(parseLiveMessage('Issue #12 was assigned to you /issue/inbox?issueId=12')).toEqual({
      kind: 'notice',
      text: 'Issue #12 was assigned to you',
      issueId: 12,
    });
    expect(stripLink('Please close https://app.example/issue/inbox?lang=th&issueId=5 now')).toEqual({
      text: 'Please close now',
      issueId: 5,
    });
    expect(stripLink('Your time off was approved')).toEqual({
      text: 'Your time off was approved',
      issueId: null,
    });
  });
  it('reads live events of the change feed', () => {
    const event = {
      type: 'issue.status_changed',
      data: { issueId: 3, status: 'waiting', teamId: null, assigneeUserId: 'u1' },
    };
    expect(parseLiveMessage(JSON.stringify(event))).toEqual({ kind: 'feed', event });
  });
  it.each([
    '',
    '   ',
    '{broken',
    '{"type":"other"}',
    '[1,2]',
    '{"refreshToken":""}',
    // A known event whose payload disagrees with the union.
    '{"type":"message.created","data":{"issueId":"7"}}',
    '{"type":"issue.assigned","data":{"issueId":7,"status":"archived","teamId":null,"assigneeUserId":null}}',
  ])('cannot read %j', (text) => {
    expect(parseLiveMessage(text)).toBeNull();
  });
});

describe('the Thai closed-issue message', () => {
  it('inserts the issue number at character 6', () => {
    expect(insertIssueNumber('เคสที่ ถูกปิดแล้ว', 42)).toBe('เคสที่ 42 ถูกปิดแล้ว');
  });
});

describe('popup rules', () => {
  const manager: PopupContext = {
    pathname: '/dashboard',
    openIssueId: null,
    userId: 'm',
    isStaff: false,
    hasDeviceToken: false,
  };
  const staff: PopupContext = { ...manager, userId: 's', isStaff: true };
  const newIssue = (adminUserId: string | null): LiveMessage => ({
    kind: 'issue',
    type: 'newIssue',
    adminUserId,
    action: 'user',
    issueId: 1,
    message: 'New issue',
  });
  const newMessage = (adminUserId: string | null): LiveMessage => ({
    kind: 'issue',
    type: 'newMessage',
    adminUserId,
    action: 'user',
    issueId: 1,
    message: 'New message',
  });
  const notice: LiveMessage = { kind: 'notice', text: 'Issue #1 was assigned to you', issueId: 1 };

  it('shows new issues, but not on the inbox or the kanban', () => {
    expect(shouldShowPopup(newIssue(null), manager)).toBe(true);
    for (const pathname of ['/issue/inbox', '/issue/kanban', '/mobile/issue/inbox', '/issue/inbox/'])
      expect(shouldShowPopup(newIssue(null), { ...manager, pathname }), pathname).toBe(false);
    expect(shouldShowPopup(newIssue(null), { ...manager, pathname: '/mobile/issue/chat' })).toBe(true);
  });
  it('shows staff only the new issues assigned to them', () => {
    expect(shouldShowPopup(newIssue(null), staff)).toBe(false);
    expect(shouldShowPopup(newIssue('m'), staff)).toBe(false);
    expect(shouldShowPopup(newIssue('s'), staff)).toBe(true);
  });
  it('shows new messages only when addressed to the current user', () => {
    expect(shouldShowPopup(newMessage('s'), staff)).toBe(true);
    expect(shouldShowPopup(newMessage('m'), staff)).toBe(false);
    expect(shouldShowPopup(newMessage(null), manager)).toBe(false);
  });
  it('treats only a user whose every role is Staff as staff', () => {
    expect(isStaffOnly(['Staff'])).toBe(true);
    expect(isStaffOnly(['Manager', 'Staff'])).toBe(false);
    expect(isStaffOnly([])).toBe(false);
  });
  it('shows text notices', () => {
    expect(shouldShowPopup(notice, staff)).toBe(true);
  });
  it('shows nothing for the issue whose chat is open in a visible tab, and everything else', () => {
    const reading = { ...staff, pathname: '/issue/inbox', openIssueId: 1 };
    expect(isAboutOpenIssue(newMessage('s'), reading)).toBe(true);
    expect(shouldShowPopup(newMessage('s'), reading)).toBe(false);
    expect(shouldShowPopup({ ...newMessage('s'), issueId: 2 } as LiveMessage, reading)).toBe(true);
    // A text notice (a colleague's change) still pops up over the open chat.
    expect(shouldShowPopup(notice, reading)).toBe(true);
  });
  it('knows which chat a page shows', () => {
    expect(chatIssueOf('/issue/inbox', '?issueId=7&lang=th')).toBe(7);
    expect(chatIssueOf('/mobile/issue/chat', '?issueId=7')).toBe(7);
    expect(chatIssueOf('/issue/inbox', '?issueId=x')).toBeNull();
    expect(chatIssueOf('/issue/kanban', '?issueId=7')).toBeNull();
    expect(chatIssueOf('/mobile/issue/inbox', '?issueId=7')).toBeNull();
  });
  it('shows no popup while a device token is registered', () => {
    const withDevice = { ...staff, hasDeviceToken: true };
    expect(shouldShowPopup(notice, withDevice)).toBe(false);
    expect(shouldShowPopup(newMessage('s'), withDevice)).toBe(false);
    expect(shouldShowPopup(newIssue('s'), withDevice)).toBe(false);
  });
});

describe('NotiSocket', () => {
  let opened: FakeSocket[];
  let received: string[];
  let gaveUp: number;
  let opens: number;
  let asked: boolean[];
  let client: NotiSocket;
  const last = () => opened.at(-1)!;
  const flush = () => vi.advanceTimersByTimeAsync(0);

  beforeEach(() => {
    vi.useFakeTimers();
    opened = [];
    received = [];
    gaveUp = 0;
    opens = 0;
    asked = [];
    client = new NotiSocket({
      url: async (revoked) => {
        asked.push(revoked);
        return 'ws://test/ws?token=t&socketType=webNoti';
      },
      open: (url) => {
        const socket = new FakeSocket(url);
        opened.push(socket);
        return socket;
      },
      onMessage: (data) => received.push(data),
      onGiveUp: () => gaveUp++,
      onOpen: () => opens++,
    });
  });
  afterEach(() => {
    client.stop();
    vi.useRealTimers();
  });

  it('opens with the token and socketType=webNoti and passes messages on', async () => {
    client.start();
    await flush();
    expect(last().url).toBe('ws://test/ws?token=t&socketType=webNoti');
    last().serverOpens();
    last().onmessage?.({ data: 'hello' } as MessageEvent);
    expect(received).toEqual(['hello']);
  });

  it.each([
    [1000, ''],
    [1001, ''],
    [1006, ''],
    [4000, 'Going away'],
    [4000, 'Connection Closed Normally'],
  ])('reconnects after a close with code %i and reason "%s"', async (code, reason) => {
    client.start();
    await flush();
    last().serverOpens();
    last().serverCloses(code, reason);
    await vi.advanceTimersByTimeAsync(NOTI_SOCKET.retryDelayMs);
    expect(opened).toHaveLength(2);
  });

  it('asks for a refreshed token after the server revoked the socket’s token, then reconnects', async () => {
    client.start();
    await flush();
    last().serverOpens();
    last().serverCloses(4401, 'auth.token_revoked');
    await vi.advanceTimersByTimeAsync(NOTI_SOCKET.retryDelayMs);
    expect(opened).toHaveLength(2);
    last().serverOpens();
    last().serverCloses(1006);
    await vi.advanceTimersByTimeAsync(NOTI_SOCKET.retryDelayMs);
    expect(asked).toEqual([false, true, false]);
  });

  it('stays closed after another close (an expired token)', async () => {
    client.start();
    await flush();
    last().serverOpens();
    last().serverCloses(4401, 'auth.token_expired');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(opened).toHaveLength(1);
  });

  it('counts a socket open only once the server says it is registered, which it must within 5000 ms', async () => {
    client.start();
    await flush();
    last().handshakeEnds();
    await vi.advanceTimersByTimeAsync(NOTI_SOCKET.timeoutMs - 1);
    expect(opens).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(opened[0]!.closedWith).not.toBeNull();
    await vi.advanceTimersByTimeAsync(NOTI_SOCKET.retryDelayMs);
    last().serverOpens();
    expect(opens).toBe(1);
    expect(received).toEqual([]);
  });

  it('gives an attempt 5000 ms to open, then tries again', async () => {
    client.start();
    await flush();
    await vi.advanceTimersByTimeAsync(NOTI_SOCKET.timeoutMs - 1);
    expect(opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(opened[0]!.closedWith).not.toBeNull();
    await vi.advanceTimersByTimeAsync(NOTI_SOCKET.retryDelayMs);
    expect(opened).toHaveLength(2);
  });

  it('waits longer after each failed attempt, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('doubles the pause between failed attempts', async () => {
    client.start();
    await flush();
    last().serverCloses(1006);
    await vi.advanceTimersByTimeAsync(1000);
    expect(opened).toHaveLength(2);
    last().serverCloses(1006);
    await vi.advanceTimersByTimeAsync(1999);
    expect(opened).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(opened).toHaveLength(3);
  });

  /** A socket whose opens (reconnected or not) and closes (retrying or not) are written down. */
  function watchedSocket() {
    const opens: boolean[] = [];
    const closes: boolean[] = [];
    const watched = new NotiSocket({
      url: async () => 'ws://test/ws',
      open: (url) => {
        const socket = new FakeSocket(url);
        opened.push(socket);
        return socket;
      },
      onMessage: () => undefined,
      onOpen: (reconnected) => opens.push(reconnected),
      onClose: (retrying) => closes.push(retrying),
    });
    return { watched, opens, closes };
  }

  it('tells each open whether it is a reconnection, and each close whether an attempt follows', async () => {
    const { watched, opens, closes } = watchedSocket();
    watched.start();
    await flush();
    last().serverOpens();
    last().serverCloses(1006);
    await vi.advanceTimersByTimeAsync(NOTI_SOCKET.retryDelayMs);
    last().serverOpens();
    expect(opens).toEqual([false, true]);
    last().serverCloses(4000);
    expect(closes).toEqual([true, false]);
    watched.stop();
  });

  it('counts an attempt that did not open in time as a close with a retry (the server is out of reach)', async () => {
    const { watched, closes } = watchedSocket();
    watched.start();
    await flush();
    await vi.advanceTimersByTimeAsync(NOTI_SOCKET.timeoutMs);
    expect(closes).toEqual([true]);
    watched.stop();
  });

  it('makes at most 10 attempts in a row', async () => {
    client.start();
    await flush();
    for (let i = 0; i < 30; i++) {
      last().serverCloses(1006);
      await vi.advanceTimersByTimeAsync(NOTI_SOCKET.maxRetryDelayMs);
    }
    expect(opened).toHaveLength(10);
    expect(gaveUp).toBe(1);
  });

  it('counts the attempts again after a successful open', async () => {
    client.start();
    await flush();
    // Each pause exactly: the next attempt opens, and is closed before its own 5000 ms run out.
    for (let i = 0; i < 5; i++) {
      last().serverCloses(1006);
      await vi.advanceTimersByTimeAsync(retryDelay(i));
    }
    last().serverOpens();
    expect(client.attemptCount).toBe(0);
    for (let i = 0; i < 30; i++) {
      last().serverCloses(1006);
      await vi.advanceTimersByTimeAsync(retryDelay(i));
    }
    expect(opened).toHaveLength(6 + 10);
  });

  it('sends a keepalive every 300000 ms while open', async () => {
    client.start();
    await flush();
    last().serverOpens();
    await vi.advanceTimersByTimeAsync(NOTI_SOCKET.keepaliveMs - 1);
    expect(last().sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(last().sent).toEqual([KEEPALIVE_TEXT]);
    await vi.advanceTimersByTimeAsync(NOTI_SOCKET.keepaliveMs);
    expect(last().sent).toEqual([KEEPALIVE_TEXT, KEEPALIVE_TEXT]);
  });

  it('closes normally when stopped and does not reconnect', async () => {
    client.start();
    await flush();
    last().serverOpens();
    client.stop();
    expect(last().closedWith).toEqual([1000, 'Connection Closed Normally']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(opened).toHaveLength(1);
  });
});

describe('presence of a colleague', () => {
  const at = 1_000_000;

  it('shows typing, and a viewing heartbeat right after does not hide it', () => {
    const typing = presenceAfter(undefined, 'typing', at);
    expect(typing.state).toBe('typing');
    expect(presenceAfter(typing, 'viewing', at + 100).state).toBe('typing');
  });

  it('shows viewing once typing has had its time, while the viewing lasts', () => {
    const typing = presenceAfter(undefined, 'typing', at);
    const later = presenceAfter(typing, 'viewing', typing.typingUntil + 1);
    expect(later.state).toBe('viewing');
    expect(later.viewingUntil).toBeGreaterThan(typing.typingUntil);
  });

  it('shows viewing for a viewer who has not typed', () => {
    expect(presenceAfter(undefined, 'viewing', at).state).toBe('viewing');
  });
});
