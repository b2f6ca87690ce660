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
  it('verifies a channel access token (v2.1): the channel it was issued for, its lifetime and scope', async () => {
    harness = await startHarness();
    const ok = await fetch(`${harness.sim.url}/oauth2/v2.1/verify?access_token=${LINE.accessToken}`);
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ client_id: LINE.channelId, scope: expect.any(String) });
    expect(body.expires_in).toBeGreaterThan(0);
    const bad = await fetch(`${harness.sim.url}/oauth2/v2.1/verify?access_token=nope`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'invalid_request' });
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
