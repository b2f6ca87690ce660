// Screenshots of each public page, the desktop shell and the mobile drawer in both languages, saved
// under e2e/artifacts/ for review; each also checks that nothing spills past a 390 px screen.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { screenshot, signIn } from '../support/app';
import { launchBrowser, newContext, openPage } from '../support/browser';
import type { Locale, Viewport } from '../support/browser';
import { DEMO_PASSWORD } from '../support/demo';
import { text } from '../support/texts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const PUBLIC_PAGES = [
  ['login', '/login'],
  ['forget-password', '/login/forget-password'],
  ['reset-password', '/login/reset-password?token=example'],
  ['set-new-password', '/login/set-new-password?token=example'],
  ['password-created', '/login/password-created'],
  ['policy', '/policy'],
] as const;

const cases: Array<[Viewport, Locale]> = [
  ['desktop', 'en'],
  ['desktop', 'th'],
  ['phone', 'en'],
  ['phone', 'th'],
];

/** Nothing may be wider than the viewport (no sideways scrolling on a phone). */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Whether Thai text is drawn with a real Thai font (not boxes). */
function hasThaiFont(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.fonts.check('16px Loma', 'ภาษาไทย') || document.fonts.check('16px Garuda', 'ภาษาไทย'),
  );
}

describe.each(cases)('screenshots on %s in %s', (viewport, lang) => {
  it('public pages', async () => {
    const context = await newContext(browser, baseUrl, viewport, lang, { motion: 'full' });
    const { page, errors } = await openPage(context);
    for (const [name, path] of PUBLIC_PAGES) {
      await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
      await page.locator('.public-page__title').waitFor();
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, `public-${name}-${viewport}-${lang}`);
      expect(await horizontalOverflow(page), name).toBeLessThanOrEqual(0);
    }
    if (lang === 'th') expect(await hasThaiFont(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signed-in shell', async () => {
    const context = await newContext(browser, baseUrl, viewport, lang, { motion: 'full' });
    const { page, errors } = await openPage(context);
    await signIn(page, 'superadmin@demo.local', DEMO_PASSWORD, lang);
    await page.getByTestId('overall-card').locator('.figure-tile').first().waitFor();
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, `shell-dashboard-${viewport}-${lang}`);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    if (viewport === 'phone') {
      await page.getByTestId('menu-button').click();
      await page.getByTestId('drawer-menu').waitFor();
      await page.waitForTimeout(400);
      await screenshot(page, `shell-drawer-${viewport}-${lang}`);
      await page.getByTestId('drawer-menu').locator('li[role="menuitem"]').first().click();
      await page.getByTestId('drawer-menu').waitFor({ state: 'hidden' });
    }
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: text(lang, 'header.profile') }).click();
    await page.getByTestId('notification-settings').waitFor();
    await screenshot(page, `shell-profile-${viewport}-${lang}`);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await signInAsStaffScreenshot(viewport, lang);
    expect(errors).toEqual([]);
    await context.close();
  });
});

async function signInAsStaffScreenshot(viewport: Viewport, lang: Locale): Promise<void> {
  const context = await newContext(browser, baseUrl, viewport, lang, { motion: 'full' });
  const { page } = await openPage(context);
  await signIn(page, 'staff@demo.local', DEMO_PASSWORD, lang);
  // Staff land on the inbox (spec §2), the list on phones.
  await page.getByTestId(viewport === 'phone' ? 'mobile-inbox-page' : 'inbox-page').waitFor();
  await screenshot(page, `shell-staff-landing-${viewport}-${lang}`);
  await context.close();
}
