import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { call, startTestApp, type TestApp } from '../../test/app';
import { buildWorkspace, type Workspace } from '../../test/workspace';
import { signIn, type TestUser } from '../../test/factories';
import { LIVE_READY_MESSAGE } from '@sabai/contracts';
import { feedRegistered } from '../../test/live-messages';
import { caughtUp, PROBE } from '../../test/sockets';
import { notifyCustomerActivity } from '../modules/notifications';
import { changeSessions } from '../modules/auth';

let t: TestApp;
let w: Workspace;
let other: Workspace;
let base: string;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  w = await buildWorkspace(t);
  other = await buildWorkspace(t);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace('http', 'ws');
});
afterAll(() => sockets.forEach((s) => s.close()));

type Received = { type: string; data: Record<string, unknown> };

/** A socket of `user` that records what it receives. */
async function connect(user: TestUser, socketType = 'live', ws: Workspace = w, token?: string) {
  token ??= await ws.tokenOf(user);
  const socket = new WebSocket(`${base}/ws?token=${token}&socketType=${socketType}`);
  sockets.push(socket);
  const received: Array<Received | string> = [];
  // A feed socket's first message says the gateway registered it; a notice socket is probed until it is.
  const registered = socketType === 'webNoti' ? null : feedRegistered(socket);
  socket.on('message', (raw) => {
    const text = raw.toString();
    if (text.includes(PROBE) || text === LIVE_READY_MESSAGE) return;
    try {
      received.push(JSON.parse(text) as Received);
    } catch {
      received.push(text);
    }
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  await (registered ?? caughtUp(t, socket, token, socketType));
  return { socket, received, caughtUp: () => caughtUp(t, socket, token, socketType) };
}

/** Socket messages arrive asynchronously: retries `check` until it passes. */
const soon = (check: () => void) => vi.waitFor(check, { timeout: 3000, interval: 25 });

describe('websocket gateway', () => {
  it('refuses a missing or bad token and a missing socket type', async () => {
    const closeCode = (url: string) =>
      new Promise<number>((resolve) => new WebSocket(url).once('close', (code) => resolve(code)));
    expect(await closeCode(`${base}/ws?socketType=live`)).toBe(4400);
    expect(await closeCode(`${base}/ws?token=nope&socketType=live`)).toBe(4401);
    expect(await closeCode(`${base}/ws?token=${await w.tokenOf(w.staff)}`)).toBe(4400);
  });

  it('sends issue changes to the users whose scope covers the issue, only', async () => {
    const manager = await connect(w.manager);
    const staff = await connect(w.staff);
    const staff2 = await connect(w.staff2);
    const outsider = await connect(w.managerB);
    const id = (await w.addIssue({})).id;
    await call(t.app, 'PUT', `/api/v1/issues/${id}/assignee`, {
      token: await w.tokenOf(w.manager),
      body: { userId: w.staff.id },
    });
    const assigned = (r: Array<Received | string>) =>
      r.some((m) => typeof m !== 'string' && m.type === 'issue.assigned' && m.data.issueId === id);
    await soon(() => {
      expect(assigned(manager.received)).toBe(true);
      expect(assigned(staff.received)).toBe(true);
    });
    expect(assigned(staff2.received)).toBe(false);
    expect(assigned(outsider.received)).toBe(false);
  });

  it('relays presence on an issue to its other viewers', async () => {
    const id = (await w.addIssue({ assignee: w.staff })).id;
    const manager = await connect(w.manager);
    const staff = await connect(w.staff);
    staff.socket.send(JSON.stringify({ type: 'presence', issueId: id, state: 'typing' }));
    await soon(() =>
      expect(manager.received).toContainEqual({
        type: 'issue.presence',
        data: expect.objectContaining({ issueId: id, userId: w.staff.id, state: 'typing' }),
      }),
    );
    // presence on an issue the sender cannot see is dropped
    const foreign = (await w.addIssue({ team: 'B', assignee: w.staffB })).id;
    staff.socket.send(JSON.stringify({ type: 'presence', issueId: foreign, state: 'viewing' }));
    // The socket's messages are handled in the order they arrive: once the next one is relayed, the foreign
    // one has been dealt with.
    staff.socket.send(JSON.stringify({ type: 'presence', issueId: id, state: 'left' }));
    await soon(() =>
      expect(manager.received).toContainEqual({
        type: 'issue.presence',
        data: expect.objectContaining({ issueId: id, userId: w.staff.id, state: 'left' }),
      }),
    );
    expect(manager.received).not.toContainEqual(
      expect.objectContaining({ data: expect.objectContaining({ issueId: foreign }) }),
    );
  });

  it('sends the user’s notifications as text notices with the issue link on the webNoti socket', async () => {
    const noti = await connect(w.staff2, 'webNoti');
    const id = (await w.addIssue({})).id;
    await call(t.app, 'PUT', `/api/v1/issues/${id}/assignee`, {
      token: await w.tokenOf(w.manager),
      body: { userId: w.staff2.id },
    });
    await soon(() =>
      expect(noti.received).toContain(`Issue #${id} was assigned to you /issue/inbox?issueId=${id}`),
    );
    expect(noti.received.every((m) => typeof m === 'string')).toBe(true);
  });

  it('sends both the change feed and the notices on the web app’s one socket', async () => {
    const web = await connect(w.staff2, 'web');
    const id = (await w.addIssue({})).id;
    await call(t.app, 'PUT', `/api/v1/issues/${id}/assignee`, {
      token: await w.tokenOf(w.manager),
      body: { userId: w.staff2.id },
    });
    await soon(() => {
      expect(web.received).toContain(`Issue #${id} was assigned to you /issue/inbox?issueId=${id}`);
      expect(web.received).toContainEqual({
        type: 'issue.assigned',
        data: { issueId: id, status: 'on-going', teamId: expect.any(String), assigneeUserId: w.staff2.id },
      });
    });
  });

  it('refuses an expired token and a token of another type at connect', async () => {
    const closed = (url: string) =>
      new Promise<[number, string]>((resolve) =>
        new WebSocket(url).once('close', (code, reason) => resolve([code, reason.toString()])),
      );
    const token = await w.tokenOf(w.staff);
    t.clock.advance(16 * 60 * 1000); // access tokens live 15 minutes
    try {
      expect(await closed(`${base}/ws?token=${token}&socketType=webNoti`)).toEqual([
        4401,
        'auth.token_expired',
      ]);
    } finally {
      t.clock.set(null);
    }
    const state = await t.deps.tokens.signState({ userId: w.staff.id });
    expect(await closed(`${base}/ws?token=${state}&socketType=webNoti`)).toEqual([
      4401,
      'auth.unauthenticated',
    ]);
  });

  it('sends new issues and new messages in the published shape to their recipients only', async () => {
    const manager = await connect(w.manager, 'webNoti');
    const managerB = await connect(w.managerB, 'webNoti');
    const staff = await connect(w.staff, 'webNoti');
    const staff2 = await connect(w.staff2, 'webNoti');
    const foreignManager = await connect(other.manager, 'webNoti', other);
    const foreignStaff = await connect(other.staff, 'webNoti', other);
    const fresh = await w.addIssue({});
    const mine = await w.addIssue({ assignee: w.staff });
    // the other organisation gets a new issue too, in a team managed by its own manager
    const foreign = await other.addIssue({ assignee: other.staff });
    await t.db.orm.transaction((tx) =>
      notifyCustomerActivity(tx, {
        newIssueIds: [fresh.id],
        messages: [
          { issueId: mine.id, text: 'hello' },
          { issueId: foreign.id, text: 'other org' },
        ],
      }),
    );
    await soon(() => {
      // The published fields, then who wrote where (the popup's title) and the message (its text).
      expect(manager.received).toContainEqual({
        type: 'newIssue',
        adminUserId: null,
        action: 'user',
        issueId: fresh.id,
        message: `New issue #${fresh.id} from Customer`,
        notificationId: expect.any(Number),
        contactName: 'Customer',
        channelName: 'LINE shop',
        channelType: 'line',
        preview: '',
      });
      expect(staff.received).toContainEqual({
        type: 'newMessage',
        adminUserId: w.staff.id,
        action: 'user',
        issueId: mine.id,
        message: `New message on issue #${mine.id}: hello`,
        notificationId: expect.any(Number),
        contactName: 'Customer',
        channelName: 'LINE shop',
        channelType: 'line',
        preview: 'hello',
      });
      expect(foreignStaff.received).toContainEqual(expect.objectContaining({ issueId: foreign.id }));
    });
    // Whatever these events were to bring the others has arrived before a later event does.
    await Promise.all(
      [manager, managerB, staff, staff2, foreignManager, foreignStaff].map((s) => s.caughtUp()),
    );
    const ids = (r: Array<Received | string>) =>
      r.map((m) => (typeof m === 'string' ? m : (m as unknown as { issueId?: number }).issueId));
    expect(ids(manager.received)).not.toContain(mine.id);
    expect(ids(managerB.received)).toEqual([]);
    expect(ids(staff2.received)).toEqual([]);
    expect(ids(staff.received)).not.toContain(fresh.id);
    expect(ids(foreignManager.received)).toEqual([]);
    expect(ids(foreignStaff.received)).not.toContain(mine.id);
  });

  it('pushes a new session when the user’s role changes, then closes the sockets of the old one', async () => {
    const noti = await connect(w.staff2, 'webNoti');
    const live = await connect(w.staff2, 'live');
    const web = await connect(w.staff2, 'web');
    const bystander = await connect(w.staff, 'webNoti');
    const closed = [noti, live, web].map(
      (s) =>
        new Promise<[number, string]>((resolve) =>
          s.socket.once('close', (code, reason) => resolve([code, reason.toString()])),
        ),
    );
    await t.db.orm.transaction((tx) => changeSessions(t.deps, tx, w.org.id, [w.staff2.id], 'role_changed'));
    expect(await Promise.all(closed)).toEqual([
      [4401, 'auth.token_revoked'],
      [4401, 'auth.token_revoked'],
      [4401, 'auth.token_revoked'],
    ]);
    // The web app's one socket gets the new session too; the feed-only socket does not.
    expect(web.received.filter((m) => typeof m !== 'string' && 'refreshToken' in m)).toHaveLength(1);
    expect(live.received).toEqual([]);
    expect(noti.received).toHaveLength(1);
    const refresh = noti.received[0] as unknown as { refreshToken: string; profilePath: string | null };
    expect(refresh).toEqual({ refreshToken: expect.any(String), profilePath: null });
    const res = await call(t.app, 'POST', '/api/v1/auth/refresh-token', {
      body: { refreshToken: refresh.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect(bystander.received).toEqual([]);
    expect(bystander.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('closes the user’s sockets when they are deactivated, and refuses their old token', async () => {
    const { accessToken: token } = await signIn(t, w.staff2);
    const noti = await connect(w.staff2, 'webNoti', w, token);
    const closed = new Promise<[number, string]>((resolve) =>
      noti.socket.once('close', (code, reason) => resolve([code, reason.toString()])),
    );
    const off = await call(t.app, 'POST', `/api/v1/users/${w.staff2.id}/deactivate`, {
      token: await w.tokenOf(w.admin),
    });
    expect(off.statusCode).toBe(200);
    expect(await closed).toEqual([4401, 'auth.token_revoked']);
    const again = new WebSocket(`${base}/ws?token=${token}&socketType=webNoti`);
    sockets.push(again);
    const refused = await new Promise<[number, string]>((resolve) =>
      again.once('close', (code, reason) => resolve([code, reason.toString()])),
    );
    expect(refused).toEqual([4401, 'auth.token_revoked']);
  });
});
