// Shared by the Chromium benchmarks: the built web app and the API served on the workspace dataset
// (bench/seed-workspace.ts), Chromium launched with the journeys' flags at 1440×900, the admin signed in
// through the form, and "interactive" measured the same way for every page.
import type { Page } from 'playwright-core';
import { openDb } from '../apps/server/src/platform/db';
import { launchBrowser } from '../e2e/support/browser';
import { serveSeededDb } from './support';
import * as d from './workspace-data';

export type BrowserBench = { page: Page; close(): Promise<void> };

/** Serves the app on the workspace dataset and opens a signed-in admin page in Chromium. */
export async function openWorkspaceInChromium(): Promise<BrowserBench> {
  const db = await openDb({ databaseUrl: d.WORKSPACE_DATABASE_URL, poolSize: 20 });
  await db.migrate();
  const server = await serveSeededDb(db, d.WORKSPACE_DATABASE_URL, { serveWebApp: true });
  const browser = await launchBrowser();
  const close = async () => {
    await browser.close();
    await server.close();
  };
  try {
    const context = await browser.newContext({
      baseURL: server.root,
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    // Sign in once through the form; later loads reuse the stored session like a returning user.
    await page.goto('/login');
    await page.locator('#login-email').fill(d.WORKSPACE_ADMIN);
    await page.locator('#login-password').fill(d.WORKSPACE_PASSWORD);
    await page.getByTestId('login-form').locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname !== '/login');
    return { page, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * Loads `url` `loads` times and returns, per load, the time from navigation start until `ready` resolved
 * and the main thread was free again (a task queued then runs within the same frame budget).
 */
export async function timeToInteractive(
  page: Page,
  url: string,
  loads: number,
  ready: () => Promise<unknown>,
) {
  const times: number[] = [];
  for (let i = 0; i < loads; i++) {
    await page.goto(url);
    await ready();
    // A string, not a function: tsx would wrap named functions in a helper the page does not have.
    times.push(
      (await page.evaluate(
        'new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)))',
      )) as number,
    );
  }
  return times;
}

export const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
export const ms = (n: number) => `${n.toFixed(0)} ms`;
