import { afterEach, describe, expect, it } from 'vitest';
import { LINE, lineApi, startHarness } from '../test-support/fixtures';
import type { Harness } from '../test-support/fixtures';

let harness: Harness;
afterEach(() => harness.close());

function issueStateless(url: string, clientId: string, clientSecret: string) {
  return fetch(`${url}/oauth2/v3/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    }),
  });
}

describe('LINE channel access token API', () => {
  it('verifies each kind of token at its own endpoint: v2.1 at /oauth2/v2.1/verify, the others at /v2/oauth/verify', async () => {
    harness = await startHarness();
    const kinds = [
      { kind: 'long-lived', channelId: '1650000011', token: 'console-token' },
      { kind: 'short-lived', channelId: '1650000012', token: 'v2-short-token' },
      { kind: 'v2.1', channelId: '1650000013', token: 'jwt-issued-token' },
    ] as const;
    for (const [i, k] of kinds.entries()) {
      harness.sim.addLineChannel({
        channelId: k.channelId,
        channelSecret: `secret-${i}`,
        accessToken: k.token,
        accessTokenKind: k.kind,
        botUserId: `U${String(i).repeat(32)}`,
      });
    }
    const verifyV21 = (token: string) =>
      fetch(`${harness.sim.url}/oauth2/v2.1/verify?access_token=${encodeURIComponent(token)}`);
    const verifyV2 = (token: string) =>
      fetch(`${harness.sim.url}/v2/oauth/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ access_token: token }),
      });
    for (const k of kinds) {
      const [right, wrong] = k.kind === 'v2.1' ? [verifyV21, verifyV2] : [verifyV2, verifyV21];
      const ok = await right(k.token);
      expect(ok.status, k.kind).toBe(200);
      const body = (await ok.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ client_id: k.channelId, scope: expect.any(String) });
      expect(body.expires_in).toBeGreaterThan(0);
      const refused = await wrong(k.token);
      expect(refused.status, k.kind).toBe(400);
      expect(await refused.json()).toMatchObject({ error: 'invalid_request' });
      // Whatever its kind, the token calls the Messaging API.
      const info = await lineApi(harness.sim, '/v2/bot/info', { token: k.token });
      expect(info.status, k.kind).toBe(200);
    }
    expect((await verifyV21('nope')).status).toBe(400);
    expect((await verifyV2('nope')).status).toBe(400);
  });

  it('issues a 15-minute stateless token only for the right channel id and secret; the token calls the API', async () => {
    harness = await startHarness();
    const issued = await issueStateless(harness.sim.url, LINE.channelId, LINE.channelSecret);
    expect(issued.status).toBe(200);
    const token = (await issued.json()) as { access_token: string; expires_in: number; token_type: string };
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    const info = await lineApi(harness.sim, '/v2/bot/info', { token: token.access_token });
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ userId: LINE.botUserId });

    for (const [id, secret] of [
      [LINE.channelId, 'wrong-secret'],
      ['1999999999', LINE.channelSecret],
    ] as const) {
      const refused = await issueStateless(harness.sim.url, id, secret);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: 'invalid_client' });
    }

    harness.sim.advance(15 * 60 * 1000);
    expect((await lineApi(harness.sim, '/v2/bot/info', { token: token.access_token })).status).toBe(401);
  });
});
