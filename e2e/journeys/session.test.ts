// An expired access token is refreshed before the next call; a revoked or rejected session
// clears the storage and sends the browser to /.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Browser, Page } from 'playwright-core';
import { location, signIn, storedKeys } from '../support/app';
import { launchBrowser, newContext, openPage } from '../support/browser';
import { DEMO_PASSWORD } from '../support/demo';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

type StoredToken = { accessToken: string; refreshToken: string };

const readToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null') as StoredToken | null);

/** Rewrites the stored access token's exp (the signature no longer matters: it is never sent expired). */
function withExp(page: Page, exp: number) {
  return page.evaluate((expiry) => {
    const token = JSON.parse(localStorage.getItem('token') ?? '{}') as StoredToken;
    const [header, payload, signature] = token.accessToken.split('.');
    const claims = JSON.parse(atob((payload ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as Record<
      string,
      unknown
    >;
    const encoded = btoa(JSON.stringify({ ...claims, exp: expiry }))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    localStorage.setItem(
      'token',
      JSON.stringify({ ...token, accessToken: `${header}.${encoded}.${signature}` }),
    );
  }, exp);
}

/**
 * Lets the page finish its own calls, so none of them refreshes behind the test's back. The dashboard's
 * figures, not its card: the card shows before any call has answered, the figures only after one has.
 */
async function settle(page: Page): Promise<void> {
  await page.getByTestId('figure-issues').waitFor();
  await page.waitForLoadState('networkidle');
}

describe('session', () => {
  it('refreshes an expired access token silently', async () => {
    const context = await newContext(browser, baseUrl, 'desktop');
    const { page, errors } = await openPage(context);
    await signIn(page, 'admin@demo.local', DEMO_PASSWORD);
    await settle(page);
    const before = await readToken(page);
    await withExp(page, Math.floor(Date.now() / 1000) - 60);
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/auth/refresh-token')) refreshes.push(request.url());
    });
    await page.reload();
    await page.getByTestId('figure-issues').waitFor();
    const after = await readToken(page);
    expect(location(page).pathname).toBe('/dashboard');
    expect(refreshes).toHaveLength(1);
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
    const exp = await page.evaluate(() => {
      const token = JSON.parse(localStorage.getItem('token') ?? '{}') as { accessToken: string };
      const payload = token.accessToken.split('.')[1] ?? '';
      return (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number }).exp;
    });
    expect(exp * 1000).toBeGreaterThan(Date.now());
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBe(after?.accessToken);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes to / when the session was revoked on the server', async () => {
    const context = await newContext(browser, baseUrl, 'phone');
    const { page, errors } = await openPage(context);
    await signIn(page, 'manager@demo.local', DEMO_PASSWORD);
    await settle(page);
    // Sign the session out elsewhere: revoke its refresh-token family through the API.
    const status = await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('token') ?? '{}') as StoredToken;
      const xsrf = document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
      const response = await fetch('/api/v1/auth/logout', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${token.accessToken}`,
          'X-XSRF-TOKEN': decodeURIComponent(xsrf),
        },
        body: JSON.stringify({ refreshToken: token.refreshToken }),
      });
      return response.status;
    });
    expect(status).toBe(204);
    await withExp(page, Math.floor(Date.now() / 1000) - 60);
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storedKeys(page)).toEqual([]);
    await page.locator('#login-email').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes to / when the server rejects the access token (401)', async () => {
    const context = await newContext(browser, baseUrl, 'desktop');
    const { page } = await openPage(context);
    await signIn(page, 'manager@demo.local', DEMO_PASSWORD);
    await settle(page);
    // Still "valid" by its exp, but the signature no longer matches.
    await withExp(page, Math.floor(Date.now() / 1000) + 3600);
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storedKeys(page)).toEqual([]);
    await context.close();
  });
});
