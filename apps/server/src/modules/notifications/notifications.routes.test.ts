// One database is enough: the checks are an endpoint's validation, permissions, organisation scope and
// answers, over plain reads and writes.
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_TEXTS, parseNotice } from '@sabai/contracts';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { buildWorkspace, type Workspace } from '../../../test/workspace';
import type { TestUser } from '../../../test/factories';
import { notifyCustomerActivity } from './index';

let t: TestApp;
let w: Workspace;
let other: Workspace;

beforeAll(async () => {
  t = await startTestApp();
  w = await buildWorkspace(t);
  other = await buildWorkspace(t);
});

const api = async (
  ws: Workspace,
  user: TestUser,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token?: string,
) => call(t.app, method, `/api/v1${url}`, { token: token ?? (await ws.tokenOf(user)) });

/** Gives a new issue to `user` through the assignment API: they get an "assigned to you" notification. */
async function assignTo(ws: Workspace, user: TestUser) {
  const issue = await ws.addIssue({});
  const res = await call(t.app, 'PUT', `/api/v1/issues/${issue.id}/assignee`, {
    token: await ws.tokenOf(ws.manager),
    body: { userId: user.id },
  });
  expect(res.statusCode).toBe(200);
  return issue.id;
}

const list = async (ws: Workspace, user: TestUser, query = '') =>
  (await api(ws, user, 'GET', `/web-notification${query}`)).json() as {
    items: Array<Record<string, unknown>>;
    nextCursor: number | null;
  };
const countOf = async (ws: Workspace, user: TestUser) =>
  (await api(ws, user, 'GET', '/web-notification/count')).json() as number;

describe('web-notification API', () => {
  it('lists the caller’s notifications newest first with the issue’s channel', async () => {
    const first = await assignTo(w, w.staff);
    const second = await assignTo(w, w.staff);
    const page = await list(w, w.staff);
    expect(page.items.slice(0, 2)).toEqual([
      {
        id: expect.any(Number),
        issueId: second,
        content: `Issue #${second} was assigned to you`,
        readStatus: false,
        createdDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        channelType: 'line',
        channelName: 'LINE shop',
      },
      expect.objectContaining({ issueId: first }),
    ]);
  });

  it('pages with a cursor without repeating or skipping', async () => {
    for (let i = 0; i < 3; i++) await assignTo(w, w.staff2);
    const all = await list(w, w.staff2);
    const one = await list(w, w.staff2, '?limit=2');
    expect(one.items).toHaveLength(2);
    expect(one.nextCursor).toBe(one.items[1]!.id);
    const two = await list(w, w.staff2, `?limit=2&cursor=${one.nextCursor}`);
    expect([...one.items, ...two.items].map((n) => n.id)).toEqual(all.items.map((n) => n.id).slice(0, 4));
  });

  it('counts until the bell is opened, marks one read, clears all', async () => {
    const user = w.managerB;
    expect(await countOf(w, user)).toBe(0);
    const issue = await w.addIssue({ team: 'B' });
    await t.db.orm.transaction((tx) => notifyCustomerActivity(tx, { newIssueIds: [issue.id], messages: [] }));
    await t.db.orm.transaction((tx) => notifyCustomerActivity(tx, { newIssueIds: [issue.id], messages: [] }));
    expect(await countOf(w, user)).toBe(2);
    const [newest] = (await list(w, user)).items;
    expect(newest).toMatchObject({ issueId: issue.id, content: NOTICE_TEXTS.newIssue(issue.id, 'Customer') });
    expect(parseNotice(String(newest!.content))).toEqual({
      kind: 'newIssue',
      values: { id: String(issue.id), from: 'Customer' },
    });

    expect((await api(w, user, 'POST', `/web-notification/read/${newest!.id}`)).statusCode).toBe(204);
    expect((await list(w, user)).items[0]).toMatchObject({ id: newest!.id, readStatus: true });
    expect(await countOf(w, user)).toBe(1);

    expect((await api(w, user, 'POST', '/web-notification/clear-count')).statusCode).toBe(204);
    expect(await countOf(w, user)).toBe(0);
    expect((await list(w, user)).items).toHaveLength(2); // clearing the count keeps the list

    expect((await api(w, user, 'DELETE', '/web-notification')).statusCode).toBe(204);
    expect((await list(w, user)).items).toEqual([]);
  });

  it('notifies a customer’s new message to the issue’s agent only, once per issue and batch', async () => {
    const issue = await w.addIssue({ assignee: w.staff });
    const unassigned = await w.addIssue({});
    const before = await countOf(w, w.staff);
    await t.db.orm.transaction((tx) =>
      notifyCustomerActivity(tx, {
        newIssueIds: [],
        messages: [
          { issueId: issue.id, text: 'first' },
          { issueId: issue.id, text: 'สวัสดีครับ' },
          { issueId: unassigned.id, text: 'nobody hears this' },
        ],
      }),
    );
    expect(await countOf(w, w.staff)).toBe(before + 1);
    expect((await list(w, w.staff)).items[0]).toMatchObject({
      issueId: issue.id,
      content: NOTICE_TEXTS.newMessage(issue.id, 'สวัสดีครับ'),
    });
  });

  it('reads the caller’s notifications of an issue when they open its chat, and no others', async () => {
    const issue = await w.addIssue({ assignee: w.staff });
    const elsewhere = await w.addIssue({ assignee: w.staff });
    const teamIssue = await w.addIssue({ assignee: w.manager });
    const tell = (issueId: number, text: string) =>
      t.db.orm.transaction((tx) =>
        notifyCustomerActivity(tx, { newIssueIds: [], messages: [{ issueId, text }] }),
      );
    await tell(issue.id, 'where is my parcel?');
    await tell(elsewhere.id, 'hello?');
    await tell(teamIssue.id, 'for the manager');
    const [staffBefore, managerBefore] = [await countOf(w, w.staff), await countOf(w, w.manager)];

    // Reading older pages is not opening the chat; the newest page with read=true is.
    await api(w, w.staff, 'GET', `/issues/${issue.id}/messages?limit=50&before=1`);
    expect(await countOf(w, w.staff)).toBe(staffBefore);
    const opened = await api(w, w.staff, 'GET', `/issues/${issue.id}/messages?limit=50&read=true`);
    expect(opened.statusCode).toBe(200);
    expect(await countOf(w, w.staff)).toBe(staffBefore - 1);
    const items = (await list(w, w.staff)).items;
    expect(items.find((n) => n.issueId === issue.id)).toMatchObject({ readStatus: true });
    expect(items.find((n) => n.issueId === elsewhere.id)).toMatchObject({ readStatus: false });

    // The manager (who may see the staff's issue) opening it reads nothing of the staff's.
    await api(w, w.manager, 'GET', `/issues/${elsewhere.id}/messages?limit=50&read=true`);
    expect(await countOf(w, w.staff)).toBe(staffBefore - 1);
    expect(await countOf(w, w.manager)).toBe(managerBefore);
  });

  it('brings no notice of a muted issue’s messages to the user who muted it, until they unmute', async () => {
    const issue = await w.addIssue({ assignee: w.staff });
    const tell = (text: string) =>
      t.db.orm.transaction((tx) =>
        notifyCustomerActivity(tx, { newIssueIds: [], messages: [{ issueId: issue.id, text }] }),
      );
    const detail = async (user: TestUser) =>
      (await api(w, user, 'GET', `/issues/${issue.id}`)).json() as { muted: boolean };
    const mute = async (user: TestUser, method: 'PUT' | 'DELETE') =>
      call(t.app, method, `/api/v1/issues/${issue.id}/mute`, { token: await w.tokenOf(user) });
    expect((await detail(w.staff)).muted).toBe(false);

    expect((await mute(w.staff, 'PUT')).statusCode).toBe(204);
    expect((await mute(w.staff, 'PUT')).statusCode).toBe(204);
    expect((await detail(w.staff)).muted).toBe(true);
    // Muted for the one who muted it only.
    expect((await detail(w.manager)).muted).toBe(false);
    const before = await countOf(w, w.staff);
    await tell('are you there?');
    expect(await countOf(w, w.staff)).toBe(before);

    expect((await mute(w.staff, 'DELETE')).statusCode).toBe(204);
    expect((await detail(w.staff)).muted).toBe(false);
    await tell('hello again');
    expect(await countOf(w, w.staff)).toBe(before + 1);

    // Nobody mutes an issue they may not see.
    const foreign = await call(t.app, 'PUT', `/api/v1/issues/${issue.id}/mute`, {
      token: await other.tokenOf(other.manager),
    });
    expect(foreign.statusCode).toBe(404);
    const teamless = await w.addIssue({ assignee: w.manager });
    const staffRes = await call(t.app, 'PUT', `/api/v1/issues/${teamless.id}/mute`, {
      token: await w.tokenOf(w.staff2),
    });
    expect(staffRes.statusCode).toBe(404);
  });

  it('never shows or touches another user’s or another organisation’s notifications', async () => {
    await assignTo(w, w.staff);
    const mine = (await list(w, w.staff)).items[0]!;
    // the same organisation's other staff and the other organisation's staff
    for (const [ws, user] of [
      [w, w.staff2],
      [other, other.staff],
    ] as const) {
      expect((await list(ws, user)).items.map((n) => n.id)).not.toContain(mine.id);
      const res = await api(ws, user, 'POST', `/web-notification/read/${String(mine.id)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('notification.not_found');
      await api(ws, user, 'POST', '/web-notification/clear-count');
      await api(ws, user, 'DELETE', '/web-notification');
    }
    const after = (await list(w, w.staff)).items.find((n) => n.id === mine.id);
    expect(after).toMatchObject({ readStatus: false });
    expect(await countOf(w, w.staff)).toBeGreaterThan(0);
  });

  it('refuses a call without a valid token', async () => {
    for (const [method, url] of [
      ['GET', '/web-notification'],
      ['GET', '/web-notification/count'],
      ['POST', '/web-notification/read/1'],
      ['POST', '/web-notification/clear-count'],
      ['DELETE', '/web-notification'],
    ] as const) {
      const res = await call(t.app, method, `/api/v1${url}`, {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error.code).toBe('auth.unauthenticated');
    }
  });

  it('answers 400 with a stable code for bad input', async () => {
    for (const url of ['/web-notification/read/abc', '/web-notification/read/0']) {
      const res = await api(w, w.staff, 'POST', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe('validation.failed');
    }
    for (const query of ['?limit=0', '?limit=101', '?cursor=-3']) {
      const res = await api(w, w.staff, 'GET', `/web-notification${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('validation.failed');
    }
  });
});
