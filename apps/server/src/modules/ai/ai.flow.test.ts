// One database is enough: the checks are the calls to the providers' simulator and what comes of them, over
// plain reads and writes.
// AI assist end to end against the simulator's OpenAI-compatible fake: an admin's settings round
// trip with the key never returned and its change audited masked; validation; another organisation and a
// Staff member kept out; completeWithAi streaming, redacting, refusing (off, feature off, over budget: nothing
// sent) and mapping faults (timeout, 429, 5xx, wrong key) to codes, each request logged without its text;
// the connection test before saving. The private-address rule without the flag: ai.addresses.test.ts.
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '@sabai/simulator';
import {
  MASKED_VALUE,
  type AuditChange,
  type AiConnectionResult,
  type AiRequestPage,
  type AiSettings,
  type AiUsage,
  type SaveAiSettings,
} from '@sabai/contracts';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { buildOrganization, buildUser, signIn, type TestOrg } from '../../../test/factories';
import { aiRequests, aiSettings, auditEntries } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { completeWithAi, type AiMessage } from '.';
import { aiSettingsFor } from '../../../test/ai-settings';

const KEY = 'sk-test-ai-flow-0123456789abcdef';
const MODEL = 'gpt-4o-mini';

let t: TestApp;
let sim: Simulator;
let org: TestOrg;
let admin: string;
let adminId: string;

const api = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, token = admin) =>
  call(t.app, method, `/api/v1${path}`, { token, ...(body === undefined ? {} : { body }) });

const settings = (overrides: Partial<SaveAiSettings> = {}): SaveAiSettings =>
  aiSettingsFor(sim.ai.baseUrl, { model: MODEL, ...overrides });

async function save(overrides: Partial<SaveAiSettings> = {}, token = admin) {
  const res = await api('PUT', '/ai/settings', settings(overrides), token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AiSettings>();
}

const ask = (
  content: string,
  extra: Partial<Parameters<typeof completeWithAi>[1]> = {},
  messages: AiMessage[] = [{ role: 'user', content }],
) =>
  completeWithAi(t.deps, {
    organizationId: org.id,
    userId: adminId,
    issueId: null,
    feature: 'suggest',
    messages,
    ...extra,
  });

/** The AppError code a call is refused with. */
async function codeOf(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return (err as AppError).code;
}

const logged = () =>
  t.db.orm.select().from(aiRequests).where(eq(aiRequests.organizationId, org.id)).orderBy(aiRequests.id);

beforeAll(async () => {
  sim = await startSimulator();
  sim.ai.addKey(KEY);
  t = await startTestApp({ AI_ENDPOINT_ALLOW_PRIVATE: 'true' });
  return async () => sim.close();
});

beforeEach(async () => {
  org = await buildOrganization(t);
  const user = await buildUser(t, org, 'Admin');
  adminId = user.id;
  admin = (await signIn(t, user)).accessToken;
  sim.reset({ keepConfig: true });
});

describe('settings', () => {
  it('are off until saved, keep the key write-only, and audit its change masked', async () => {
    const initial = (await api('GET', '/ai/settings')).json<AiSettings>();
    expect(initial).toMatchObject({
      enabled: false,
      baseUrl: '',
      hasApiKey: false,
      features: { suggest: true, firstResponder: false },
      redact: { phone: true, email: true, nationalId: true },
      monthlyRequestBudget: null,
    });

    const saved = await save({ apiKey: KEY, baseUrl: `${sim.ai.baseUrl}/`, monthlyRequestBudget: 100 });
    expect(saved).toMatchObject({ enabled: true, baseUrl: sim.ai.baseUrl, hasApiKey: true });
    const read = await api('GET', '/ai/settings');
    expect(read.body).not.toContain(KEY);
    expect(read.json<AiSettings>()).toEqual(saved);
    const [row] = await t.db.orm.select().from(aiSettings).where(eq(aiSettings.organizationId, org.id));
    expect(row!.apiKeyEncrypted).not.toContain(KEY);
    expect(t.deps.cipher.decrypt(row!.apiKeyEncrypted!)).toBe(KEY);

    // Omitted: kept. Same origin, other settings: kept.
    const keep = { monthlyRequestBudget: 100, timeoutSeconds: 9 };
    expect((await save(keep)).hasApiKey).toBe(true);
    // A new key replaces it; '' removes it.
    await save({ ...keep, apiKey: 'sk-another-key-000000' });
    const [replaced] = await t.db.orm.select().from(aiSettings).where(eq(aiSettings.organizationId, org.id));
    expect(t.deps.cipher.decrypt(replaced!.apiKeyEncrypted!)).toBe('sk-another-key-000000');
    expect((await save({ ...keep, apiKey: '' })).hasApiKey).toBe(false);

    const entries = await t.db.orm
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.organizationId, org.id), eq(auditEntries.area, 'ai')))
      .orderBy(auditEntries.id);
    expect(entries).toHaveLength(4);
    expect(JSON.stringify(entries)).not.toContain(KEY);
    expect(JSON.stringify(entries)).not.toContain('sk-another-key');
    expect(entries[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'enabled', before: false, after: true },
        { field: 'apiKey', before: null, after: MASKED_VALUE },
      ]),
    );
    expect((entries[1]!.changes as AuditChange[]).map((c) => c.field)).toEqual(['timeoutSeconds']);
    expect(entries[2]!.changes).toEqual([{ field: 'apiKey', before: MASKED_VALUE, after: MASKED_VALUE }]);
    expect(entries[3]!.changes).toEqual([{ field: 'apiKey', before: MASKED_VALUE, after: null }]);
  });

  it('forget the key when the endpoint moves to another origin without a new one', async () => {
    await save({ apiKey: KEY });
    const moved = await save({ baseUrl: 'http://127.0.0.1:9/v1' });
    expect(moved.hasApiKey).toBe(false);
  });

  it('refuse bad input with validation.failed, storing nothing', async () => {
    for (const body of [
      settings({ baseUrl: 'ftp://example.com/v1' }),
      settings({ baseUrl: 'not a url' }),
      settings({ baseUrl: 'https://user:pw@example.com/v1' }),
      settings({ baseUrl: '' }),
      settings({ model: '' }),
      settings({ timeoutSeconds: 0 }),
      settings({ timeoutSeconds: 121 }),
      settings({ monthlyRequestBudget: 0 }),
      { ...settings(), features: { suggest: true } },
    ]) {
      const res = await api('PUT', '/ai/settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation.failed');
    }
    expect(await t.db.orm.select().from(aiSettings).where(eq(aiSettings.organizationId, org.id))).toEqual([]);
    // Off, an endpoint may be left empty.
    expect((await save({ enabled: false, baseUrl: '', model: '' })).enabled).toBe(false);
  });

  it('belong to their organisation and its admins', async () => {
    await save({ apiKey: KEY });
    const other = await buildOrganization(t);
    const otherAdmin = (await signIn(t, await buildUser(t, other, 'Admin'))).accessToken;
    const theirs = await api('GET', '/ai/settings', undefined, otherAdmin);
    expect(theirs.json<AiSettings>()).toMatchObject({ enabled: false, baseUrl: '', hasApiKey: false });
    await api('PUT', '/ai/settings', settings({ model: 'other-model' }), otherAdmin);
    expect((await api('GET', '/ai/settings')).json<AiSettings>().model).toBe(MODEL);
    expect((await api('GET', '/ai/usage', undefined, otherAdmin)).json<AiUsage>().requests).toBe(0);

    const staff = (await signIn(t, await buildUser(t, org, 'Staff'))).accessToken;
    for (const [method, path, body] of [
      ['GET', '/ai/settings'],
      ['PUT', '/ai/settings', settings()],
      ['POST', '/ai/settings/test', { baseUrl: sim.ai.baseUrl, model: MODEL }],
      ['GET', '/ai/usage'],
      ['GET', '/ai/requests'],
    ] as const) {
      const res = await api(method, path, body, staff);
      expect(res.statusCode, path).toBe(403);
    }
  });
});

describe('completeWithAi', () => {
  beforeEach(async () => void (await save({ apiKey: KEY })));

  it('streams the answer in order and logs the request without its text', async () => {
    sim.ai.answer('parcel', 'Your parcel left our warehouse today and arrives tomorrow.');
    const deltas: string[] = [];
    const answer = await ask('Where is my parcel?', { onDelta: (d) => deltas.push(d), issueId: 42 });
    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.join('')).toBe('Your parcel left our warehouse today and arrives tomorrow.');
    expect(answer.text).toBe(deltas.join(''));
    expect(answer.promptTokens).toBeGreaterThan(0);
    expect(answer.completionTokens).toBeGreaterThan(0);
    const [request] = sim.ai.requests();
    expect(request!.body).toMatchObject({ model: MODEL, stream: true });

    const plain = await ask('Where is my parcel?');
    expect(plain.text).toBe('Your parcel left our warehouse today and arrives tomorrow.');

    const rows = await logged();
    expect(rows).toMatchObject([
      { feature: 'suggest', outcome: 'ok', issueId: 42, userId: adminId, model: MODEL },
      { feature: 'suggest', outcome: 'ok', issueId: null },
    ]);
    expect(rows[0]!.promptTokens).toBe(answer.promptTokens);
    expect(rows[0]!.completionTokens).toBe(answer.completionTokens);
    expect(JSON.stringify(rows)).not.toContain('parcel');
    const page = (await api('GET', '/ai/requests')).json<AiRequestPage>();
    expect(page.items.map((r) => r.issueId)).toEqual([null, 42]);
    expect(JSON.stringify(page)).not.toContain('parcel');
  });

  it('takes phone numbers, emails and national IDs out of every message before it leaves', async () => {
    await ask('', {}, [
      { role: 'system', content: 'Customer: somchai@example.co.th, 081-234-5678' },
      { role: 'user', content: 'My ID is 1-1017-00230-70-8, call me on +66 81 234 5678 or 02 123 4567' },
      { role: 'assistant', content: 'Noted, we will mail som.chai+shop@gmail.com' },
    ]);
    const sent = JSON.stringify(sim.ai.requests()[0]!.body);
    for (const secret of ['somchai', '081-234-5678', '1-1017-00230-70-8', '81 234 5678', '123 4567', 'gmail'])
      expect(sent).not.toContain(secret);
    expect(sent).toContain('[email]');
    expect(sent).toContain('[phone]');
    expect(sent).toContain('[national ID]');

    // The rules are the organisation's: with phones allowed, a phone number goes as typed.
    await save({ redact: { phone: false, email: true, nationalId: true } });
    await ask('call 081-234-5678 or somchai@example.co.th');
    const second = JSON.stringify(sim.ai.requests()[1]!.body);
    expect(second).toContain('081-234-5678');
    expect(second).not.toContain('somchai');
  });

  it('refuses before sending when AI or the feature is off, or nothing is set', async () => {
    expect(await codeOf(ask('hi', { feature: 'firstResponder' }))).toBe('ai.feature_off');
    await save({ enabled: false });
    expect(await codeOf(ask('hi'))).toBe('ai.disabled');
    await t.db.orm
      .update(aiSettings)
      .set({ enabled: true, model: '' })
      .where(eq(aiSettings.organizationId, org.id));
    expect(await codeOf(ask('hi'))).toBe('ai.not_configured');
    const stranger = await buildOrganization(t);
    expect(await codeOf(ask('hi', { organizationId: stranger.id }))).toBe('ai.disabled');
    expect(sim.ai.requests()).toEqual([]);
    expect(await logged()).toEqual([]);
  });

  it('stops at the monthly budget, counted in the organisation’s month, and sends nothing more', async () => {
    await save({ monthlyRequestBudget: 2 });
    await ask('one');
    sim.ai.failNext(1, { status: 500 });
    expect(await codeOf(ask('two'))).toBe('ai.unavailable');
    expect(await codeOf(ask('three'))).toBe('ai.over_budget');
    expect(sim.ai.requests()).toHaveLength(2);
    const usage = (await api('GET', '/ai/usage')).json<AiUsage>();
    expect(usage).toMatchObject({ requests: 2, budget: 2 });
    expect(new Date(usage.resetsAt).getTime()).toBeGreaterThan(Date.now());

    // Last month's requests do not count.
    await t.db.orm
      .update(aiRequests)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(aiRequests.organizationId, org.id));
    expect((await ask('four')).text).toMatch(/^\[fake\]/);
    expect((await api('GET', '/ai/usage')).json<AiUsage>().requests).toBe(1);
  });

  it('gives up at the timeout with ai.timeout, without hanging', async () => {
    await save({ timeoutSeconds: 1 });
    // The model never answers: only the timeout can end the call.
    sim.ai.failNext(1, 'timeout');
    expect(await codeOf(ask('hello'))).toBe('ai.timeout');

    // A stream that stalls midway times out too.
    sim.ai.failNext(1, { chunkDelayMs: 3000 });
    const deltas: string[] = [];
    expect(await codeOf(ask('hello again', { onDelta: (d) => deltas.push(d) }))).toBe('ai.timeout');
    expect((await logged()).map((r) => r.outcome)).toEqual(['ai.timeout', 'ai.timeout']);
  });

  it('maps 429 (with retry-after), 5xx, a wrong key and a cut stream to their codes', async () => {
    sim.ai.failNext(1, { status: 429, retryAfterSeconds: 7 });
    const limited = await ask('a').catch((e: unknown) => e as AppError);
    expect(limited).toMatchObject({
      code: 'ai.rate_limited',
      status: 429,
      details: { retryAfterSeconds: 7 },
    });
    sim.ai.failNext(1, { status: 503 });
    expect(await codeOf(ask('b'))).toBe('ai.unavailable');
    sim.ai.failNext(1, { cutAfterChunks: 2 });
    expect(await codeOf(ask('c', { onDelta: () => undefined }))).toBe('ai.unavailable');
    await save({ apiKey: 'sk-wrong-key-000000000' });
    expect(await codeOf(ask('d'))).toBe('ai.auth_failed');
    await save({ apiKey: '' });
    expect(await codeOf(ask('e'))).toBe('ai.auth_failed');
    // Without a key no Authorization header goes at all.
    expect(sim.ai.requests().map((r) => r.hasKey)).toEqual([true, true, true, true, false]);

    expect((await logged()).map((r) => r.outcome)).toEqual([
      'ai.rate_limited',
      'ai.unavailable',
      'ai.unavailable',
      'ai.auth_failed',
      'ai.auth_failed',
    ]);
    const failed = (await api('GET', '/ai/requests?outcome=ai.auth_failed')).json<AiRequestPage>();
    expect(failed.items).toHaveLength(2);
    const page = (await api('GET', '/ai/requests?limit=2')).json<AiRequestPage>();
    expect(page.items.map((r) => r.outcome)).toEqual(['ai.auth_failed', 'ai.auth_failed']);
    const next = (await api('GET', `/ai/requests?limit=2&cursor=${page.nextCursor}`)).json<AiRequestPage>();
    expect(next.items.map((r) => r.outcome)).toEqual(['ai.unavailable', 'ai.unavailable']);
    expect((await api('GET', '/ai/requests?feature=rewrite')).json<AiRequestPage>().items).toEqual([]);
  });

  it('logs a failure by its code, never with the key or the message text', async () => {
    const lines: unknown[] = [];
    const record = (...args: unknown[]) => void lines.push(args);
    const deps = { ...t.deps, logger: { info: record, warn: record, error: record, debug: record } };
    sim.ai.failNext(1, { status: 500 });
    const words = 'Please call me back at 081-234-5678 about order 7781';
    await completeWithAi(deps as typeof t.deps, {
      organizationId: org.id,
      userId: adminId,
      issueId: 7,
      feature: 'suggest',
      messages: [{ role: 'user', content: words }],
    }).catch(() => undefined);
    const logged = JSON.stringify(lines);
    expect(logged).toContain('ai.unavailable');
    expect(logged).not.toContain(KEY);
    expect(logged).not.toContain('order 7781');
    expect(logged).not.toContain('081-234-5678');
  });

  it('is cancelled by the caller’s signal', async () => {
    sim.ai.failNext(1, { delayMs: 2000 });
    const controller = new AbortController();
    const asking = ask('slow', { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    // Had the call waited for the model, it would have its answer, not a cancellation.
    expect(await codeOf(asking)).toBe('ai.cancelled');
    expect((await logged()).map((r) => r.outcome)).toEqual(['ai.cancelled']);
  });
});

describe('test connection', () => {
  it('tries typed settings before saving, storing and logging nothing', async () => {
    const ok = await api('POST', '/ai/settings/test', { baseUrl: sim.ai.baseUrl, model: MODEL, apiKey: KEY });
    expect(ok.json<AiConnectionResult>()).toMatchObject({ ok: true, model: MODEL });
    const wrong = await api('POST', '/ai/settings/test', {
      baseUrl: sim.ai.baseUrl,
      model: MODEL,
      apiKey: 'sk-wrong',
    });
    expect(wrong.json<AiConnectionResult>()).toMatchObject({ ok: false, code: 'ai.auth_failed' });
    sim.ai.failNext(1, { status: 500 });
    const failing = await api('POST', '/ai/settings/test', {
      baseUrl: sim.ai.baseUrl,
      model: MODEL,
      apiKey: KEY,
    });
    expect(failing.json<AiConnectionResult>()).toMatchObject({ ok: false, code: 'ai.unavailable' });
    const nowhere = await api('POST', '/ai/settings/test', {
      baseUrl: 'http://127.0.0.1:9/v1',
      model: MODEL,
    });
    expect(nowhere.json<AiConnectionResult>()).toMatchObject({ ok: false, code: 'ai.unavailable' });
    const bad = await api('POST', '/ai/settings/test', { baseUrl: 'file:///etc', model: MODEL });
    expect(bad.statusCode).toBe(400);

    expect(await t.db.orm.select().from(aiSettings).where(eq(aiSettings.organizationId, org.id))).toEqual([]);
    expect(await logged()).toEqual([]);
  });

  it('uses the saved key when none is typed', async () => {
    await save({ apiKey: KEY, enabled: false });
    const ok = await api('POST', '/ai/settings/test', { baseUrl: sim.ai.baseUrl, model: MODEL });
    expect(ok.json<AiConnectionResult>()).toMatchObject({ ok: true });
    const none = await api('POST', '/ai/settings/test', {
      baseUrl: sim.ai.baseUrl,
      model: MODEL,
      apiKey: '',
    });
    expect(none.json<AiConnectionResult>()).toMatchObject({ ok: false, code: 'ai.auth_failed' });
  });
});
