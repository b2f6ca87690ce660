// The frame every journey file shares: one browser for the file, and a fresh signed-in page per test.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { inject } from './stack';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signInThroughApi } from './app';
import { launchBrowser, newContext, openPage } from './browser';
import type { Locale, Viewport } from './browser';
import { DEMO_PASSWORD } from './demo';
import { savePicture } from './pictures';

/**
 * Launches one browser before the file's tests and closes it after them; returns its getter. A failed test
 * leaves a picture of each page it had open (failed-<test>-<n>.png), to show what the user saw.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail' || !browser) return;
    const pages = browser.contexts().flatMap((context) => context.pages());
    const name = `failed-${task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60)}`;
    // A page that closed or crashed meanwhile has nothing to show; the test's own error is what counts.
    for (const [i, page] of pages.entries())
      await savePicture(page, `${name}-${i + 1}`, { fullPage: false }).catch(() => undefined);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser has not been launched yet');
    return browser;
  };
}

export type SignedInPage = { context: BrowserContext; page: Page; errors: string[] };

/**
 * A new context (desktop unless told) signed in over HTTP as a demo user with the demo password, on the
 * role's landing page in a language, or straight on `startPath` (a link the user opens signed in) when the
 * journey's work is elsewhere: a landing page it would leave at once costs a page load. Each call signs in
 * afresh: a journey may end its session or change its password, and the server does not limit successful
 * sign-ins.
 */
export async function openSignedIn(
  browser: Browser,
  email: string,
  lang: Locale = 'en',
  viewport: Viewport = 'desktop',
  startPath?: string,
): Promise<SignedInPage> {
  const context = await newContext(browser, inject('baseUrl'), viewport, lang);
  const { page, errors } = await openPage(context);
  await signInThroughApi(page, email, DEMO_PASSWORD, lang, startPath);
  return { context, page, errors };
}

/**
 * Resolves once the page's live socket is open, that is registered by the server (the app marks it on
 * <html data-live>): events raised from then on reach the page; what came before, the page read then.
 */
export async function liveOpen(page: Page): Promise<void> {
  await page.locator('html[data-live="open"]').waitFor({ state: 'attached', timeout: 15_000 });
}

/**
 * Records what the page's live sockets did (opened, each frame received, closed), for a journey's failure
 * message: a missing popup then says whether its notice arrived, or the socket was closed when it was sent.
 */
export function recordLiveSocket(page: Page): () => string {
  const started = Date.now();
  const lines: string[] = [];
  const at = () => `${((Date.now() - started) / 1000).toFixed(2)}s`;
  page.on('websocket', (socket) => {
    lines.push(`${at()} opened`);
    socket.on('framereceived', ({ payload }) =>
      lines.push(`${at()} received ${String(payload).slice(0, 120)}`),
    );
    socket.on('close', () => lines.push(`${at()} closed`));
  });
  return () => lines.join('\n');
}
