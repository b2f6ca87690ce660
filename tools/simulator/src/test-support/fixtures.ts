// Shared test setup: a fresh simulator and receiver per test, with one LINE channel and one Meta app.
import { startSimulator } from '../simulator';
import type { Simulator, SimulatorOptions } from '../simulator';
import { startWebhookReceiver } from './webhook-receiver';
import type { WebhookReceiver } from './webhook-receiver';

export const LINE = {
  channelId: '1650000001',
  channelSecret: 'c0ffee00c0ffee00c0ffee00c0ffee00',
  accessToken: 'test-line-token',
  botUserId: `U${'0'.repeat(28)}d3e0`,
  alice: `U${'a'.repeat(31)}1`,
  bob: `U${'b'.repeat(31)}2`,
};

export const META = {
  appId: '700000000000001',
  appSecret: 'test-meta-app-secret',
  verifyToken: 'test-verify-token',
  pageId: '100000000000001',
  pageToken: 'test-page-token',
  igId: '17840000000000001',
  igToken: 'test-ig-token',
  psid: '2400000000000001',
  igsid: '3500000000000001',
};

export interface Harness {
  sim: Simulator;
  receiver: WebhookReceiver;
  close(): Promise<void>;
}

/** A simulator with the test LINE channel (webhook → receiver `/line`) and Meta app (→ `/meta`). */
export async function startHarness(
  options: SimulatorOptions & {
    redelivery?: { attempts: number; intervalMs: number };
    humanAgentApproved?: boolean;
  } = {},
): Promise<Harness> {
  const receiver = await startWebhookReceiver();
  const sim = await startSimulator(options);
  sim.addLineChannel({
    channelId: LINE.channelId,
    channelSecret: LINE.channelSecret,
    accessToken: LINE.accessToken,
    botUserId: LINE.botUserId,
    webhookUrl: `${receiver.url}/line`,
    ...(options.redelivery ? { redelivery: options.redelivery } : {}),
  });
  sim.addLineUser(LINE.channelId, { userId: LINE.alice, displayName: 'Alice', language: 'en' });
  sim.addMetaApp({
    appId: META.appId,
    appSecret: META.appSecret,
    verifyToken: META.verifyToken,
    webhookUrl: `${receiver.url}/meta`,
    humanAgentApproved: options.humanAgentApproved ?? false,
  });
  sim.addPage({ pageId: META.pageId, name: 'Test Page', pageToken: META.pageToken });
  sim.addInstagramAccount({
    igId: META.igId,
    pageId: META.pageId,
    username: 'test.shop',
    token: META.igToken,
  });
  sim.addMetaUser({
    platform: 'messenger',
    accountId: META.pageId,
    userId: META.psid,
    firstName: 'Somchai',
    lastName: 'Jaidee',
  });
  sim.addMetaUser({
    platform: 'instagram',
    accountId: META.igId,
    userId: META.igsid,
    name: 'Ploy',
    username: 'ploy.style',
  });
  return {
    sim,
    receiver,
    close: async () => {
      await sim.close();
      await receiver.close();
    },
  };
}

/** Calls the simulator's LINE API as the server would. */
export function lineApi(
  sim: Simulator,
  path: string,
  init: { method?: string; body?: unknown; token?: string | null; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...init.headers };
  const token = init.token === undefined ? LINE.accessToken : init.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  return fetch(`${sim.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

/** Calls the simulator's Graph API with a JSON body. */
export function graphApi(
  sim: Simulator,
  path: string,
  body?: unknown,
  token: string | null = META.pageToken,
) {
  const url = new URL(`${sim.url}/v25.0${path}`);
  if (token !== null) url.searchParams.set('access_token', token);
  return fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
