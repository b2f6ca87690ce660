// Each role lands where it should with exactly the menu it may see; wrong passwords; logout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Browser } from 'playwright-core';
import { drawerLabels, location, sideMenuLabels, signIn, storedKeys } from '../support/app';
import { launchBrowser, newContext, openPage } from '../support/browser';
import type { Viewport } from '../support/browser';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  EXPECTED_DRAWER,
  EXPECTED_MENU,
  ROLE_TEXT,
  landingPath,
} from '../support/demo';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe.each<Viewport>(['desktop', 'phone'])('signing in on %s', (viewport) => {
  it.each(DEMO_USERS)('$role lands on its page with the permitted menu', async ({ email, role }) => {
    const context = await newContext(browser, baseUrl, viewport);
    const { page, errors } = await openPage(context);
    await signIn(page, email, DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === landingPath(role, viewport));
    expect(location(page).search.get('lang')).toBe('en');

    if (viewport === 'desktop') {
      await expect.poll(() => page.getByTestId('user-display-name').innerText()).not.toBe('');
      expect(await page.getByTestId('user-role').innerText()).toBe(ROLE_TEXT[role].en);
      expect(await sideMenuLabels(page)).toEqual(EXPECTED_MENU[role].en);
    } else {
      expect(await drawerLabels(page)).toEqual(EXPECTED_DRAWER[role].en);
    }
    expect(await storedKeys(page)).toEqual(expect.arrayContaining(['token', 'accessToken', 'role', 'id']));
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('sign-in failures and sign-out', () => {
  it('shows the translated message for a wrong password, in both languages', async () => {
    const context = await newContext(browser, baseUrl, 'desktop');
    const { page, errors } = await openPage(context);
    for (const [lang, text] of [
      ['en', 'Invalid email address or password'],
      ['th', 'อีเมลหรือรหัสผ่านไม่ถูกต้อง'],
    ] as const) {
      await page.goto(`/login?lang=${lang}`);
      await page.locator('#login-email').fill('admin@demo.local');
      await page.locator('#login-password').fill('not-the-password1');
      await page.getByTestId('login-form').locator('button[type="submit"]').click();
      await expect.poll(() => page.getByTestId('form-alert').innerText()).toBe(text);
      expect(location(page).pathname).toBe('/login');
    }
    expect(await storedKeys(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks for both fields before calling the server', async () => {
    const context = await newContext(browser, baseUrl, 'desktop');
    const { page } = await openPage(context);
    await page.goto('/login?lang=en');
    await page.getByTestId('login-form').locator('button[type="submit"]').click();
    await page.getByText('Please enter your email address or username.').waitFor();
    await page.getByText('Please enter your password.').waitFor();
    await context.close();
  });

  // The header's actions filled in one by one after sign-in (name, organisation, availability),
  // moving the menus under a click. Every frame records where each action is; each must stay put.
  it.each<[Viewport, string]>([
    ['desktop', 'superadmin@demo.local'],
    ['phone', 'superadmin@demo.local'],
  ])('shows the header actions once, where they stay, on %s', async (viewport, email) => {
    const context = await newContext(browser, baseUrl, viewport);
    await context.addInitScript(() => {
      const seen: Record<string, string[]> = {};
      Object.assign(window, { headerPlaces: seen });
      const watch = () => {
        for (const action of document.querySelectorAll('.app-header__actions > *')) {
          const box = action.getBoundingClientRect();
          const name = action.getAttribute('data-testid') ?? action.className;
          const place = `${Math.round(box.x)},${Math.round(box.y)},${Math.round(box.width)}`;
          const places = (seen[name] ??= []);
          if (places.at(-1) !== place) places.push(place);
        }
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    const { page, errors } = await openPage(context);
    await signIn(page, email, DEMO_PASSWORD);
    await page.getByTestId('user-menu').waitFor();
    if (viewport === 'desktop')
      await expect.poll(() => page.getByTestId('availability-status').innerText()).toMatch(/Online|Offline/);
    await expect
      .poll(() => page.getByTestId('organization-switcher').getAttribute('class'))
      .not.toContain('ant-btn-loading');
    await page.waitForLoadState('networkidle');
    const places = await page.evaluate(() => (window as unknown as { headerPlaces: object }).headerPlaces);
    expect(Object.keys(places)).toEqual(
      expect.arrayContaining(['organization-switcher', 'language-switch', 'user-menu']),
    );
    for (const [name, seen] of Object.entries(places))
      expect({ name, seen }).toEqual({ name, seen: [seen[0]] });
    expect(errors).toEqual([]);
    await context.close();
  });

  // A press on a header menu item could scroll the page (content filling in, focus); a menu opened
  // in the page's body then moved with it, away from the pointer, and the press landed on the header.
  it.each<Viewport>(['desktop', 'phone'])(
    'keeps an open header menu under its trigger when the page scrolls on %s',
    async (viewport) => {
      const context = await newContext(browser, baseUrl, viewport);
      const { page, errors } = await openPage(context);
      await signIn(page, 'manager@demo.local', DEMO_PASSWORD);
      await page.getByTestId('user-menu').click();
      const item = page.getByRole('menuitem', { name: 'Profile' });
      await item.waitFor();
      await page.waitForTimeout(400); // the menu's opening animation
      const moved = await item.evaluate((element) => {
        // Room to scroll, whatever the page's height: the scroll and the measure happen in one frame, before
        // any re-alignment could run.
        document.body.style.paddingBottom = '2000px';
        const before = element.getBoundingClientRect().top;
        window.scrollBy(0, 61);
        return { scrolled: window.scrollY, shift: element.getBoundingClientRect().top - before };
      });
      expect(moved).toEqual({ scrolled: 61, shift: 0 });
      await item.click();
      const path = viewport === 'phone' ? '/mobile/profile/edit-profile' : '/profile/edit-profile';
      await page.waitForURL((url) => url.pathname === path);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each<Viewport>(['desktop', 'phone'])('signs out on %s: storage cleared, back to /', async (viewport) => {
    const context = await newContext(browser, baseUrl, viewport);
    const { page, errors } = await openPage(context);
    await signIn(page, 'manager@demo.local', DEMO_PASSWORD);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storedKeys(page)).toEqual([]);
    await page.locator('#login-email').waitFor();
    // The session is gone on the server too: the signed-in pages send the browser back to /.
    await page.goto('/dashboard?lang=en');
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a user away from a page their role may not open, with a notice', async () => {
    const context = await newContext(browser, baseUrl, 'desktop');
    const { page } = await openPage(context);
    await signIn(page, 'staff@demo.local', DEMO_PASSWORD);
    await page.goto('/dashboard?lang=en');
    await page.waitForURL((url) => url.pathname === '/issue/inbox/');
    await page.getByText('You do not have permission to open that page.').waitFor();
    await context.close();
  });
});
