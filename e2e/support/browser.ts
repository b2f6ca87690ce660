// Chromium from Debian, driven by playwright-core: one browser per test file, a new context per test.
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

export type Viewport = 'desktop' | 'phone';
export type Locale = 'en' | 'th';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

type ContextOptions = NonNullable<Parameters<Browser['newContext']>[0]>;
type ContextChoices = { serviceWorkers?: 'allow' | 'block'; motion?: 'reduce' | 'full' };

/**
 * A context's options: 1440×900 desktop, or a 390×844 iPhone (user agent, touch, mobile viewport). The app's
 * service worker is blocked unless asked for: a page it controls would load through it, out of reach of
 * the journeys' `page.route` failures; the install journey allows it and checks what it does. The system
 * asks for reduced motion unless told otherwise, so the app runs without antd's animations: a click then
 * never lands on a menu still sliding in, and a busy machine draws no frames nobody looks at. The
 * screenshots journey keeps the motion, so the animated app is covered too.
 */
export function contextOptions(
  baseURL: string,
  viewport: Viewport,
  locale: Locale = 'en',
  { serviceWorkers = 'block', motion = 'reduce' }: ContextChoices = {},
): ContextOptions {
  const common = {
    baseURL,
    locale: locale === 'th' ? 'th-TH' : 'en-US',
    timezoneId: 'Asia/Bangkok',
    serviceWorkers,
    reducedMotion: motion === 'reduce' ? 'reduce' : 'no-preference',
  } as const;
  if (viewport === 'desktop') return { ...common, viewport: { width: 1440, height: 900 } };
  return {
    ...common,
    viewport: { width: 390, height: 844 },
    userAgent: IPHONE_UA,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  };
}

/** A fresh context (see contextOptions). */
export function newContext(
  browser: Browser,
  baseURL: string,
  viewport: Viewport,
  locale: Locale = 'en',
  choices: ContextChoices = {},
): Promise<BrowserContext> {
  return browser.newContext(contextOptions(baseURL, viewport, locale, choices));
}

/**
 * A context with a profile on disk, closed with its browser: what an installed app needs (Chromium does
 * not install from an off-the-record context, which every `newContext` is).
 */
export function newProfileContext(
  userDataDir: string,
  baseURL: string,
  viewport: Viewport,
  locale: Locale = 'en',
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    ...contextOptions(baseURL, viewport, locale, { serviceWorkers: 'allow' }),
  });
}

// The browser itself logs failed requests (a wrong password's 401, a not-yet-built endpoint's 404):
// those are expected answers, not app errors.
const BROWSER_NETWORK_LOG =
  /^Failed to load resource: the server responded with a status of (401|403|404|409|400)/;

/** A page that records console errors and uncaught exceptions, for `expect(errors).toEqual([])`. */
export async function openPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !BROWSER_NETWORK_LOG.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return { page, errors };
}
