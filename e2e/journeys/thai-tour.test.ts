// Every screen of the product in Thai, on a 1440×900 desktop and on a 390×844 iPhone for the screens that
// have a phone route: a picture of each under e2e/artifacts/ (tour-<screen>-<desktop|phone>-th.png) and an
// axe check. The signed-in screens are opened the way a user does, from the side menu and the phone drawer,
// as the admin (who sees every screen); the organisation switcher as the super admin. The app keeps its
// animations here (the other journeys ask for reduced motion), so the animated app is covered too. Nothing
// may be wider than a phone's screen, and Thai must be drawn with a Thai font.
import { describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { BrowserContext, Page } from 'playwright-core';
import { drawerLabels, location, screenshot, sideMenuLabels, signInThroughApi } from '../support/app';
import { newContext, openPage } from '../support/browser';
import type { Viewport } from '../support/browser';
import { DEMO_PASSWORD, EXPECTED_DRAWER, EXPECTED_MENU } from '../support/demo';
import { useBrowser } from '../support/journey';
import { text } from '../support/texts';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const lang = 'th';

const PUBLIC_PAGES = [
  ['login', '/login'],
  ['forget-password', '/login/forget-password'],
  ['reset-password', '/login/reset-password?token=example'],
  ['set-new-password', '/login/set-new-password?token=example'],
  ['password-created', '/login/password-created'],
  ['policy', '/policy'],
] as const;

/** Each signed-in screen's path (without /mobile) → its name in the pictures and the test id of its page. */
const SCREENS: Record<string, { name: string; testId: string }> = {
  '/dashboard': { name: 'dashboard', testId: 'dashboard-page' },
  '/issue/inbox': { name: 'inbox', testId: 'inbox-page' },
  '/issue/kanban': { name: 'kanban', testId: 'kanban-page' },
  '/contacts': { name: 'contacts', testId: 'contacts-page' },
  '/report/channel-performance': { name: 'channel-performance', testId: 'channel-performance-page' },
  '/report/team-performance': { name: 'team-performance', testId: 'team-performance-page' },
  '/report/agent-performance': { name: 'agent-performance', testId: 'agent-performance-page' },
  '/report/csat': { name: 'csat', testId: 'csat-page' },
  '/setting/team': { name: 'teams', testId: 'teams-page' },
  '/setting/user': { name: 'users', testId: 'users-page' },
  '/setting/channel': { name: 'channels', testId: 'channels-page' },
  '/setting/auto-assignment': { name: 'auto-assignment', testId: 'auto-assignment-page' },
  '/setting/canned-response': { name: 'canned-responses', testId: 'canned-page' },
  '/setting/tag': { name: 'tags', testId: 'tags-page' },
  '/setting/sla': { name: 'sla', testId: 'sla-page' },
  '/setting/automation': { name: 'automation', testId: 'automation-page' },
  '/setting/audit-log': { name: 'audit-log', testId: 'audit-log-page' },
  '/setting/api-tokens': { name: 'api-tokens', testId: 'api-tokens-page' },
  '/setting/webhooks': { name: 'webhooks', testId: 'webhooks-page' },
  '/setting/knowledge-base': { name: 'knowledge-base', testId: 'kb-page' },
  '/setting/ai': { name: 'ai-assist', testId: 'ai-assist-page' },
};

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

/** Waits until the screen's page shows and has its data: no skeleton or spinner left, fonts in. */
async function screenReady(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).waitFor();
  await expect.poll(() => page.locator('.ant-skeleton, .ant-spin-spinning').count()).toBe(0);
  await page.evaluate(() => document.fonts.ready);
}

/** A picture and an axe check of the screen, which must fit the phone's width. */
async function visit(page: Page, name: string, viewport: Viewport): Promise<void> {
  await screenshot(page, `tour-${name}-${viewport}-${lang}`);
  if (viewport === 'phone') expect(await horizontalOverflow(page), name).toBeLessThanOrEqual(0);
}

/** A context with the app's animations, signed in over HTTP as a demo user, in Thai. */
async function signedIn(
  email: string,
  viewport: Viewport,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser(), baseUrl, viewport, lang, { motion: 'full' });
  const { page, errors } = await openPage(context);
  await signInThroughApi(page, email, DEMO_PASSWORD, lang);
  return { context, page, errors };
}

/** A screen the phone drawer opens: the inbox, or one the tour has an entry for. */
function isDrawerScreen(pathname: string): boolean {
  const path = pathname.replace(/^\/mobile/, '').replace(/\/$/, '');
  return SCREENS[path] !== undefined;
}

/** The screen the page shows now, by its path without /mobile. */
function screenShown(page: Page): { name: string; testId: string } {
  const path = location(page)
    .pathname.replace(/^\/mobile/, '')
    .replace(/\/$/, '');
  const screen = SCREENS[path];
  if (!screen) throw new Error(`The tour has no entry for ${path}`);
  return screen;
}

describe('a tour of every screen in Thai', () => {
  it.each<Viewport>(['desktop', 'phone'])('shows each public page on a %s', async (viewport) => {
    const context = await newContext(browser(), baseUrl, viewport, lang, { motion: 'full' });
    const { page, errors } = await openPage(context);
    for (const [name, path] of PUBLIC_PAGES) {
      await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
      await page.locator('.public-page__title').waitFor();
      await page.evaluate(() => document.fonts.ready);
      await visit(page, `public-${name}`, viewport);
    }
    expect(await hasThaiFont(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens every screen of the desktop side menu as the admin, then the profile and a missing page', async () => {
    const { context, page, errors } = await signedIn('admin@demo.local', 'desktop');
    const labels = await sideMenuLabels(page);
    expect(labels).toEqual(EXPECTED_MENU.Admin.th);
    for (const label of labels) {
      const before = page.url();
      await page.getByTestId('side-menu').getByText(label, { exact: true }).click();
      if (label !== labels[0]) await page.waitForURL((url) => url.href !== before);
      const screen = screenShown(page);
      await screenReady(page, screen.testId);
      await visit(page, screen.name, 'desktop');
      if (screen.name === 'inbox') {
        // The inbox with an issue open: its chat, the composer and the details.
        await page.getByTestId('issue-list').getByTestId('issue-card').first().click();
        await page.locator('[data-testid="chat-pane"][data-issue-id]').waitFor();
        await screenReady(page, 'inbox-page');
        await visit(page, 'inbox-chat', 'desktop');
      }
    }
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: text(lang, 'header.profile') }).click();
    await screenReady(page, 'edit-profile-page');
    await visit(page, 'profile', 'desktop');
    await page.goto(`/no-such-screen?lang=${lang}`);
    await page.getByTestId('not-found').waitFor();
    await visit(page, 'not-found', 'desktop');
    expect(await hasThaiFont(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens every screen of the phone drawer as the admin, an issue’s chat, the contacts and the profile', async () => {
    const { context, page, errors } = await signedIn('admin@demo.local', 'phone');
    const labels = await drawerLabels(page);
    expect(labels).toEqual(EXPECTED_DRAWER.Admin.th);
    await page.getByTestId('drawer-menu').waitFor();
    await visit(page, 'drawer', 'phone');
    for (const label of labels) {
      if (label !== labels[0]) {
        await page.getByTestId('menu-button').click();
        await page.getByTestId('drawer-menu').waitFor();
      }
      const before = page.url();
      await page.getByTestId('drawer-menu').getByText(label, { exact: true }).click();
      await page.getByTestId('drawer-menu').waitFor({ state: 'hidden' });
      // The drawer's screens load on demand: the address changes once the screen's code has loaded.
      await page.waitForURL(
        (url) => (label === labels[0] || url.href !== before) && isDrawerScreen(url.pathname),
      );
      if (location(page).pathname.startsWith('/mobile/issue/inbox')) {
        await screenReady(page, 'mobile-inbox-page');
        await visit(page, 'inbox', 'phone');
        await page.getByTestId('issue-list').getByTestId('issue-card').first().click();
        await screenReady(page, 'mobile-chat-page');
        await visit(page, 'chat', 'phone');
        await page.goBack();
        await screenReady(page, 'mobile-inbox-page');
        continue;
      }
      const screen = screenShown(page);
      await screenReady(page, screen.testId);
      await visit(page, screen.name, 'phone');
    }
    // Not in the drawer, but a phone opening them gets the same screens.
    await page.goto(`/contacts?lang=${lang}`);
    await page.waitForURL((url) => url.pathname === '/mobile/contacts');
    await screenReady(page, 'contacts-page');
    await visit(page, 'contacts', 'phone');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: text(lang, 'header.profile') }).click();
    await screenReady(page, 'edit-profile-page');
    await visit(page, 'profile', 'phone');
    await page.goto(`/mobile/no-such-screen?lang=${lang}`);
    await page.getByTestId('not-found').waitFor();
    await visit(page, 'not-found', 'phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each<Viewport>(['desktop', 'phone'])(
    'shows the super admin the organisation switcher on a %s',
    async (viewport) => {
      const { context, page, errors } = await signedIn('superadmin@demo.local', viewport);
      await screenReady(page, 'dashboard-page');
      const switcher = page.getByTestId('organization-switcher');
      await expect.poll(() => switcher.getAttribute('class')).not.toContain('ant-btn-loading');
      await switcher.click();
      await page.getByRole('menuitem', { name: 'Second Shop' }).waitFor();
      await visit(page, 'organization-switcher', viewport);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each<Viewport>(['desktop', 'phone'])(
    'shows a staff member the inbox they land on, on a %s',
    async (viewport) => {
      const { context, page, errors } = await signedIn('staff@demo.local', viewport);
      await screenReady(page, viewport === 'phone' ? 'mobile-inbox-page' : 'inbox-page');
      await visit(page, 'staff-inbox', viewport);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
