// Agent assist end to end: the composer's routes against the simulator's OpenAI-compatible fake.
// What the model receives is read back from the fake: the conversation without personal data, the agent's
// politeness, the knowledge base's best article; answers stream as JSON lines; every route keeps to the
// caller's issues; a model that fails before or during its answer gives a code, and with AI off nothing is
// sent at all.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '@sabai/simulator';
import type { AssistFeatures, AssistStreamLine, SaveAiSettings, Translation } from '@sabai/contracts';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildWorkspace, type Workspace } from '../../../test/workspace';
import { messages } from '../../db/schema';
import { aiSettingsFor } from '../../../test/ai-settings';

const KEY = 'sk-test-assist-0123456789abcdef';

let t: TestApp;
let sim: Simulator;
let w: Workspace;

const aiSettings = (overrides: Partial<SaveAiSettings> = {}): SaveAiSettings =>
  aiSettingsFor(sim.ai.baseUrl, { apiKey: KEY, ...overrides });

async function turnOnAi(overrides: Partial<SaveAiSettings> = {}) {
  const res = await w.api(w.admin, 'PUT', '/ai/settings', aiSettings(overrides));
  expect(res.statusCode, res.body).toBe(200);
}

/** The JSON lines of a streamed answer. */
const linesOf = (body: string) =>
  body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AssistStreamLine);

/** The texts of every message the model received, in order, joined. */
const sentToModel = () =>
  sim.ai
    .requests()
    .map((r) => JSON.stringify((r.body as { messages?: unknown }).messages ?? ''))
    .join('\n');

beforeAll(async () => {
  sim = await startSimulator();
  sim.ai.addKey(KEY);
  t = await startTestApp({ AI_ENDPOINT_ALLOW_PRIVATE: 'true' });
  return async () => sim.close();
});

beforeEach(async () => {
  w = await buildWorkspace(t);
  sim.reset({ keepConfig: true });
});

/** A Thai conversation on team A's issue, assigned to Sam, with a phone number and an email in it. */
async function thaiIssue() {
  const issue = await w.addIssue({
    assignee: w.staff,
    text: 'สวัสดีค่ะ สั่งเสื้อไปแล้วยังไม่ได้ของเลย ติดต่อ 081-234-5678 หรือ nok@example.com นะคะ',
  });
  await t.db.orm.insert(messages).values({
    organizationId: w.org.id,
    issueId: issue.id,
    channelId: w.line.id,
    direction: 'outbound',
    senderType: 'agent',
    senderUserId: w.staff.id,
    kind: 'text',
    text: 'ขอเลขคำสั่งซื้อด้วยนะคะ',
    deliveryStatus: 'sent',
    providerMessageId: randomUUID(),
  });
  return issue;
}

describe('features', () => {
  it('are all off until the organisation turns AI on, then follow its feature switches', async () => {
    const off = await w.api(w.staff, 'GET', '/assist/features');
    expect(off.json<AssistFeatures>()).toEqual({
      suggest: false,
      rewrite: false,
      translate: false,
      summarise: false,
      tags: false,
    });
    await turnOnAi({
      features: {
        suggest: true,
        rewrite: false,
        translate: true,
        summarise: true,
        tags: false,
        firstResponder: false,
      },
    });
    const on = await w.api(w.staff, 'GET', '/assist/features');
    expect(on.json<AssistFeatures>()).toEqual({
      suggest: true,
      rewrite: false,
      translate: true,
      summarise: true,
      tags: false,
    });
  });
});

describe('suggest a reply', () => {
  it('streams a Thai reply in the agent’s politeness, from a conversation without personal data', async () => {
    await turnOnAi();
    const profile = await w.api(w.staff, 'PUT', '/me', {
      username: w.staff.username,
      firstName: 'Sam',
      lastName: 'Staff',
      politeParticle: 'ka',
    });
    expect(profile.json<{ politeParticle: string }>().politeParticle).toBe('ka');
    const issue = await thaiIssue();
    sim.ai.answer('Customer:', 'ขอโทษที่ล่าช้านะคะ รบกวนแจ้งเลขคำสั่งซื้อด้วยค่ะ');

    const res = await w.api(w.staff, 'POST', `/issues/${issue.id}/assist/suggest`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = linesOf(res.body);
    const deltas = lines.flatMap((l) => ('delta' in l ? [l.delta] : []));
    expect(deltas.length).toBeGreaterThan(1);
    expect(lines.at(-1)).toEqual({ done: true, text: 'ขอโทษที่ล่าช้านะคะ รบกวนแจ้งเลขคำสั่งซื้อด้วยค่ะ' });
    expect(deltas.join('')).toBe('ขอโทษที่ล่าช้านะคะ รบกวนแจ้งเลขคำสั่งซื้อด้วยค่ะ');

    const sent = sentToModel();
    expect(sent).toContain('สั่งเสื้อไปแล้วยังไม่ได้ของเลย');
    expect(sent).toContain('ขอเลขคำสั่งซื้อด้วยนะคะ');
    expect(sent).not.toContain('081-234-5678');
    expect(sent).not.toContain('nok@example.com');
    expect(sent).toContain('[phone]');
    expect(sent).toContain('in Thai');
    expect(sent).toContain('ค่ะ');
  });

  it('offers the best-matching published article to the model, and not an unrelated one', async () => {
    await turnOnAi();
    const article = (title: string, body: string) =>
      w.api(w.admin, 'POST', '/knowledge-base/articles', {
        title,
        body,
        language: 'th',
        status: 'published',
      });
    expect((await article('ติดตามพัสดุ', 'สั่งเสื้อแล้วยังไม่ได้ของ ตรวจสอบสถานะได้ที่เมนูติดตามพัสดุ')).statusCode).toBe(201);
    expect((await article('วิธีชำระเงิน', 'รับโอนผ่านพร้อมเพย์และบัตรเครดิต')).statusCode).toBe(201);
    const issue = await thaiIssue();
    const res = await w.api(w.staff, 'POST', `/issues/${issue.id}/assist/suggest`);
    expect(res.statusCode, res.body).toBe(200);
    const sent = sentToModel();
    expect(sent).toContain('ติดตามพัสดุ');
    expect(sent).not.toContain('พร้อมเพย์');
  });

  it('keeps to the caller’s issues: another team’s staff get 404 and nothing is sent', async () => {
    await turnOnAi();
    const issue = await thaiIssue();
    const res = await w.api(w.staffB, 'POST', `/issues/${issue.id}/assist/suggest`);
    expect(res.statusCode).toBe(404);
    expect(sim.ai.requests()).toHaveLength(0);
  });

  it('sends nothing while AI is off, answering ai.disabled', async () => {
    const issue = await thaiIssue();
    const res = await w.api(w.staff, 'POST', `/issues/${issue.id}/assist/suggest`);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('ai.disabled');
    expect(sim.ai.requests()).toHaveLength(0);
  });

  it('answers an error envelope when the endpoint fails first, an error line when the stream breaks', async () => {
    await turnOnAi();
    const issue = await thaiIssue();
    sim.ai.failNext(1, { status: 503 });
    const down = await w.api(w.staff, 'POST', `/issues/${issue.id}/assist/suggest`);
    expect(down.statusCode).toBeGreaterThanOrEqual(500);
    expect(down.json<{ error: { code: string } }>().error.code).toBe('ai.unavailable');

    sim.ai.answer('Customer:', 'ขอโทษที่ล่าช้านะคะ รบกวนแจ้งเลขคำสั่งซื้อด้วยค่ะ ทางร้านจะรีบตรวจสอบให้ค่ะ');
    sim.ai.failNext(1, { cutAfterChunks: 2 });
    const cut = await w.api(w.staff, 'POST', `/issues/${issue.id}/assist/suggest`);
    expect(cut.statusCode).toBe(200);
    const lines = linesOf(cut.body);
    expect(lines.some((l) => 'delta' in l)).toBe(true);
    expect(lines.at(-1)).toEqual({ error: { code: 'ai.unavailable' } });
  });
});

describe('rewrite', () => {
  it('asks for the style on the draft and refuses an empty draft', async () => {
    await turnOnAi();
    const issue = await thaiIssue();
    const empty = await w.api(w.staff, 'POST', `/issues/${issue.id}/assist/rewrite`, {
      draft: '  ',
      style: 'shorter',
    });
    expect(empty.statusCode).toBe(400);
    sim.ai.answer('shorter', 'Your order ships tomorrow.');
    const res = await w.api(w.staff, 'POST', `/issues/${issue.id}/assist/rewrite`, {
      draft: 'Thank you so much for waiting, we wanted to let you know your order ships tomorrow.',
      style: 'shorter',
    });
    expect(linesOf(res.body).at(-1)).toEqual({ done: true, text: 'Your order ships tomorrow.' });
  });
});

describe('translate', () => {
  it('translates a customer’s message for the reader and a draft into the customer’s language', async () => {
    await turnOnAi();
    const issue = await thaiIssue();
    const [customerMessage] = await t.db.orm
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.issueId, issue.id), eq(messages.senderType, 'customer')));
    sim.ai.answer('into English', 'Hello, I ordered a shirt and have not received it yet.');
    const read = await w.api(w.staff, 'POST', `/issues/${issue.id}/assist/translate`, {
      messageId: customerMessage!.id,
      to: 'en',
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<Translation>()).toEqual({
      text: 'Hello, I ordered a shirt and have not received it yet.',
      from: 'th',
      to: 'en',
    });

    sim.ai.answer('into Thai', 'พัสดุจะส่งพรุ่งนี้ค่ะ');
    const draft = await w.api(w.staff, 'POST', `/issues/${issue.id}/assist/translate`, {
      text: 'Your parcel ships tomorrow.',
    });
    expect(draft.json<Translation>()).toEqual({ text: 'พัสดุจะส่งพรุ่งนี้ค่ะ', from: 'en', to: 'th' });
  });

  it('refuses a message of another issue', async () => {
    await turnOnAi();
    const mine = await thaiIssue();
    const other = await w.addIssue({ team: 'B', text: 'hello there' });
    const [otherMessage] = await t.db.orm
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.issueId, other.id));
    const res = await w.api(w.staff, 'POST', `/issues/${mine.id}/assist/translate`, {
      messageId: otherMessage!.id,
      to: 'th',
    });
    expect(res.statusCode).toBe(404);
    expect(sim.ai.requests()).toHaveLength(0);
  });
});

describe('summary and tags', () => {
  it('summarises in the reader’s language and suggests only the organisation’s tags', async () => {
    await turnOnAi();
    const issue = await thaiIssue();
    sim.ai.answer('Summarise', 'Customer has not received a shirt; order number asked.');
    const summary = await w.api(w.staff, 'POST', `/issues/${issue.id}/assist/summary`, { language: 'en' });
    expect(summary.json()).toEqual({ text: 'Customer has not received a shirt; order number asked.' });
    expect(sentToModel()).toContain('in English');

    sim.ai.answer('Choose the tags', 'vip\nRefund please\n');
    const tags = await w.api(w.staff, 'POST', `/issues/${issue.id}/assist/tags`);
    expect(tags.json()).toEqual({ tags: [{ id: w.vip.id, name: 'VIP' }] });
  });
});
