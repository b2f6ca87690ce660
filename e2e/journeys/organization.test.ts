// Spec §6: a super admin lists the organisations and switches the current one (the page reloads).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signIn } from '../support/app';
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

async function organisationShown(page: Page): Promise<string> {
  const row = page.getByTestId('dashboard-page').locator('.ant-descriptions-row').first();
  await row.waitFor();
  return (await row.locator('.ant-descriptions-item-content').innerText()).trim();
}

/** GET /issues/status-counts' total for the signed-in user's current organisation. */
async function issuesInScope(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const response = await fetch('/api/v1/issues/status-counts', {
      headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` },
    });
    if (!response.ok) throw new Error(`GET /issues/status-counts answered ${response.status}`);
    return ((await response.json()) as { total: number }).total;
  });
}

/** Picks an organisation; resolves once the page has reloaded in it. */
async function chooseOrganisation(page: Page, name: string): Promise<void> {
  const switcher = page.getByTestId('organization-switcher');
  await switcher.waitFor();
  await expect.poll(() => switcher.getAttribute('class')).not.toContain('ant-btn-loading');
  const reloaded = page.waitForEvent('load', { timeout: 10_000 });
  await switcher.click();
  await page.getByRole('menuitem', { name }).click();
  await reloaded;
}

describe('organisation switcher', () => {
  it('switches a super admin between organisations and back', async () => {
    const context = await newContext(browser, baseUrl, 'desktop');
    const { page, errors } = await openPage(context);
    await signIn(page, 'superadmin@demo.local', DEMO_PASSWORD);
    expect(await organisationShown(page)).toBe('Sabai Demo');
    const tokenBefore = await page.evaluate(() => localStorage.getItem('token'));

    // The dashboard summary counts the issues of the current organisation only. Other journeys
    // add issues to the demo organisation, so its total is read from the API, not hard-coded.
    const summary = page.getByTestId('status-summary');
    const demoTotal = await issuesInScope(page);
    expect(demoTotal).toBeGreaterThanOrEqual(11);
    await expect
      .poll(async () => (await summary.locator('.ant-card-head-title').innerText()).trim())
      .toBe(`Issues by status (${demoTotal})`);

    await chooseOrganisation(page, 'Second Shop');
    await expect.poll(() => organisationShown(page)).toBe('Second Shop');
    await expect
      .poll(async () => (await summary.locator('.ant-card-head-title').innerText()).trim())
      .toBe('Issues by status (1)');
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBe(tokenBefore);

    await chooseOrganisation(page, 'Sabai Demo');
    await expect.poll(() => organisationShown(page)).toBe('Sabai Demo');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works from the phone header too', async () => {
    const context = await newContext(browser, baseUrl, 'phone');
    const { page } = await openPage(context);
    await signIn(page, 'superadmin@demo.local', DEMO_PASSWORD);
    await chooseOrganisation(page, 'Second Shop');
    await expect.poll(() => organisationShown(page)).toBe('Second Shop');
    await context.close();
  });

  it('is not offered to an admin', async () => {
    const context = await newContext(browser, baseUrl, 'desktop');
    const { page } = await openPage(context);
    await signIn(page, 'admin@demo.local', DEMO_PASSWORD);
    await page.getByTestId('dashboard-welcome').waitFor();
    expect(await page.getByTestId('organization-switcher').count()).toBe(0);
    await context.close();
  });
});
