// One database is enough: the checks are which addresses the guarded client refuses.
// Without AI_ENDPOINT_ALLOW_PRIVATE (off here) an AI endpoint on a loopback, private or link-local address,
// or on a name resolving to one, is refused when saved and when tested, and a request to one already saved
// (the flag turned off since) never leaves: the simulator listening there hears nothing.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '@sabai/simulator';
import type { AiConnectionResult } from '@sabai/contracts';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { buildOrganization, buildUser, signIn, type TestOrg } from '../../../test/factories';
import { aiRequests, aiSettings } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { completeWithAi } from '.';
import { aiSettingsFor } from '../../../test/ai-settings';

const KEY = 'sk-test-ai-addresses-0123456789';
let t: TestApp;
let sim: Simulator;
let org: TestOrg;
let token: string;

const body = (baseUrl: string) => aiSettingsFor(baseUrl, { apiKey: KEY });

beforeAll(async () => {
  sim = await startSimulator();
  sim.ai.addKey(KEY);
  t = await startTestApp();
  expect(t.deps.config.AI_ENDPOINT_ALLOW_PRIVATE).toBe(false);
  org = await buildOrganization(t);
  token = (await signIn(t, await buildUser(t, org, 'Admin'))).accessToken;
  return async () => sim.close();
});

describe('without AI_ENDPOINT_ALLOW_PRIVATE', () => {
  it.each([
    ['the simulator on loopback', () => sim.ai.baseUrl],
    ['a name resolving to loopback', () => sim.ai.baseUrl.replace('127.0.0.1', 'localhost')],
    ['a private address', () => 'http://192.168.1.20:11434/v1'],
    ['link-local (cloud metadata)', () => 'http://169.254.169.254/v1'],
    ['IPv6 loopback', () => 'http://[::1]:11434/v1'],
  ])('refuses %s when saved and when tested', async (_, url) => {
    const saved = await call(t.app, 'PUT', '/api/v1/ai/settings', { token, body: body(url()) });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().error.code).toBe('ai.endpoint_private');
    const tested = await call(t.app, 'POST', '/api/v1/ai/settings/test', {
      token,
      body: { baseUrl: url(), model: 'gpt-4o-mini', apiKey: KEY },
    });
    expect(tested.json<AiConnectionResult>()).toMatchObject({ ok: false, code: 'ai.endpoint_private' });
  });

  it('sends nothing to a private endpoint saved while it was allowed', async () => {
    await t.db.orm.insert(aiSettings).values({
      organizationId: org.id,
      enabled: true,
      baseUrl: sim.ai.baseUrl,
      model: 'gpt-4o-mini',
      apiKeyEncrypted: t.deps.cipher.encrypt(KEY),
      features: ['suggest'],
    });
    const err = await completeWithAi(t.deps, {
      organizationId: org.id,
      userId: null,
      issueId: null,
      feature: 'suggest',
      messages: [{ role: 'user', content: 'hello' }],
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('ai.endpoint_private');
    expect(sim.ai.requests()).toEqual([]);
    const rows = await t.db.orm.select().from(aiRequests).where(eq(aiRequests.organizationId, org.id));
    expect(rows.map((r) => r.outcome)).toEqual(['ai.endpoint_private']);
  });
});
