// What inbound processing puts on an issue's activity trail: the automatic answer of a
// new issue, and the customer coming back to a resolved issue (which stays resolved: their message lands in
// it). Batches are handed to processInboundBatch directly, as in inbound.batch.test.ts.
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IssueActivity } from '@sabai/contracts';
import type { IssueStatus } from '@sabai/domain';
import { call } from '../../../test/app';
import { startChannelHarness, type ChannelHarness } from '../../../test/channels';
import { buildTeam } from '../../../test/factories';
import { contactIdentities, issues } from '../../db/schema';
import type { InboundRow } from '../../platform/ingest-queue';
import { processInboundBatch } from './inbound.service';

let h: ChannelHarness;
let line: { id: string; externalId: string };
let quiet: { id: string; externalId: string };

beforeAll(async () => {
  h = await startChannelHarness();
  const autoReplying = await buildTeam(h.t, h.org, {
    autoReplyMessage: 'Thanks! An agent will answer soon.',
  });
  line = await h.createLineChannel({ assignedTeamId: autoReplying.id });
  quiet = await h.createLineChannel();
});

let seq = 0;
const newUser = () => `U${(Date.now() * 1000 + ++seq).toString(16).padStart(32, 'c')}`;

let rowId = 2_000_000;
/** A delivery of one LINE text message from `userId` to `channel`. */
function text(channel: { externalId: string }, userId: string, body: string): InboundRow {
  const id = `${Date.now()}${++seq}`;
  const event = {
    type: 'message',
    mode: 'active',
    timestamp: Date.now(),
    source: { type: 'user', userId },
    webhookEventId: `ev-${id}`,
    deliveryContext: { isRedelivery: false },
    replyToken: `reply-${id}`,
    message: { id, type: 'text', quoteToken: 'q', text: body },
  };
  return {
    id: ++rowId,
    provider: 'line',
    channelKey: channel.externalId,
    body: JSON.stringify({ destination: 'U0', events: [event] }),
    attempts: 1,
  };
}

async function issuesOfUser(userId: string) {
  return h.t.db.orm
    .select({ id: issues.id, status: issues.status })
    .from(issues)
    .innerJoin(contactIdentities, eq(contactIdentities.id, issues.contactIdentityId))
    .where(eq(contactIdentities.externalUserId, userId))
    .orderBy(asc(issues.id));
}

async function trailOf(issueId: number): Promise<IssueActivity[]> {
  const res = await call(h.t.app, 'GET', `/api/v1/issues/${issueId}/activity`, { token: h.admin });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * The agent's work, written directly: the issue ends in `status`, resolved now when it is a resolution
 * (a few milliseconds apart from the customer's messages, which are timed by the clock too).
 */
async function setStatus(issueId: number, status: IssueStatus) {
  await tick();
  const resolvedAt = status.startsWith('resolved') ? new Date() : null;
  await h.t.db.orm.update(issues).set({ status, resolvedAt }).where(eq(issues.id, issueId));
  await tick();
}

const NOBODY = { actor: null, agent: null, previousAgent: null, team: null, tag: null, relatedIssueId: null };

describe('inbound on the trail', () => {
  it('records the automatic answer of a new issue, with no actor', async () => {
    const userId = newUser();
    await processInboundBatch(h.t.deps, [text(line, userId, 'hello')]);
    const [issue] = await issuesOfUser(userId);
    expect(await trailOf(issue!.id)).toEqual([
      expect.objectContaining({ ...NOBODY, kind: 'auto_reply', fromStatus: null, toStatus: null }),
    ]);
    // The customer's next message is no new issue: no second answer.
    await processInboundBatch(h.t.deps, [text(line, userId, 'anyone?')]);
    expect((await trailOf(issue!.id)).map((a) => a.kind)).toEqual(['auto_reply']);
  });

  it('records nothing for a new issue of a team without automatic answer', async () => {
    const userId = newUser();
    await processInboundBatch(h.t.deps, [text(quiet, userId, 'hello')]);
    const [issue] = await issuesOfUser(userId);
    expect(await trailOf(issue!.id)).toEqual([]);
  });

  it.each(['resolved', 'resolved-success', 'resolved-un-success'] as const)(
    'records the customer coming back to a %s issue once, in that issue, which stays resolved',
    async (status) => {
      const userId = newUser();
      await processInboundBatch(h.t.deps, [text(quiet, userId, 'my parcel is late')]);
      const [issue] = await issuesOfUser(userId);
      await setStatus(issue!.id, status);

      await processInboundBatch(h.t.deps, [
        text(quiet, userId, 'it came, but broken'),
        text(quiet, userId, '...'),
      ]);
      await processInboundBatch(h.t.deps, [text(quiet, userId, 'hello?')]);
      expect(await issuesOfUser(userId)).toEqual([{ id: issue!.id, status }]);
      const trail = await trailOf(issue!.id);
      expect(trail).toEqual([
        expect.objectContaining({
          ...NOBODY,
          kind: 'customer_returned',
          fromStatus: status,
          toStatus: status,
        }),
      ]);
    },
  );

  it('records a new return after the issue is resolved again, and none for open or closed issues', async () => {
    const userId = newUser();
    await processInboundBatch(h.t.deps, [text(quiet, userId, 'first')]);
    const [issue] = await issuesOfUser(userId);
    await setStatus(issue!.id, 'resolved-success');
    await processInboundBatch(h.t.deps, [text(quiet, userId, 'back')]);
    await setStatus(issue!.id, 'waiting');
    await processInboundBatch(h.t.deps, [text(quiet, userId, 'still there?')]);
    await setStatus(issue!.id, 'resolved');
    await processInboundBatch(h.t.deps, [text(quiet, userId, 'back again')]);
    expect((await trailOf(issue!.id)).map((a) => [a.kind, a.fromStatus, a.toStatus])).toEqual([
      ['customer_returned', 'resolved-success', 'resolved-success'],
      ['customer_returned', 'resolved', 'resolved'],
    ]);

    // A closed issue takes no more messages: the customer starts a new conversation, no return.
    await setStatus(issue!.id, 'close');
    await processInboundBatch(h.t.deps, [text(quiet, userId, 'new question')]);
    const [, next] = await issuesOfUser(userId);
    expect(next).toMatchObject({ status: 'un-assigned' });
    expect(await trailOf(next!.id)).toEqual([]);
  });
});
