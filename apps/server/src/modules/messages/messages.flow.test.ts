// Outbound end to end through the simulator: reply tokens, push with retry keys, Meta windows and tags,
// echoes, failures and retry by hand, private notes.
import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/app';
import { PNG, uploadAttachment } from '../../../test/files';
import {
  eventually,
  META_SECRET,
  startChannelHarness,
  storedMessage,
  type ChannelHarness,
} from '../../../test/channels';
import { issues, messages } from '../../db/schema';
import { EVENTS_CHANNEL, type DomainEvent } from '../../platform/events';
import { queueSystemMessage } from './messages.service';

let h: ChannelHarness;
let line: { id: string; externalId: string };
let seq = 0;
const lineUser = () => `U${(++seq + Date.now()).toString(16).padStart(32, 'b')}`;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  h = await startChannelHarness();
  line = await h.createLineChannel();
});

/** The customer writes; resolves to the issue id once stored. */
async function customerWrites(channelId: string, providerMessageId: string) {
  return (await storedMessage(h.t, channelId, providerMessageId)).issueId;
}

const reply = (issueId: number, body: Record<string, unknown>, token = h.admin) =>
  call(h.t.app, 'POST', `/api/v1/issues/${issueId}/messages`, { token, body });

/** Injected faults hit the next matching call: make sure no other delivery is on its way. */
async function nothingPending() {
  await eventually(async () => {
    const [row] = await h.t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM messages WHERE delivery_status = 'pending' AND organization_id = $1",
      [h.org.id],
    );
    return row!.n === 0;
  });
}

/** The delivery jobs of these messages (either queue), in any state: a message leaves by one at most. */
async function deliveryJobs(messageIds: number[]) {
  return h.t.db.query<{ state: string }>(
    `SELECT state FROM pgboss.job WHERE name IN ('message.deliver', 'message.deliver_agent')
       AND (data->>'messageId')::int = ANY($1)`,
    [messageIds],
  );
}

/** Every echo (the webhook carrying the provider id) has been received and processed. */
async function echoesProcessed(providerIds: string[]) {
  await eventually(async () => {
    const [row] = await h.t.db.query<{ n: number }>(
      `SELECT count(DISTINCT mid)::int AS n FROM unnest($1::text[]) AS mid
       JOIN inbound_events e ON e.body LIKE '%' || mid || '%' AND e.processed_at IS NOT NULL`,
      [providerIds],
    );
    return row!.n === providerIds.length;
  });
}

async function delivered(messageId: number) {
  return eventually(async () => {
    const [row] = await h.t.db.orm.select().from(messages).where(eq(messages.id, messageId));
    return row && row.deliveryStatus !== 'pending' ? row : null;
  });
}

/** A 1×1 PNG uploaded as an attachment. */
const uploadPng = () => uploadAttachment(h.t, h.admin, { name: 'dot.png', type: 'image/png', content: PNG });

/** An echo webhook as Meta sends it, signed with the app secret. */
function postMetaEcho(pageId: string, psid: string, message: Record<string, unknown>) {
  const body = JSON.stringify({
    object: 'page',
    entry: [
      {
        id: pageId,
        time: Date.now(),
        messaging: [
          {
            sender: { id: pageId },
            recipient: { id: psid },
            timestamp: Date.now(),
            message: { is_echo: true, app_id: 100000000000000, ...message },
          },
        ],
      },
    ],
  });
  return fetch(`${h.url}/webhooks/meta`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', META_SECRET).update(body).digest('hex')}`,
    },
    body,
  });
}

describe('LINE outbound', () => {
  it("delivers an agent's reply before the automatic messages queued ahead of it", async () => {
    const userId = lineUser();
    const inbound = await h.sim.line.text(line.externalId, userId, 'busy day');
    const issueId = await customerWrites(line.id, String(inbound.body.events[0]!.message!.id));
    await nothingPending();
    // LINE answers slowly, so of the hundred automatic messages (a burst of greetings) those beyond what their
    // loops hold at once (four of ten) wait in their queue.
    h.sim.line.setConditions({ latencyMs: { min: 1500, max: 1500 }, pathIncludes: '/v2/bot/message/' });
    try {
      const automatic = Array.from({ length: 100 }, (_, i) => `automatic ${i + 1} for ${userId}`);
      await h.t.db.orm.transaction(async (tx) => {
        for (const text of automatic)
          await queueSystemMessage(h.t.deps, tx, {
            organizationId: h.org.id,
            issueId,
            channelId: line.id,
            text,
            at: new Date(),
          });
      });
      const answer = await reply(issueId, { text: `the agent answers ${userId}` });
      expect(answer.statusCode).toBe(201);
      await nothingPending();
      // Each message once (a call that timed out on a busy machine is sent again with the same retry key:
      // the same message, not another).
      const texts = h.sim
        .calls({ path: '/v2/bot/message/' })
        .flatMap((c) => (c.body as { messages?: Array<{ text?: string }> } | null)?.messages ?? [])
        .flatMap((m) => (m.text?.includes(userId) ? [m.text] : []));
      expect(new Set(texts).size).toBe(101);
      // The reply had its own queue and loops: it started while automatic messages queued before it still
      // waited for theirs (the automatic loops hold forty at a time, each 1.5 s at LINE), and not one of
      // them came through its queue.
      const [queues] = await h.t.db.query<{ reply: string[]; automatic: string[]; startedAfter: number }>(
        `WITH j AS (
           SELECT j.name, j.started_on, m.sender_type = 'agent' AS agent
           FROM pgboss.job j JOIN messages m ON m.id = (j.data->>'messageId')::int
           WHERE j.name IN ('message.deliver', 'message.deliver_agent') AND m.issue_id = $1)
         SELECT array_agg(DISTINCT name) FILTER (WHERE agent) AS reply,
           array_agg(DISTINCT name) FILTER (WHERE NOT agent) AS automatic,
           count(*) FILTER (WHERE NOT agent AND started_on > (SELECT started_on FROM j WHERE agent))::int
             AS "startedAfter"
         FROM j`,
        [issueId],
      );
      expect(queues).toMatchObject({ reply: ['message.deliver_agent'], automatic: ['message.deliver'] });
      expect(queues!.startedAfter, 'automatic messages started after the reply').toBeGreaterThan(0);
    } finally {
      h.sim.line.setConditions({});
    }
  });

  it('uses the reply token once, then pushes with a retry key', async () => {
    const userId = lineUser();
    const inbound = await h.sim.line.text(line.externalId, userId, 'hi');
    const issueId = await customerWrites(line.id, String(inbound.body.events[0]!.message!.id));
    const events: DomainEvent[] = [];
    const unlisten = await h.t.db.listen(EVENTS_CHANNEL, (payload) => events.push(JSON.parse(payload)));
    const first = await reply(issueId, { text: 'สวัสดีค่ะ ยินดีให้บริการ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ deliveryStatus: 'pending', senderType: 'agent' });
    expect((await delivered(first.json().id)).deliveredVia).toBe('reply');
    // The delivery's event names its audience, so the gateway reads no issue to pick it.
    const [issue] = await h.t.db.orm.select().from(issues).where(eq(issues.id, issueId));
    const updated = await eventually(async () =>
      events.find((e) => e.name === 'message.updated' && e.data.messageId === first.json().id),
    );
    await unlisten();
    expect(updated.data).toEqual({
      issueId,
      messageId: first.json().id,
      teamId: issue!.teamId,
      assigneeUserId: issue!.assigneeUserId,
    });
    const second = await reply(issueId, { text: 'มีอะไรให้ช่วยไหมคะ' });
    const sent = await delivered(second.json().id);
    expect(sent).toMatchObject({ deliveryStatus: 'sent', deliveredVia: 'push' });
    // This message's push (an earlier test's delivery may still be answered around it).
    const push = h.sim
      .calls({ path: '/v2/bot/message/push' })
      .find((c) => JSON.stringify(c.body).includes('มีอะไรให้ช่วยไหมคะ'))!;
    expect(push.headers['x-line-retry-key']).toBe(sent.retryKey);
    expect(h.sim.outbox(line.externalId, userId).filter((o) => o.delivered)).toHaveLength(2);
  });

  it('retries a push LINE failed at once with the same retry key, and the customer gets it once', async () => {
    const userId = lineUser();
    const inbound = await h.sim.line.text(line.externalId, userId, 'hello');
    const issueId = await customerWrites(line.id, String(inbound.body.events[0]!.message!.id));
    const first = await reply(issueId, { text: 'first answer uses the reply token' });
    expect((await delivered(first.json().id)).deliveredVia).toBe('reply');
    await nothingPending();
    h.sim.line.failNext(1, { status: 500 }, { pathIncludes: '/message/push' });
    const res = await reply(issueId, { text: 'this one is retried' });
    const sent = await delivered(res.json().id);
    // Within the job's first attempt: the customer does not wait for a retry's delay.
    expect(sent).toMatchObject({ deliveryStatus: 'sent', deliveryAttempts: 1 });
    const pushes = h.sim
      .calls({ path: '/v2/bot/message/push' })
      .filter((c) => JSON.stringify(c.body).includes('this one is retried'));
    expect(pushes.map((c) => c.status)).toEqual([500, 200]);
    expect(new Set(pushes.map((c) => c.headers['x-line-retry-key']))).toEqual(new Set([sent.retryKey]));
    expect(
      h.sim.outbox(line.externalId, userId).filter((o) => JSON.stringify(o).includes('this one is retried')),
    ).toHaveLength(1);
  });

  it('pushes at once a reply LINE failed on its side, so the customer does not wait', async () => {
    const userId = lineUser();
    const inbound = await h.sim.line.text(line.externalId, userId, 'hello');
    const issueId = await customerWrites(line.id, String(inbound.body.events[0]!.message!.id));
    h.sim.line.failNext(1, { status: 500 }, { pathIncludes: '/message/reply' });
    const res = await reply(issueId, { text: 'the reply token failed' });
    const sent = await delivered(res.json().id);
    expect(sent).toMatchObject({ deliveryStatus: 'sent', deliveredVia: 'push', deliveryAttempts: 1 });
    const calls = h.sim
      .calls({ platform: 'line' })
      .filter((c) => JSON.stringify(c.body).includes('the reply token failed'));
    expect(calls.map((c) => [c.path, c.status])).toEqual([
      ['/v2/bot/message/reply', 500],
      ['/v2/bot/message/push', 200],
    ]);
    expect(
      h.sim
        .outbox(line.externalId, userId)
        .filter((o) => JSON.stringify(o).includes('the reply token failed')),
    ).toHaveLength(1);
  });

  it('splits long text within the 5,000-unit limit and keeps private notes inside the product', async () => {
    const userId = lineUser();
    const inbound = await h.sim.line.text(line.externalId, userId, 'long please');
    const issueId = await customerWrites(line.id, String(inbound.body.events[0]!.message!.id));
    const long = 'ก'.repeat(7000);
    expect((await delivered((await reply(issueId, { text: long })).json().id)).deliveryStatus).toBe('sent');
    const note = await reply(issueId, { text: 'customer is a VIP', isPrivateNote: true });
    expect(note.json()).toMatchObject({ isPrivateNote: true, deliveryStatus: 'sent' });
    // A delivery job would have been queued in the note's own transaction: none exists.
    expect(await deliveryJobs([note.json().id])).toEqual([]);
    const seen = JSON.stringify(h.sim.outbox(line.externalId, userId));
    expect(seen).not.toContain('customer is a VIP');
    const texts = h.sim
      .outbox(line.externalId, userId)
      .map((o) => (o.message as { text?: string }).text ?? '');
    expect(texts.filter((text) => text.startsWith('ก')).map((text) => text.length)).toEqual([5000, 2000]);
  });

  it('marks a refused message failed with the provider error, and retries it by hand', async () => {
    const userId = lineUser();
    const inbound = await h.sim.line.text(line.externalId, userId, 'x');
    const issueId = await customerWrites(line.id, String(inbound.body.events[0]!.message!.id));
    const first = await reply(issueId, { text: 'uses the token' });
    expect((await delivered(first.json().id)).deliveredVia).toBe('reply');
    await nothingPending();
    h.sim.line.failNext(1, { status: 400 }, { pathIncludes: '/message/push' });
    const res = await reply(issueId, { text: 'refused once' });
    const failed = await delivered(res.json().id);
    expect(failed.deliveryStatus).toBe('failed');
    expect(failed.providerError).toContain('line.400');
    const retried = await call(h.t.app, 'POST', `/api/v1/messages/${failed.id}/retry`, { token: h.admin });
    expect(retried.statusCode).toBe(200);
    expect((await delivered(failed.id)).deliveryStatus).toBe('sent');
  });

  it('keeps LINE’s reason with its details when it refuses a message (an image address that is not https)', async () => {
    const userId = lineUser();
    const inbound = await h.sim.line.text(line.externalId, userId, 'ขอดูรูปค่ะ');
    const issueId = await customerWrites(line.id, String(inbound.body.events[0]!.message!.id));
    // The test app's public address is plain http, which LINE does not take for an image.
    const upload = await uploadPng();
    const failed = await delivered((await reply(issueId, { fileIds: [upload.id] })).json().id);
    expect(failed.deliveryStatus).toBe('failed');
    expect(failed.providerError).toMatch(
      /^line\.400: The request body has 2 error\(s\): messages\[0\]\.originalContentUrl Must be a valid HTTPS URL; /,
    );
  });
});

describe('Messenger and Instagram outbound', () => {
  const midOf = (d: { body: unknown }) =>
    (d.body as { entry: Array<{ messaging: Array<{ message: { mid: string } }> }> }).entry[0]!.messaging[0]!
      .message.mid;

  it('answers with RESPONSE inside 24 hours, HUMAN_AGENT up to 7 days, and refuses after that with the inbox link', async () => {
    const page = await h.connectMeta('facebook');
    try {
      await windowJourney(page);
    } finally {
      h.t.clock.set(null);
    }
  });

  /** The Send API call that carried `text` (other deliveries may be answered around it). */
  const sendOf = (text: string) =>
    h.sim.calls({ path: /\/messages$/ }).find((c) => JSON.stringify(c.body).includes(text))!;

  async function windowJourney(page: { id: string; pageId: string }) {
    const psid = `24${Date.now()}`;
    const issueId = await customerWrites(
      page.id,
      midOf(await h.sim.messenger.text(page.pageId, psid, 'hello page')),
    );
    const now = await reply(issueId, { text: 'within a day' });
    expect((await delivered(now.json().id)).deliveredVia).toBe('RESPONSE');
    expect(sendOf('within a day').body).toMatchObject({ messaging_type: 'RESPONSE' });

    h.sim.advance(3 * DAY);
    h.t.clock.advance(3 * DAY);
    const later = await reply(issueId, { text: 'three days later' }, await h.signInAdmin());
    expect((await delivered(later.json().id)).deliveredVia).toBe('HUMAN_AGENT');
    expect(sendOf('three days later').body).toMatchObject({
      messaging_type: 'MESSAGE_TAG',
      tag: 'HUMAN_AGENT',
    });

    h.sim.advance(5 * DAY);
    h.t.clock.advance(5 * DAY);
    const token = await h.signInAdmin();
    const refused = await reply(issueId, { text: 'eight days later' }, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'message.reply_window_closed',
      details: { inboxUrl: `https://business.facebook.com/latest/inbox/messenger?asset_id=${page.pageId}` },
    });
    // A private note is still allowed: it never leaves the product.
    expect(
      (await reply(issueId, { text: 'follow up by phone', isPrivateNote: true }, token)).statusCode,
    ).toBe(201);
  }

  it('replies on Instagram and ignores the echo of its own message', async () => {
    const ig = await h.connectMeta('instagram');
    const igsid = `35${Date.now()}`;
    const issueId = await customerWrites(
      ig.id,
      midOf(await h.sim.instagram.text(ig.accountId, igsid, 'ราคาเท่าไหร่คะ')),
    );
    const sent = await delivered((await reply(issueId, { text: '590 บาทค่ะ' })).json().id);
    expect(sent.deliveryStatus).toBe('sent');
    await echoesProcessed([sent.providerMessageId!]);
    const rows = await h.t.db.orm.select().from(messages).where(eq(messages.issueId, issueId));
    expect(rows.filter((m) => m.text === '590 บาทค่ะ')).toHaveLength(1);
  });

  it('sends a reply split into parts, plus a file, in order, keeps every part’s id and recognises every echo', async () => {
    const ig = await h.connectMeta('instagram');
    const igsid = `35${Date.now() + 7}`;
    const issueId = await customerWrites(
      ig.id,
      midOf(await h.sim.instagram.text(ig.accountId, igsid, 'รูปสินค้า')),
    );
    // 700 Thai characters are 2,100 UTF-8 bytes: three parts within Instagram's 1,000-byte limit.
    const long = `${'ก'.repeat(300)}\n${'ข'.repeat(300)}\n${'ค'.repeat(98)}`;
    const upload = await uploadPng();
    const sent = await delivered((await reply(issueId, { text: long, fileIds: [upload.id] })).json().id);
    expect(sent.deliveryStatus).toBe('sent');

    const outbox = h.sim.outbox(ig.accountId, igsid);
    const shown = outbox.map((o) => {
      const m = o.message as { text?: string; attachment?: { type: string } };
      return m.text ? m.text[0] : m.attachment?.type;
    });
    expect(shown).toEqual(['ก', 'ข', 'ค', 'image']);
    const parts = await h.t.db.query<{ part: number; provider_message_id: string }>(
      'SELECT part, provider_message_id FROM message_provider_ids WHERE message_id = $1 ORDER BY part',
      [sent.id],
    );
    expect(parts).toEqual(outbox.map((o, part) => ({ part, provider_message_id: o.messageId })));
    expect(sent.providerMessageId).toBe(outbox[0]!.messageId);

    // Every part's echo has come back (a webhook each) and been processed, none as a message of its own.
    await echoesProcessed(outbox.map((o) => o.messageId));
    const rows = await h.t.db.orm.select().from(messages).where(eq(messages.issueId, issueId));
    expect(rows.filter((m) => m.direction === 'outbound')).toHaveLength(1);
    expect(rows.filter((m) => m.senderUserId === null && m.senderType === 'agent')).toEqual([]);
  });

  it('recognises an echo by the metadata of our send, even before the send’s answer was recorded', async () => {
    const page = await h.connectMeta('facebook');
    const psid = `24${Date.now() + 9}`;
    const issueId = await customerWrites(page.id, midOf(await h.sim.messenger.text(page.pageId, psid, 'hi')));
    const sent = await delivered((await reply(issueId, { text: 'one part' })).json().id);
    const mid = `m_early_${Date.now()}`;
    const res = await postMetaEcho(page.pageId, psid, {
      mid,
      text: 'second part',
      metadata: `sabai:${sent.id}:1`,
    });
    expect(res.status).toBe(200);
    await eventually(async () => {
      const rows = await h.t.db.query<{ part: number }>(
        'SELECT part FROM message_provider_ids WHERE provider_message_id = $1',
        [mid],
      );
      return rows[0]?.part === 1;
    });
    const rows = await h.t.db.orm.select().from(messages).where(eq(messages.issueId, issueId));
    expect(rows.filter((m) => m.direction === 'outbound').map((m) => m.id)).toEqual([sent.id]);
  });

  it('stores a reply typed in Meta’s own inbox (an echo) as an outgoing message', async () => {
    const page = await h.connectMeta('facebook');
    const psid = `24${Date.now() + 1}`;
    const issueId = await customerWrites(page.id, midOf(await h.sim.messenger.text(page.pageId, psid, 'hi')));
    const body = JSON.stringify({
      object: 'page',
      entry: [
        {
          id: page.pageId,
          time: Date.now(),
          messaging: [
            {
              sender: { id: page.pageId },
              recipient: { id: psid },
              timestamp: Date.now(),
              message: {
                mid: `m_echo_${Date.now()}`,
                is_echo: true,
                app_id: 263902037430900,
                text: 'Typed in Business Suite',
              },
            },
          ],
        },
      ],
    });
    const res = await fetch(`${h.url}/webhooks/meta`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', META_SECRET).update(body).digest('hex')}`,
      },
      body,
    });
    expect(res.status).toBe(200);
    const echo = await eventually(
      async () =>
        (
          await h.t.db.orm
            .select()
            .from(messages)
            .where(and(eq(messages.issueId, issueId), eq(messages.text, 'Typed in Business Suite')))
        )[0],
    );
    expect(echo).toMatchObject({ direction: 'outbound', senderType: 'agent', deliveryStatus: 'sent' });
  });
});

describe('agent sends', () => {
  const setOnGoing = (issueId: number) =>
    h.t.db.orm.update(issues).set({ status: 'on-going' }).where(eq(issues.id, issueId));
  const statusOf = async (issueId: number) =>
    (await h.t.db.orm.select().from(issues).where(eq(issues.id, issueId)))[0]!.status;

  it('returns the first message when a send is repeated with the same clientId, even concurrently', async () => {
    const userId = lineUser();
    const inbound = await h.sim.line.text(line.externalId, userId, 'idempotent please');
    const issueId = await customerWrites(line.id, String(inbound.body.events[0]!.message!.id));
    const first = await reply(issueId, { text: 'only once', clientId: 'client-1' });
    expect(first.statusCode).toBe(201);
    const again = await reply(issueId, { text: 'only once', clientId: 'client-1' });
    expect(again.statusCode).toBe(201);
    // The same message as it is now (its delivery may have gone on meanwhile), not a second one.
    const identity = (m: { id: number; clientId: string; text: string; createdAt: string }) => ({
      id: m.id,
      clientId: m.clientId,
      text: m.text,
      createdAt: m.createdAt,
    });
    expect(identity(again.json())).toEqual(identity(first.json()));
    const together = await Promise.all([
      reply(issueId, { text: 'twice at once', clientId: 'client-2' }),
      reply(issueId, { text: 'twice at once', clientId: 'client-2' }),
    ]);
    expect(together[0]!.json().id).toBe(together[1]!.json().id);
    await delivered(first.json().id);
    await delivered(together[0]!.json().id);
    const rows = await h.t.db.orm.select().from(messages).where(eq(messages.issueId, issueId));
    expect(rows.filter((m) => m.direction === 'outbound').map((m) => m.text)).toEqual([
      'only once',
      'twice at once',
    ]);
    // The customer got each once (two messages are delivered by separate jobs, in either order): once every
    // delivery job has finished, nothing more can reach the customer.
    await eventually(async () => {
      const jobs = await deliveryJobs([first.json().id, together[0]!.json().id]);
      return jobs.length > 0 && jobs.every((j) => j.state === 'completed');
    });
    const seen = h.sim.outbox(line.externalId, userId).map((o) => (o.message as { text?: string }).text);
    expect(seen.sort()).toEqual(['only once', 'twice at once']);
  });

  it('moves the issue to waiting only once the reply is delivered, never for a failed one', async () => {
    const userId = lineUser();
    const inbound = await h.sim.line.text(line.externalId, userId, 'status check');
    const issueId = await customerWrites(line.id, String(inbound.body.events[0]!.message!.id));
    await nothingPending();
    await setOnGoing(issueId);
    h.sim.line.failNext(1, { status: 400 }, { pathIncludes: '/v2/bot/message/' });
    const failed = await delivered((await reply(issueId, { text: 'refused by LINE' })).json().id);
    expect(failed.deliveryStatus).toBe('failed');
    expect(await statusOf(issueId)).toBe('on-going');

    const retried = await call(h.t.app, 'POST', `/api/v1/messages/${failed.id}/retry`, { token: h.admin });
    expect(retried.statusCode).toBe(200);
    expect((await delivered(failed.id)).deliveryStatus).toBe('sent');
    expect(await statusOf(issueId)).toBe('waiting');
  });
});

describe('guards', () => {
  it('refuses replies outside the caller’s scope and on closed issues', async () => {
    const userId = lineUser();
    const inbound = await h.sim.line.text(line.externalId, userId, 'scope check');
    const issueId = await customerWrites(line.id, String(inbound.body.events[0]!.message!.id));
    const { buildUser, signIn, buildOrganization } = await import('../../../test/factories');
    const staff = (await signIn(h.t, await buildUser(h.t, h.org, 'Staff'))).accessToken;
    expect(
      (
        await call(h.t.app, 'POST', `/api/v1/issues/${issueId}/messages`, {
          token: staff,
          body: { text: 'not mine' },
        })
      ).statusCode,
    ).toBe(404);
    const outsider = (await signIn(h.t, await buildUser(h.t, await buildOrganization(h.t), 'Admin')))
      .accessToken;
    expect(
      (
        await call(h.t.app, 'POST', `/api/v1/issues/${issueId}/messages`, {
          token: outsider,
          body: { text: 'other org' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(h.t.app, 'POST', `/api/v1/issues/${issueId}/messages`, {
          token: h.admin,
          body: { text: '' },
        })
      ).statusCode,
    ).toBe(400);
    const list = await call(h.t.app, 'GET', `/api/v1/issues/${issueId}/messages`, { token: h.admin });
    expect(list.json().items[0]).toMatchObject({ text: 'scope check', direction: 'inbound' });
  });
});
