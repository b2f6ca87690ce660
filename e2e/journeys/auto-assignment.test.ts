// Auto-assignment settings (/setting/auto-assignment: a team's issues go to its agents by hand or
// automatically, by round robin or least contact): a team switched to auto, its method changed, back to
// manual; what "available" means; who may open the screen; the retrieval failure. In English.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Locator, Page } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession } from '../support/api';
import type { ApiSession } from '../support/api';
import { sideMenuLabels } from '../support/app';
import type { Locale } from '../support/browser';
import { DEMO_PASSWORD } from '../support/demo';
import { openSignedIn, useBrowser } from '../support/journey';
import { choose, noticeShows, openFromMenu, searchList, snap, tableRow } from '../support/settings';
import { text } from '../support/texts';

const browser = useBrowser();

// A team of its own, with no waiting issues: switching it to auto hands nothing out, so the demo data
// the other journeys read stays as seeded.
const teams: Record<Locale, string> = {
  en: `Auto journey ${Date.now() % 100_000}`,
  th: `ทีมทดสอบอัตโนมัติ ${Date.now() % 100_000}`,
};
let admin: ApiSession;
const created: { id: string; memberIds: string[] }[] = [];

beforeAll(async () => {
  admin = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
  const people = await admin.call<{ id: string; email: string }[]>('GET', '/teams/member-options');
  const idOf = (email: string) => people.find((person) => person.email === email)?.id ?? '';
  const shift = { workStart: '09:00', workStop: '18:00', breakStart: '12:00', breakStop: '13:00' };
  for (const name of Object.values(teams)) {
    const memberIds = [idOf('staff2@demo.local')];
    const team = await admin.call<{ id: string }>('POST', '/teams', {
      name,
      managerUserId: idOf('manager@demo.local'),
      autoReplyMessage: 'We will reply soon. / ทีมงานจะตอบกลับโดยเร็ว',
      managerWorkingType: 'never',
      members: memberIds.map((userId) => ({ userId, ...shift, workingDays: [1, 2, 3, 4, 5] })),
    });
    created.push({ id: team.id, memberIds });
  }
});

afterAll(async () => {
  for (const team of created) {
    for (const userId of team.memberIds) await admin.call('DELETE', `/teams/${team.id}/members/${userId}`);
    await admin.call('DELETE', `/teams/${team.id}`);
  }
  await admin?.dispose();
});

/** The method select of a row (its input's id carries the team id). */
async function methodId(row: Locator): Promise<string> {
  return (await row.locator('input[id^="method_"]').getAttribute('id')) ?? '';
}

const checkedMode = (row: Locator) => row.locator('.ant-radio-button-wrapper-checked').innerText();

async function openScreen(page: Page, lang: Locale): Promise<void> {
  await openFromMenu(page, lang, 'nav.autoAssignment', '/setting/auto-assignment', 'auto-assignment-page');
  await tableRow(page, 'Customer Care').waitFor();
}

const lang = 'en' as Locale;
describe('auto assignment in en', () => {
  const t = (key: TranslationKey, values?: Record<string, string | number>) => text(lang, key, values);

  it('switches a team to auto with round robin, tries least contact, and back to manual', async () => {
    const { context, page, errors } = await openSignedIn(browser(), 'admin@demo.local', lang);
    await openScreen(page, lang);
    // What "available" means is said on the screen.
    await page.getByTestId('available-help').getByText(t('autoAssignment.availableText')).waitFor();
    await searchList(page, 'auto-assignment-search', teams[lang]);
    const row = tableRow(page, teams[lang]);
    expect(await checkedMode(row)).toBe(t('autoAssignment.modes.manual'));
    // Manual: the method waits for auto.
    expect(await row.locator('.ant-select-disabled').count()).toBe(1);
    await snap(page, `auto-assignment-list-desktop-${lang}`);

    await row.getByText(t('autoAssignment.modes.auto'), { exact: true }).click();
    await noticeShows(page, lang, 'autoAssignment.saved');
    await expect.poll(() => checkedMode(row)).toBe(t('autoAssignment.modes.auto'));
    await expect.poll(() => row.locator('.ant-select-disabled').count()).toBe(0);

    const id = await methodId(row);
    await choose(page, id, t('autoAssignment.methods.least_contact'));
    await noticeShows(page, lang, 'autoAssignment.saved');
    await expect.poll(() => row.innerText()).toContain(t('autoAssignment.methods.least_contact'));
    await choose(page, id, t('autoAssignment.methods.round_robin'));
    await expect.poll(() => row.innerText()).toContain(t('autoAssignment.methods.round_robin'));
    // Saved: the row's controls take changes again.
    await row.locator('.ant-radio-button-wrapper-disabled').first().waitFor({ state: 'detached' });
    await snap(page, `auto-assignment-round-robin-desktop-${lang}`);

    // Saved on the server: a reload shows auto with round robin.
    await page.reload();
    await searchList(page, 'auto-assignment-search', teams[lang]);
    await expect.poll(() => checkedMode(tableRow(page, teams[lang]))).toBe(t('autoAssignment.modes.auto'));
    expect(await tableRow(page, teams[lang]).innerText()).toContain(t('autoAssignment.methods.round_robin'));

    // Back to manual.
    await tableRow(page, teams[lang]).getByText(t('autoAssignment.modes.manual'), { exact: true }).click();
    await noticeShows(page, lang, 'autoAssignment.saved');
    await expect.poll(() => checkedMode(tableRow(page, teams[lang]))).toBe(t('autoAssignment.modes.manual'));
    expect(await tableRow(page, teams[lang]).locator('.ant-select-disabled').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('who may open auto-assignment settings', () => {
  it('shows a manager their own team only', async () => {
    const { context, page, errors } = await openSignedIn(browser(), 'manager@demo.local');
    expect(await sideMenuLabels(page)).toContain('Auto assignment');
    await openScreen(page, 'en');
    // The journey teams are managed by the manager too, so they are listed; another organisation's are not.
    expect(await tableRow(page, 'Second Shop Support').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hides the menu entry from staff and sends the URL back to their landing page', async () => {
    const { context, page } = await openSignedIn(browser(), 'staff@demo.local');
    expect(await sideMenuLabels(page)).not.toContain('Auto assignment');
    await page.goto('/setting/auto-assignment?lang=en');
    await page.waitForURL((url) => url.pathname === '/issue/inbox/' || url.pathname === '/issue/inbox');
    expect(await page.getByTestId('auto-assignment-page').count()).toBe(0);
    await context.close();
  });
});
