// The lang parameter on every navigation, the language switch keeps the query, device routing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Browser } from 'playwright-core';
import { location, sideMenuLabels, signInThroughApi } from '../support/app';
import { launchBrowser, newContext, openPage } from '../support/browser';
import { DEMO_PASSWORD, EXPECTED_MENU } from '../support/demo';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('lang parameter', () => {
  it('adds lang=en when missing and keeps the rest of the query', async () => {
    const context = await newContext(browser, baseUrl, 'desktop');
    const { page, errors } = await openPage(context);
    await page.goto('/login/forget-password?from=mail');
    await page.waitForURL((url) => url.searchParams.get('lang') === 'en');
    expect(location(page).search.get('from')).toBe('mail');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches to Thai on a public page, keeping the query string', async () => {
    const context = await newContext(browser, baseUrl, 'phone', 'th');
    const { page, errors } = await openPage(context);
    await page.goto('/login?campaign=a&lang=en');
    await page.getByTestId('language-th').click();
    await page.waitForURL((url) => url.searchParams.get('lang') === 'th');
    expect(location(page).search.get('campaign')).toBe('a');
    await page.getByRole('heading', { name: 'เข้าสู่ระบบ' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('th');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches the signed-in shell to Thai and back, keeping the query string', async () => {
    const context = await newContext(browser, baseUrl, 'desktop');
    const { page, errors } = await openPage(context);
    await signInThroughApi(page, 'admin@demo.local', DEMO_PASSWORD);
    await page.goto('/dashboard?tab=summary&lang=en');
    await page.getByTestId('language-th').click();
    await page.waitForURL((url) => url.searchParams.get('lang') === 'th');
    expect(location(page).search.get('tab')).toBe('summary');
    expect(await sideMenuLabels(page)).toEqual(EXPECTED_MENU.Admin.th);
    await page.getByRole('heading', { name: 'แดชบอร์ด', level: 1 }).waitFor();
    // Navigation inside the app carries the language.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'โปรไฟล์' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/profile/edit-profile' && url.searchParams.get('lang') === 'th',
    );
    await page.getByTestId('language-en').click();
    await page.waitForURL((url) => url.searchParams.get('lang') === 'en');
    await page.getByRole('heading', { name: 'Edit profile', level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('device routing', () => {
  it('sends a phone to the mobile layout and a desktop away from it', async () => {
    const phone = await newContext(browser, baseUrl, 'phone');
    const { page: phonePage } = await openPage(phone);
    await phonePage.goto('/login/forget-password?lang=th');
    await phonePage.waitForURL((url) => url.pathname === '/mobile/login/forget-password');
    expect(location(phonePage).search.get('lang')).toBe('th');
    await phonePage.goto('/policy');
    await phonePage.waitForURL(
      (url) => url.pathname === '/mobile/policy' && url.searchParams.get('lang') === 'en',
    );
    // The root page is exempt.
    await phonePage.goto('/?lang=en');
    expect(location(phonePage).pathname).toBe('/');
    // The kanban has no phone page: a phone gets the inbox list, its filters kept.
    await signInThroughApi(phonePage, 'manager@demo.local', DEMO_PASSWORD);
    await phonePage.goto('/issue/kanban?search=Ploy&lang=th');
    await phonePage.waitForURL((url) => url.pathname === '/mobile/issue/inbox');
    expect(location(phonePage).search.get('search')).toBe('Ploy');
    await phonePage.getByTestId('issue-list').waitFor();
    await phone.close();

    const desktop = await newContext(browser, baseUrl, 'desktop');
    const { page } = await openPage(desktop);
    await page.goto('/mobile/login?lang=en');
    await page.waitForURL((url) => url.pathname === '/login');
    await signInThroughApi(page, 'manager@demo.local', DEMO_PASSWORD);
    await page.goto('/mobile/issue/chat?issueId=3&lang=en');
    await page.waitForURL(
      (url) => url.pathname === '/issue/inbox' && url.searchParams.get('issueId') === '3',
    );
    await desktop.close();
  });
});
