// Installable on phones: the manifest in the page's language, no installability errors
// in Chromium, the offline page when the server is gone, and the iOS home-screen step where it applies.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { screenshot, signInThroughApi } from '../support/app';
import { launchBrowser, newContext, newProfileContext, openPage } from '../support/browser';
import type { Locale, Viewport } from '../support/browser';
import { DEMO_PASSWORD } from '../support/demo';
import { webDist } from '../support/paths';
import { startServer } from '../support/server';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

type AppManifest = {
  start_url: string;
  display: string;
  short_name: string;
  icons: { src: string; sizes: string; purpose?: string }[];
};

/** Waits until the service worker controls the page: from then on a page load goes through it. */
async function workerInControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
}

/** What Chromium reads from the page's manifest, and why it would refuse to install the app. */
async function installability(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  const { url, data } = await cdp.send('Page.getAppManifest', {});
  await cdp.detach();
  return { errors: installabilityErrors, url, manifest: JSON.parse(data ?? '{}') as AppManifest };
}

const cases: Array<[Viewport, Locale]> = [
  ['desktop', 'en'],
  ['phone', 'th'],
];

describe('installing the app', () => {
  for (const [viewport, locale] of cases) {
    it(`has a manifest in the page's language and no installability errors (${viewport}, ${locale})`, async () => {
      const profileDir = mkdtempSync(join(tmpdir(), 'sabai-profile-'));
      const context = await newProfileContext(profileDir, baseUrl, viewport, locale);
      try {
        const { page, errors } = await openPage(context);
        await page.goto(`/login?lang=${locale}`);
        await workerInControl(page);

        const { errors: refusals, url, manifest } = await installability(page);
        expect(refusals).toEqual([]);
        expect(url).toBe(`${baseUrl}/manifest.${locale}.webmanifest`);
        expect(manifest.start_url).toBe(`/?lang=${locale}`);
        expect(manifest.display).toBe('standalone');
        expect(manifest.short_name).toBe('Sabai');
        expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
          expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
        );
        for (const icon of manifest.icons) {
          const answer = await page.request.get(icon.src);
          expect(answer.status(), icon.src).toBe(200);
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
        rmSync(profileDir, { recursive: true, force: true });
      }
    });
  }

  it('follows a language switch with the manifest', async () => {
    const context = await newContext(browser, baseUrl, 'desktop', 'en', { serviceWorkers: 'allow' });
    const { page } = await openPage(context);
    await page.goto('/login?lang=en');
    await page.getByTestId('language-th').click();
    await page.waitForURL((url) => url.searchParams.get('lang') === 'th');
    await expect
      .poll(() => page.locator('link[rel="manifest"]').getAttribute('href'))
      .toBe('/manifest.th.webmanifest');
    await context.close();
  });

  it('tells an iPhone how to get notifications, and nobody else', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const context = await newContext(browser, baseUrl, viewport, 'en');
      const { page, errors } = await openPage(context);
      await signInThroughApi(
        page,
        'staff@demo.local',
        DEMO_PASSWORD,
        'en',
        `${viewport === 'phone' ? '/mobile' : ''}/profile/edit-profile?lang=en`,
      );
      const settings = page.getByTestId('notification-settings');
      await settings.waitFor();
      const hint = settings.getByTestId('home-screen-hint');
      if (viewport === 'phone') {
        await hint.getByText('Add to Home Screen', { exact: false }).waitFor();
        await screenshot(page, 'install-home-screen-hint-phone-en');
      } else {
        await settings.getByTestId('line-linked').waitFor();
        expect(await hint.count()).toBe(0);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('offline', () => {
  // A server of its own, stopped in the middle: the shared one serves every other journey.
  let dir: string;
  let stopServer: () => Promise<void>;
  let ownUrl: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sabai-offline-'));
    const webDistDir = join(dir, 'web');
    cpSync(webDist, webDistDir, { recursive: true });
    const server = await startServer({
      dataDir: join(dir, 'data'),
      smtpPort: 9,
      logFile: join(dir, 'server.log'),
      webDistDir,
    });
    ownUrl = server.baseUrl;
    stopServer = server.stop;
  }, 180_000);

  afterAll(async () => {
    await stopServer?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shows the offline page in the address’s language when the server is gone', async () => {
    const opened: Array<{ context: BrowserContext; page: Page; locale: Locale; viewport: Viewport }> = [];
    for (const [viewport, locale] of [
      ['phone', 'th'],
      ['desktop', 'en'],
    ] as const) {
      const context = await newContext(browser, ownUrl, viewport, locale, { serviceWorkers: 'allow' });
      const page = await context.newPage();
      await page.goto(`/login?lang=${locale}`);
      await workerInControl(page);
      opened.push({ context, page, locale, viewport });
    }

    await stopServer();
    for (const { context, page, locale, viewport } of opened) {
      await page.goto(`/issue/inbox?lang=${locale}`);
      const offline = page.getByTestId('offline-page');
      await offline.waitFor();
      const [heading, retry] =
        locale === 'th' ? ['ไม่ได้เชื่อมต่ออินเทอร์เน็ต', 'ลองอีกครั้ง'] : ['You are offline', 'Try again'];
      await offline.getByRole('heading', { name: heading }).waitFor();
      // Only the address's language shows.
      expect(await offline.getByRole('heading').count()).toBe(1);
      await screenshot(page, `install-offline-${viewport}-${locale}`);
      // Trying again while the server is still gone brings the same page back, not the browser's error.
      await offline.getByRole('link', { name: retry }).click();
      await page.getByRole('heading', { name: heading }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/issue/inbox');
      await context.close();
    }
  });
});
