// A super admin lists the organisations and switches the current one (the page reloads).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
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

/** The current organisation, as the header's switcher names it. */
async function organisationShown(page: Page): Promise<string | null> {
  return page.getByTestId('organization-switcher').getAttribute('title');
}

/** The total of the dashboard's own "issues by status" request (the chosen period's issues in scope). */
function statusTotalAnswered(page: Page): Promise<number> {
  return page
    .waitForResponse((r) => r.url().includes('/api/v1/issues/status-counts?') && r.ok())
    .then(async (r) => {
      expect(new URL(r.url()).searchParams.get('startDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      return ((await r.json()) as { total: number }).total;
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
    // Nothing the header asks for answers 404 in an organisation the super admin is not a member of.
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404 && response.url().includes('/api/')) missing.push(response.url());
    });
    // The dashboard summary counts the chosen period's issues of the current organisation only. Other
    // journeys add issues to the demo organisation, so its total is the server's answer, not hard-coded.
    const demoCounted = statusTotalAnswered(page);
    await signIn(page, 'superadmin@demo.local', DEMO_PASSWORD);
    await expect.poll(() => organisationShown(page)).toBe('Sabai Demo');
    const tokenBefore = await page.evaluate(() => localStorage.getItem('token'));
    const summary = page.getByTestId('status-summary');
    const demoTotal = await demoCounted;
    expect(demoTotal).toBeGreaterThanOrEqual(1);
    await expect
      .poll(async () => (await summary.locator('.ant-card-head-title').innerText()).trim())
      .toBe(`Issues by status (${demoTotal})`);

    await chooseOrganisation(page, 'Second Shop');
    await expect.poll(() => organisationShown(page)).toBe('Second Shop');
    await expect
      .poll(async () => (await summary.locator('.ant-card-head-title').innerText()).trim())
      .toBe('Issues by status (1)');
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBe(tokenBefore);
    // Not an agent of Second Shop: no online switch there.
    await expect.poll(() => page.getByTestId('availability-switch').count()).toBe(0);

    await chooseOrganisation(page, 'Sabai Demo');
    await expect.poll(() => organisationShown(page)).toBe('Sabai Demo');
    expect(missing).toEqual([]);
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
    await page.getByTestId('figure-issues').waitFor();
    expect(await page.getByTestId('organization-switcher').count()).toBe(0);
    await context.close();
  });
});
