// The AI first responder end to end: LINE customers through the simulator, the
// model through its OpenAI-compatible fake. What the model received is read back from the fake: only the
// matching article, the customer's language; no request at all when nothing matches, when the channel's
// responder or the organisation's feature is off, or in business hours. Hand-overs tell the customer, note a
// summary for agents and stop the responder; a failing model leaves the customer with no message at all.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FirstResponderReport, FirstResponderSettings, Message, SaveAiSettings } from '@sabai/contracts';
import { call } from '../../../test/app';
import { eventually, startChannelHarness, storedMessage, type ChannelHarness } from '../../../test/channels';
import { buildOrganization, buildUser, signIn } from '../../../test/factories';
import { aiRequests, channels, issueFirstResponder } from '../../db/schema';
import { rowsOf } from '../../platform/db';
import { aiSettingsFor } from '../../../test/ai-settings';

const KEY = 'sk-test-first-responder-0123456789';
const LABEL = '🤖 ข้อความอัตโนมัติ / Automatic reply:';

let h: ChannelHarness;
let line: { id: string; externalId: string };
let seq = 0;
const lineUser = () => `U${(++seq + Date.now()).toString(16).padStart(32, 'e')}`;

const api = (method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown) =>
  call(h.t.app, method, `/api/v1${path}`, { token: h.admin, ...(body === undefined ? {} : { body }) });

const aiSettings = (firstResponder: boolean, overrides: Partial<SaveAiSettings> = {}): SaveAiSettings =>
  aiSettingsFor(h.sim.ai.baseUrl, { apiKey: KEY, firstResponder, timeoutSeconds: 2, ...overrides });

const RESPONDER: FirstResponderSettings = {
  enabled: true,
  when: 'outsideHours',
  unassignedMinutes: 10,
  handOverWords: ['ร้องเรียน', 'complaint'],
  confidenceThreshold: 0.3,
  label: LABEL,
};

async function setResponder(overrides: Partial<FirstResponderSettings> = {}) {
  const res = await api('PUT', `/channels/${line.id}/first-responder`, { ...RESPONDER, ...overrides });
  expect(res.statusCode, res.body).toBe(200);
}

async function setAi(firstResponder = true, overrides: Partial<SaveAiSettings> = {}) {
  const res = await api('PUT', '/ai/settings', aiSettings(firstResponder, overrides));
  expect(res.statusCode, res.body).toBe(200);
}

/** Business hours: `closed` has no shift at all (always outside), `open` is 24x7. */
const setHours = (mode: 'closed' | 'open') =>
  h.t.db.orm
    .update(channels)
    .set({ businessHoursMode: mode === 'closed' ? 'custom' : '24x7' })
    .where(eq(channels.id, line.id));

beforeAll(async () => {
  h = await startChannelHarness({ AI_ENDPOINT_ALLOW_PRIVATE: 'true' });
  h.sim.ai.addKey(KEY);
  line = await h.createLineChannel();
  for (const article of [
    {
      title: 'นโยบายการคืนสินค้า',
      body: 'คืนสินค้าได้ภายใน 7 วันหลังได้รับของ สินค้าต้องอยู่ในสภาพเดิมพร้อมป้ายราคา',
      language: 'th',
    },
    {
      title: 'Return policy',
      body: 'You may return an item within 7 days of delivery, unused and with its tags.',
      language: 'en',
    },
    {
      title: 'ค่าจัดส่งและระยะเวลาจัดส่ง',
      body: 'จัดส่งด้วย Kerry ภายใน 2-3 วันทำการ ค่าส่ง 50 บาท ส่งฟรีเมื่อซื้อครบ 1,000 บาท',
      language: 'th',
    },
  ]) {
    const res = await api('POST', '/knowledge-base/articles', {
      ...article,
      status: 'published',
      tagIds: [],
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});

beforeEach(async () => {
  h.sim.ai.clearAnswers();
  h.sim.ai.clearFaults();
  await setAi(true);
  await setResponder();
  await setHours('closed');
});

/** A LINE customer writes `text`; resolves to their user id, issue and stored message id. */
async function customerWrites(text: string, userId = lineUser()) {
  const inbound = await h.sim.line.text(line.externalId, userId, text);
  const row = await storedMessage(h.t, line.id, String(inbound.body.events[0]!.message!.id));
  return { userId, issueId: row.issueId, messageId: row.id };
}

/** A first responder job's condition: it has a message of this issue, or this message. */
const holds = (m: { issueId: number } | { messageId: number }) =>
  sql`data->'messages' @> ${JSON.stringify([m])}::jsonb`;

/** The first responder's jobs for the issue have all run. */
const jobsDone = (issueId: number) =>
  eventually(async () => {
    const [row] = rowsOf<{ pending: number; total: number }>(
      await h.t.db.orm.execute(sql`
        SELECT count(*) FILTER (WHERE state NOT IN ('completed', 'failed', 'cancelled'))::int AS pending,
          count(*)::int AS total
        FROM pgboss.job WHERE name = 'ai.first-responder' AND ${holds({ issueId })}`),
    );
    return row && row.total > 0 && row.pending === 0 ? true : null;
  });

const jobsOf = async (issueId: number) =>
  rowsOf<{ n: number }>(
    await h.t.db.orm.execute(sql`
      SELECT count(*)::int AS n FROM pgboss.job
      WHERE name = 'ai.first-responder' AND ${holds({ issueId })}`),
  )[0]!.n;

const chat = async (issueId: number) =>
  (await api('GET', `/issues/${issueId}/messages`)).json<{ items: Message[] }>().items;

/** The texts the customer received on LINE. */
const received = (userId: string) =>
  h.sim
    .outbox(line.externalId, userId)
    .filter((o) => o.delivered)
    .map((o) => String((o.message as { text?: string }).text ?? ''));

const receivedContaining = (userId: string, marker: string) =>
  eventually(async () => received(userId).find((t) => t.includes(marker)) ?? null);

const stateOf = async (issueId: number) =>
  (await h.t.db.orm.select().from(issueFirstResponder).where(eq(issueFirstResponder.issueId, issueId)))[0];

/** Every request's messages, as text. */
const requestsFor = (marker: string) =>
  h.sim.ai.requests().filter((r) => JSON.stringify(r.body).includes(marker));

const handedOver = (issueId: number) =>
  eventually(async () => {
    const state = await stateOf(issueId);
    if (!state?.handedOverAt) return null;
    const note = (await chat(issueId)).find((m) => m.ai === 'note');
    return note ? { state, note } : null;
  });

describe('settings', () => {
  it('start off with the defaults, save, validate and stay inside the organisation', async () => {
    const other = await h.createLineChannel();
    const fresh = (await api('GET', `/channels/${other.id}/first-responder`)).json<FirstResponderSettings>();
    expect(fresh).toMatchObject({ enabled: false, when: 'outsideHours', confidenceThreshold: 0.3 });
    expect(fresh.label).toContain('อัตโนมัติ');
    expect(fresh.label).toContain('Automatic');
    const bad = await api('PUT', `/channels/${other.id}/first-responder`, {
      ...RESPONDER,
      confidenceThreshold: 2,
      label: ' ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { code: string } }>().error.code).toBe('validation.failed');
    expect((await api('GET', `/channels/${line.id}/first-responder`)).json()).toEqual(RESPONDER);

    const stranger = await buildUser(h.t, await buildOrganization(h.t), 'Admin');
    const token = (await signIn(h.t, stranger)).accessToken;
    const read = await call(h.t.app, 'GET', `/api/v1/channels/${line.id}/first-responder`, { token });
    expect(read.statusCode).toBe(404);
    const write = await call(h.t.app, 'PUT', `/api/v1/channels/${line.id}/first-responder`, {
      token,
      body: RESPONDER,
    });
    expect(write.statusCode).toBe(404);
  });
});

describe('answers', () => {
  it('from the matching article only, labelled to the customer and marked AI for agents', async () => {
    h.sim.ai.answer('คืนสินค้า', 'คืนสินค้าได้ภายใน 7 วันหลังได้รับของค่ะ');
    const { userId, issueId } = await customerWrites('อยากทราบนโยบายการคืนสินค้าค่ะ');
    const text = await receivedContaining(userId, '7 วัน');
    expect(text).toBe(`${LABEL}\nคืนสินค้าได้ภายใน 7 วันหลังได้รับของค่ะ`);
    const [request] = requestsFor('อยากทราบนโยบายการคืนสินค้า');
    const sent = JSON.stringify(request!.body);
    expect(sent).toContain('นโยบายการคืนสินค้า');
    expect(sent).not.toContain('Kerry');
    expect(sent).toContain('in Thai only');
    const answer = (await chat(issueId)).find((m) => m.ai === 'answer');
    expect(answer).toMatchObject({ senderType: 'system', isPrivateNote: false });
    expect((await stateOf(issueId))!.answers).toBe(1);
  });

  it('in the customer’s language', async () => {
    const { userId } = await customerWrites('What is your return policy?');
    await receivedContaining(userId, LABEL);
    const [request] = requestsFor('What is your return policy?');
    const system = (request!.body as { messages: Array<{ role: string; content: string }> }).messages[0]!;
    expect(system.content).toContain('in English only');
  });

  it('sends nothing to the model when no article matches, and hands over', async () => {
    const { userId, issueId } = await customerWrites('ร้านเปิดสาขาใหม่ที่เชียงใหม่ไหมคะ');
    const { state, note } = await handedOver(issueId);
    expect(state.handOverReason).toBe('notConfident');
    expect(requestsFor('เชียงใหม่')).toHaveLength(0);
    expect(await receivedContaining(userId, 'เจ้าหน้าที่')).toContain(LABEL);
    expect(note).toMatchObject({ isPrivateNote: true, senderType: 'system' });
    expect(note.text).toContain('เชียงใหม่');
  });
});

describe('hand-over', () => {
  it('when the customer asks for a person, with a summary for agents; then it stays silent', async () => {
    const first = await customerWrites('นโยบายการคืนสินค้าเป็นยังไงคะ');
    await receivedContaining(first.userId, LABEL);
    h.sim.ai.answer('Summarise', 'ลูกค้าถามเรื่องการคืนสินค้า แล้วขอคุยกับเจ้าหน้าที่');
    const { issueId } = await customerWrites('ขอคุยกับพนักงานค่ะ', first.userId);
    const { state, note } = await handedOver(issueId);
    expect(state.handOverReason).toBe('askedForPerson');
    expect(note.text).toContain('ลูกค้าถามเรื่องการคืนสินค้า');
    const texts = received(first.userId);
    expect(texts.at(-1)).toContain('ส่งเรื่องของคุณให้เจ้าหน้าที่แล้ว');

    // Silent from now on.
    const after = await customerWrites('คืนสินค้าได้กี่วันคะ', first.userId);
    await jobsDone(after.issueId);
    expect(received(first.userId)).toHaveLength(texts.length);
  });

  it('on a word the admin listed', async () => {
    const { issueId } = await customerWrites('ขอร้องเรียนเรื่องการคืนสินค้าค่ะ');
    const { state } = await handedOver(issueId);
    expect(state.handOverReason).toBe('handOverWord');
    expect(requestsFor('ขอร้องเรียน')).toHaveLength(0);
  });

  it('after three answers', async () => {
    const { userId, issueId } = await customerWrites('นโยบายการคืนสินค้าคืออะไร');
    let asked = 1;
    for (const question of ['คืนสินค้าได้กี่วัน', 'คืนสินค้าต้องมีป้ายราคาไหม']) {
      // Each question answered and delivered before the next: two questions waiting together get one answer.
      await eventually(async () =>
        (await stateOf(issueId))?.answers === asked && received(userId).length === asked ? true : null,
      );
      await customerWrites(question, userId);
      asked += 1;
    }
    await eventually(async () => ((await stateOf(issueId))?.answers === 3 ? true : null));
    await customerWrites('คืนสินค้าส่งที่ไหน', userId);
    const { state } = await handedOver(issueId);
    expect(state).toMatchObject({ handOverReason: 'turnLimit', answers: 3 });
  });
});

describe('silence', () => {
  it.each([
    ['a 503', () => h.sim.ai.failNext(1, { status: 503 })],
    ['a timeout', () => h.sim.ai.failNext(1, { delayMs: 3000 })],
  ])('on %s: no message to the customer, the issue goes to people', async (_name, fault) => {
    fault();
    const { userId, issueId } = await customerWrites('นโยบายการคืนสินค้าเป็นอย่างไร');
    const { state } = await handedOver(issueId);
    expect(state.handOverReason).toBe('aiFailed');
    expect(received(userId)).toEqual([]);
    expect((await chat(issueId)).filter((m) => m.direction === 'outbound' && !m.isPrivateNote)).toEqual([]);
  });

  it('over budget: no request, no message', async () => {
    // This month's requests so far use the whole budget.
    const used = (await h.t.db.orm.select().from(aiRequests)).length;
    await setAi(true, { monthlyRequestBudget: used });
    const { userId, issueId } = await customerWrites('คืนสินค้าแบบไหนได้บ้างคะ');
    const { state } = await handedOver(issueId);
    expect(state.handOverReason).toBe('aiFailed');
    expect(received(userId)).toEqual([]);
    expect(requestsFor('คืนสินค้าแบบไหน')).toHaveLength(0);
  });

  it('when the channel’s responder or the organisation’s feature is off, or in business hours', async () => {
    const cases: Array<[string, () => Promise<unknown>]> = [
      ['channel off', () => setResponder({ enabled: false })],
      ['feature off', () => setAi(false)],
      ['business hours', () => setHours('open')],
    ];
    for (const [name, setUp] of cases) {
      await setUp();
      const question = `นโยบายการคืนสินค้า (${name})`;
      const { userId, issueId } = await customerWrites(question);
      // With the channel off the ingest queues nothing (in the message's own transaction).
      if (name === 'channel off') expect(await jobsOf(issueId), name).toBe(0);
      else await jobsDone(issueId);
      expect(requestsFor(question), name).toHaveLength(0);
      expect(received(userId), name).toEqual([]);
      expect(await stateOf(issueId), name).toBeUndefined();
      await setAi(true);
      await setResponder();
      await setHours('closed');
    }
  });
});

describe('unassigned after N minutes', () => {
  it('waits for the minutes, then answers an issue nobody took', async () => {
    await setResponder({ when: 'unassigned', unassignedMinutes: 1 });
    await setHours('open');
    const { userId, issueId, messageId } = await customerWrites('นโยบายการคืนสินค้าคะ');
    const [job] = rowsOf<{ start_after: string; created_on: string }>(
      await h.t.db.orm.execute(sql`
        SELECT start_after, created_on FROM pgboss.job
        WHERE name = 'ai.first-responder' AND ${holds({ messageId })}`),
    );
    const delay = new Date(job!.start_after).getTime() - new Date(job!.created_on).getTime();
    expect(delay).toBeGreaterThanOrEqual(59_000);
    // Run it as the minute would: the app's clock a minute later.
    h.t.clock.advance(61_000);
    await h.t.db.orm.execute(sql`
      UPDATE pgboss.job SET start_after = now() WHERE name = 'ai.first-responder'
        AND ${holds({ messageId })}`);
    await receivedContaining(userId, LABEL);
    h.t.clock.set(null);
    expect((await stateOf(issueId))!.answers).toBe(1);
  });
});

describe('report', () => {
  it('counts answered issues, hand-overs by reason and checks the period', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
    const res = await api('GET', `/reports/first-responder?from=${today}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<FirstResponderReport>();
    const rows = await h.t.db.orm.select().from(issueFirstResponder);
    expect(report.answeredIssues).toBe(rows.filter((r) => r.answers > 0).length);
    expect(report.answeredIssues).toBeGreaterThan(0);
    expect(report.handedOverBy.askedForPerson).toBeGreaterThanOrEqual(1);
    expect(report.handedOverBy.notConfident).toBeGreaterThanOrEqual(1);
    expect(report.handedOver).toBe(rows.filter((r) => r.handedOverAt).length);
    const bad = await api('GET', `/reports/first-responder?from=${today}&to=2000-01-01`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { code: string } }>().error.code).toBe('report.invalid_period');
  });
});
