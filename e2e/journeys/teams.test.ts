// Team settings (/setting/team): the list; a team with its manager,
// auto-reply and members' shifts, with every validation including 'The working start time must begin
// before the stop time.'; deleting refused while it has members; removing a member and deleting, each
// after a confirmation. In English.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import type { Locale } from '../support/browser';
import { openSignedIn, useBrowser } from '../support/journey';
import {
  choose,
  confirmDialog,
  deleteRow,
  expectMessage,
  noticeShows,
  openFromMenu,
  snap,
  tableRow,
} from '../support/settings';
import { text } from '../support/texts';

const browser = useBrowser();

/** Types a time into an antd time picker and commits it. */
async function typeTime(input: Locator, value: string): Promise<void> {
  await input.click();
  await input.fill(value);
  // Tab, not Enter: Enter in a form field submits the form.
  await input.press('Tab');
}

const form = (page: Page) => page.getByTestId('team-form');

const lang = 'en' as Locale;
describe('team settings in en', () => {
  const t = (key: TranslationKey, values?: Record<string, string | number>) => text(lang, key, values);

  it('creates a team with members and shifts after every validation, then removes and deletes', async () => {
    const { context, page, errors } = await openSignedIn(browser(), 'admin@demo.local', lang);
    await openFromMenu(page, lang, 'nav.teams', '/setting/team', 'teams-page');
    await tableRow(page, 'Customer Care').waitFor();
    await snap(page, `teams-list-desktop-${lang}`);
    await page.getByTestId('team-search').fill('no such team');
    await page.getByText(t('list.noMatch')).waitFor();
    await page.getByTestId('team-search').fill('');
    await tableRow(page, 'Customer Care').waitFor();

    // Every required field, and at least one member.
    await page.getByTestId('add-team').click();
    await form(page).waitFor();
    await page.getByTestId('team-save').click();
    for (const key of [
      'teams.form.nameRequired',
      'teams.form.managerRequired',
      'teams.form.autoReplyRequired',
      'errors.team.member_required',
    ] as const) {
      await expectMessage(form(page), t(key));
    }
    await snap(page, `teams-validation-desktop-${lang}`);

    const name = `Night shift ${lang} ${Date.now() % 100_000}`;
    await page.locator('#team_name').fill(name);
    await choose(page, 'team_managerUserId', 'manager@demo.local');
    await page.locator('#team_autoReplyMessage').fill('ขอบคุณค่ะ ทีมงานจะติดต่อกลับโดยเร็ว / We will reply soon.');
    await choose(page, 'team_addMember', 'staff2@demo.local');
    await page.getByTestId('member-row').first().waitFor();

    // The start-before-stop rule, on the member's shift.
    // Each problem shows on the one time that is wrong, never on every time field.
    const faulted = () => page.getByTestId('member-row').first().locator('.ant-form-item-has-error');
    await typeTime(page.locator('#team_members_0_workStart'), '19:00');
    await expectMessage(form(page), t('errors.team.work_start_after_stop'));
    await expect.poll(() => faulted().count()).toBe(1);
    expect(await faulted().locator('#team_members_0_workStart').count()).toBe(1);
    await snap(page, `teams-shift-error-desktop-${lang}`);
    await typeTime(page.locator('#team_members_0_workStart'), '08:00');
    await expect.poll(() => form(page).getByText(t('errors.team.work_start_after_stop')).count()).toBe(0);
    // A break running past the end of work: its stop is what is wrong.
    await typeTime(page.locator('#team_members_0_breakStop'), '18:30');
    await expectMessage(form(page), t('teams.form.breakStopInvalid'));
    await expect.poll(() => faulted().count()).toBe(1);
    expect(await faulted().locator('#team_members_0_breakStop').count()).toBe(1);
    await typeTime(page.locator('#team_members_0_breakStop'), '13:00');
    await expect.poll(() => faulted().count()).toBe(0);
    await page.getByTestId('team-save').click();
    await noticeShows(page, lang, 'teams.created');
    await page.getByTestId('team-search').fill(name);
    await tableRow(page, name).waitFor();
    await expect.poll(() => tableRow(page, name).innerText()).toContain('1');

    // The shift was saved as typed.
    await tableRow(page, name)
      .getByRole('button', { name: t('list.edit'), exact: true })
      .click();
    await page.locator('.team-drawer').getByText(t('teams.form.editTitle', { name })).waitFor();
    await expect.poll(() => page.locator('#team_members_0_workStart').inputValue()).toBe('08:00');
    await snap(page, `teams-form-desktop-${lang}`);
    await form(page)
      .getByRole('button', { name: t('common.cancel') })
      .click();
    await page.locator('.team-drawer').waitFor({ state: 'hidden' });

    // A team with members cannot be deleted.
    await tableRow(page, name)
      .getByRole('button', { name: t('list.delete'), exact: true })
      .click();
    await confirmDialog(page, t('teams.deleteConfirm.title', { name }), t('teams.deleteConfirm.ok'));
    await noticeShows(page, lang, 'errors.team.has_members');

    // Remove the member (confirmed), then delete the team (confirmed).
    await tableRow(page, name)
      .getByRole('button', { name: t('list.edit'), exact: true })
      .click();
    await page.getByTestId('member-row').first().waitFor();
    await page
      .getByTestId('member-row')
      .first()
      .getByRole('button', { name: t('teams.form.removeMember') })
      .click();
    await confirmDialog(
      page,
      t('teams.removeMemberConfirm.title', { name: 'staff2' }).split('staff2')[0] ?? '',
      t('teams.removeMemberConfirm.ok'),
      `teams-remove-member-confirm-desktop-${lang}`,
    );
    await noticeShows(page, lang, 'teams.memberRemoved');
    await expect.poll(() => page.getByTestId('member-row').count()).toBe(0);
    await form(page)
      .getByRole('button', { name: t('common.cancel') })
      .click();
    await page.locator('.team-drawer').waitFor({ state: 'hidden' });
    await deleteRow(page, lang, name, {
      title: t('teams.deleteConfirm.title', { name }),
      ok: t('teams.deleteConfirm.ok'),
      notice: 'teams.deleted',
      snapName: `teams-delete-confirm-desktop-${lang}`,
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('team settings for a manager (scope myTeam)', () => {
  it('lists their team without the add button', async () => {
    const { context, page, errors } = await openSignedIn(browser(), 'manager@demo.local');
    await openFromMenu(page, 'en', 'nav.teams', '/setting/team', 'teams-page');
    await tableRow(page, 'Customer Care').waitFor();
    expect(await page.getByTestId('add-team').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
