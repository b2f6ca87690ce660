// A listening app wired to the LINE/Meta simulator, with helpers to connect channels the way an admin
// does (settings API, Facebook Login) and to wait for the asynchronous pipeline (ingest, delivery jobs).
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { vi } from 'vitest';
import { startSimulator, type Simulator } from '@sabai/simulator';
import { call, startTestApp, type TestApp } from './app';
import { buildOrganization, buildTeam, buildUser, signIn, type TestOrg } from './factories';
import { messages } from '../src/db/schema';
import { closeAfterFile } from './file-resources';

export const META_SECRET = 'test-meta-app-secret';
export const META_VERIFY = 'test-verify-token';

export type ChannelHarness = {
  t: TestApp;
  sim: Simulator;
  url: string;
  org: TestOrg;
  teamId: string;
  admin: string;
  /** A fresh admin token (after moving the test clock, older tokens have expired). */
  signInAdmin(): Promise<string>;
  /** Registers a LINE channel at the simulator and connects it the way an admin does (LINE confirms it). */
  createLineChannel(
    overrides?: Record<string, unknown>,
  ): Promise<{ id: string; externalId: string; secret: string; accessToken: string; botUserId: string }>;
  connectMeta(
    type: 'facebook' | 'instagram',
    overrides?: Record<string, unknown>,
  ): Promise<{ id: string; pageId: string; accountId: string }>;
};

let seq = 0;
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** The public address a test app gives out when `PUBLIC_URL: HTTPS_PUBLIC_URL` (LINE fetches https only). */
export const HTTPS_PUBLIC_URL = 'https://sabai.test';

/**
 * Starts the simulator and a listening app that talks to it; both close after the file's tests. The
 * simulator fetches media from HTTPS_PUBLIC_URL at the app's own port, as LINE would from a public address.
 */
export async function startChannelHarness(env: Record<string, string> = {}): Promise<ChannelHarness> {
  let url = '';
  const sim = await startSimulator({
    mediaVia: (link) =>
      link.startsWith(HTTPS_PUBLIC_URL) ? url + link.slice(HTTPS_PUBLIC_URL.length) : link,
  });
  closeAfterFile(() => sim.close());
  const t = await startTestApp({
    PROVIDER_BASE_URL: sim.url,
    META_APP_SECRET: META_SECRET,
    META_VERIFY_TOKEN: META_VERIFY,
    ...env,
  });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  sim.addMetaApp({
    appId: '100000000000000',
    appSecret: META_SECRET,
    verifyToken: META_VERIFY,
    webhookUrl: `${url}/webhooks/meta`,
    humanAgentApproved: true,
  });
  const org = await buildOrganization(t);
  const teamId = (await buildTeam(t, org)).id;
  const adminUser = await buildUser(t, org, 'Admin');
  const admin = (await signIn(t, adminUser)).accessToken;

  return {
    t,
    sim,
    url,
    org,
    teamId,
    admin,
    signInAdmin: async () => (await signIn(t, adminUser)).accessToken,
    async createLineChannel(overrides = {}) {
      // Random over a wide range: test files share the PostgreSQL database, so ids must not collide across them.
      const externalId = String(1_000_000_000 + ++seq + Number(digits(9)));
      const secret = randomBytes(16).toString('hex');
      const accessToken = `line-token-${externalId}`;
      const botUserId = `U${randomBytes(16).toString('hex')}`;
      // The channel exists at LINE before anyone connects it: creation asks LINE to confirm it.
      sim.addLineChannel({
        channelId: externalId,
        channelSecret: secret,
        accessToken,
        botUserId,
        webhookUrl: `${url}/webhooks/line/${externalId}`,
      });
      const res = await call(t.app, 'POST', '/api/v1/channels', {
        token: admin,
        body: {
          type: 'line',
          name: `LINE ${externalId}`,
          externalId,
          secret,
          accessToken,
          assignedMode: 'normal',
          assignedTeamId: teamId,
          ...overrides,
        },
      });
      if (res.statusCode !== 201) throw new Error(`channel creation failed: ${res.body}`);
      return { id: res.json().id, externalId, secret, accessToken, botUserId };
    },
    async connectMeta(type, overrides = {}) {
      const pageId = `1000${digits(11)}`;
      const igId = `1784${digits(13)}`;
      sim.addPage({ pageId, name: `Page ${pageId}`, pageToken: `page-token-${pageId}` });
      sim.addInstagramAccount({
        igId,
        pageId,
        username: `shop${pageId.slice(-4)}`,
        token: `page-token-${pageId}`,
      });
      const connectionId = await facebookLogin(t, sim, admin);
      const accountId = type === 'facebook' ? pageId : igId;
      const res = await call(t.app, 'POST', '/api/v1/channels', {
        token: admin,
        body: {
          type,
          name: `${type} ${pageId}`,
          connectionId,
          externalId: accountId,
          assignedMode: 'normal',
          assignedTeamId: teamId,
          ...overrides,
        },
      });
      if (res.statusCode !== 201) throw new Error(`channel creation failed: ${res.body}`);
      return { id: res.json().id, pageId, accountId };
    },
  };
}

/** Runs the Facebook Login round trip as a browser would; resolves to the connection id. */
export async function facebookLogin(t: TestApp, sim: Simulator, token: string) {
  const { url } = (await call(t.app, 'GET', '/api/v1/channels/meta/login-url', { token })).json<{
    url: string;
  }>();
  if (!url.startsWith(sim.url)) throw new Error(`login dialog not on the simulator: ${url}`);
  const dialog = await fetch(url, { redirect: 'manual' });
  if (dialog.status !== 302)
    throw new Error(`login dialog answered ${dialog.status}: ${await dialog.text()}`);
  const back = new URL(dialog.headers.get('location') ?? '');
  const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  const location = String(callback.headers.location ?? '');
  const id = new URL(location, 'http://x').searchParams.get('connection');
  if (!id) throw new Error(`no connection in ${location}: ${callback.body}`);
  return id;
}

/**
 * Polls `probe` until it returns a truthy value (the pipeline is asynchronous): the one polling helper of
 * the server tests besides vitest's own `vi.waitFor` (which retries a callback that throws).
 */
export function eventually<T>(
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await probe();
      if (!value) throw new Error('condition not met in time');
      return value;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

/** The message a provider delivered (channel and provider message id), once the ingest has stored it. */
export function storedMessage(t: TestApp, channelId: string, providerMessageId: string) {
  return eventually(
    async () =>
      (
        await t.db.orm
          .select()
          .from(messages)
          .where(and(eq(messages.channelId, channelId), eq(messages.providerMessageId, providerMessageId)))
      )[0],
  );
}
