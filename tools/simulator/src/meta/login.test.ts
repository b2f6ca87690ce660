import { afterEach, describe, expect, it } from 'vitest';
import { META, graphApi, startHarness } from '../test-support/fixtures';
import type { Harness } from '../test-support/fixtures';

let harness: Harness;
afterEach(() => harness.close());

const REDIRECT = 'http://localhost:3000/api/v1/channels/meta/callback';

async function loginCode(url: string): Promise<string> {
  const dialog = new URL(`${url}/v25.0/dialog/oauth`);
  dialog.search = new URLSearchParams({
    client_id: META.appId,
    redirect_uri: REDIRECT,
    state: 'xsrf-1',
    scope: 'pages_messaging',
  }).toString();
  const response = await fetch(dialog, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
  expect(location.searchParams.get('state')).toBe('xsrf-1');
  return location.searchParams.get('code') ?? '';
}

function exchange(url: string, code: string, secret = META.appSecret) {
  const query = new URLSearchParams({
    client_id: META.appId,
    client_secret: secret,
    redirect_uri: REDIRECT,
    code,
  });
  return fetch(`${url}/v25.0/oauth/access_token?${query}`);
}

describe('Facebook Login imitation', () => {
  it('logs in, lists the Pages with their tokens and the linked Instagram account, subscribes the app', async () => {
    harness = await startHarness();
    const { sim } = harness;
    const code = await loginCode(sim.url);
    const tokenResponse = await exchange(sim.url, code);
    const token = (await tokenResponse.json()) as {
      access_token: string;
      token_type: string;
      expires_in: number;
    };
    expect(token).toEqual({
      access_token: expect.stringMatching(/^EAA/),
      token_type: 'bearer',
      expires_in: expect.any(Number),
    });

    const accounts = await graphApi(sim, '/me/accounts', undefined, token.access_token);
    expect(await accounts.json()).toMatchObject({
      data: [
        {
          id: META.pageId,
          name: 'Test Page',
          access_token: META.pageToken,
          category: expect.any(String),
          tasks: expect.arrayContaining(['MESSAGING']),
        },
      ],
    });

    const page = await graphApi(
      sim,
      `/${META.pageId}?fields=instagram_business_account,name`,
      undefined,
      META.pageToken,
    );
    expect(await page.json()).toEqual({
      id: META.pageId,
      name: 'Test Page',
      instagram_business_account: { id: META.igId },
    });

    const subscribe = await graphApi(
      sim,
      `/${META.pageId}/subscribed_apps?subscribed_fields=messages,message_echoes`,
      {},
      META.pageToken,
    );
    expect(await subscribe.json()).toEqual({ success: true });
    expect(sim.describe().meta.pages[0]?.subscribedFields).toEqual(['messages', 'message_echoes']);
  });

  it('refuses a used code, a wrong secret and a user token where a Page token is needed', async () => {
    harness = await startHarness();
    const { sim } = harness;
    const code = await loginCode(sim.url);
    const first = (await (await exchange(sim.url, code)).json()) as { access_token: string };
    const reused = await exchange(sim.url, code);
    expect(await reused.json()).toMatchObject({ error: { code: 100, error_subcode: 36009 } });
    expect(await (await exchange(sim.url, await loginCode(sim.url), 'wrong')).json()).toMatchObject({
      error: { code: 1 },
    });
    const subscribe = await graphApi(
      sim,
      `/${META.pageId}/subscribed_apps?subscribed_fields=messages`,
      {},
      first.access_token,
    );
    expect(await subscribe.json()).toMatchObject({ error: { code: 210 } });
    const accountsWithPageToken = await graphApi(sim, '/me/accounts', undefined, META.pageToken);
    expect(accountsWithPageToken.status).toBe(400);
  });
});

describe('Facebook Login imitation: cancel', () => {
  it('sends the user back with error=access_denied and the state, and no code, when they cancel', async () => {
    harness = await startHarness();
    harness.sim.meta.cancelNextLogin();
    const dialog = new URL(`${harness.sim.url}/v25.0/dialog/oauth`);
    dialog.search = new URLSearchParams({
      client_id: META.appId,
      redirect_uri: REDIRECT,
      state: 'xsrf-2',
    }).toString();
    const response = await fetch(dialog, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      state: 'xsrf-2',
      error: 'access_denied',
      error_code: '200',
      error_description: 'Permissions error',
      error_reason: 'user_denied',
    });
    // Only the next dialog is cancelled.
    expect(await loginCode(harness.sim.url)).not.toBe('');
  });
});
