// User settings (/setting/user): the list with search and status filter; an
// invitation with every validation, mailed through the SMTP listener, its set-password link and the
// invitee's first sign-in; edits, deactivation and deletion after confirmations. In Thai.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Page } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession, type ApiSession } from '../support/api';
import { location, signInThroughApi, waitForMailLink } from '../support/app';
import { newContext, openPage } from '../support/browser';
import type { Locale } from '../support/browser';
import { DEMO_PASSWORD } from '../support/demo';
import { openSignedIn, useBrowser } from '../support/journey';
import { inviteActiveUser, roleId } from '../support/people';
import {
  confirmDialog,
  expectMessage,
  noticeShows,
  openFromMenu,
  searchList,
  snap,
  tableRow,
} from '../support/settings';
import { demoLineCustomer } from '../support/simulator';
import { text } from '../support/texts';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
const browser = useBrowser();

const inviteModal = (page: Page) => page.locator('.invite-modal');
const deleteDialog = (page: Page) => page.getByTestId('delete-user-dialog');

async function asAdmin<T>(act: (admin: ApiSession) => Promise<T>): Promise<T> {
  const admin = await apiSession(baseUrl, 'admin@demo.local', DEMO_PASSWORD);
  try {
    return await act(admin);
  } finally {
    await admin.dispose();
  }
}

/** An invited agent of the demo LINE channel's team, given a new customer's issue (through the API). */
async function agentWithOpenIssue(lang: Locale) {
  const customerName = `Khun Leaving ${lang} ${randomBytes(2).toString('hex')}`;
  const customer = await demoLineCustomer(
    inject('simulatorUrl'),
    baseUrl,
    `U${randomBytes(16).toString('hex')}`,
    customerName,
  );
  await customer.says('สวัสดีค่ะ');
  return asAdmin(async (admin) => {
    type Issues = { items: { id: number; contact: { displayName: string } }[] };
    let issueId: number | undefined;
    await expect
      .poll(async () => {
        const found = await admin.call<Issues>('GET', `/issues?search=${encodeURIComponent(customerName)}`);
        issueId = found.items.find((item) => item.contact.displayName === customerName)?.id;
        return issueId;
      })
      .toBeDefined();
    const issue = await admin.call<{ team: { id: string; name: string } }>('GET', `/issues/${issueId}`);
    const email = `leaving-${lang}-${randomBytes(3).toString('hex')}@example.com`;
    const lastName = `Leaving ${lang}`;
    // An active user (the password set from the mail), who may be deactivated.
    const userId = await inviteActiveUser(
      admin,
      {
        email,
        firstName: 'Dao',
        lastName,
        roleId: await roleId(admin, 'Staff'),
        teamIds: [issue.team.id],
        lang,
      },
      'Kluaybuat77',
    );
    await admin.call('PUT', `/issues/${issueId}/assignee`, { userId });
    return { id: userId, email, name: `Dao ${lastName}`, issueId: issueId!, teamName: issue.team.name };
  });
}

const lang = 'th' as Locale;
describe('user settings in th', () => {
  const t = (key: TranslationKey, values?: Record<string, string | number>) => text(lang, key, values);

  it('invites a user who sets a password from the mail and signs in, then edits, deactivates and deletes', async () => {
    const { context, page, errors } = await openSignedIn(browser(), 'admin@demo.local', lang);
    await openFromMenu(page, lang, 'nav.users', '/setting/user', 'users-page');
    await tableRow(page, 'staff2@demo.local').waitFor();
    await snap(page, `users-list-desktop-${lang}`);
    await page.getByTestId('user-search').fill('staff2');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await page.getByTestId('user-search').fill('');

    // The invitation's rules: email required and valid, a role, no duplicate.
    await page.getByTestId('invite-user').click();
    const modal = inviteModal(page);
    await modal.getByText(t('users.invite.title')).waitFor();
    await modal.getByRole('button', { name: t('users.invite.submit') }).click();
    await expectMessage(modal, t('users.invite.emailRequired'));
    await expectMessage(modal, t('users.invite.roleRequired'));
    await page.locator('#invite_email').fill('not-an-email');
    await expectMessage(modal, t('users.invite.emailInvalid'));
    await page.locator('#invite_email').fill('staff@demo.local');
    // An admin grants up to their own role: no Super admin among the choices.
    await page.locator('#invite_roleId').click();
    const roleChoices = page.locator('.ant-select-dropdown:has(#invite_roleId_list) .ant-select-item-option');
    await roleChoices.first().waitFor();
    expect(await roleChoices.allTextContents()).toEqual(
      expect.arrayContaining([t('roles.Admin'), t('roles.Manager'), t('roles.Staff')]),
    );
    expect(await roleChoices.allTextContents()).not.toContain(t('roles.SuperAdmin'));
    await roleChoices
      .filter({ hasText: t('roles.Staff') })
      .first()
      .click();
    await modal.getByRole('button', { name: t('users.invite.submit') }).click();
    await expectMessage(modal, t('errors.user.email_taken'));
    await snap(page, `users-invite-duplicate-desktop-${lang}`);

    const email = `invitee-${lang}-${Date.now()}@example.com`;
    await page.locator('#invite_email').fill(email);
    await page.locator('#invite_firstName').fill('Kanya');
    await page.locator('#invite_lastName').fill(`Invitee ${lang}`);
    const since = Date.now();
    await modal.getByRole('button', { name: t('users.invite.submit') }).click();
    await noticeShows(page, lang, 'users.invited');
    await tableRow(page, email).getByText(t('users.statuses.invited')).waitFor();

    // The mail's link lands on /login/set-new-password; the invitee sets a password and signs in.
    const link = await waitForMailLink(mailDir, email, '/login/set-new-password', since);
    const url = new URL(link);
    const inviteeContext = await newContext(browser(), baseUrl, 'desktop', lang);
    const invitee = await openPage(inviteeContext);
    await invitee.page.goto(`${url.pathname}${url.search}`);
    await invitee.page.getByLabel(t('resetPassword.newPassword'), { exact: true }).fill('Kluaybuat77');
    await invitee.page.getByLabel(t('resetPassword.confirmPassword')).fill('Kluaybuat77');
    await snap(invitee.page, `users-set-password-desktop-${lang}`);
    await invitee.page.getByRole('button', { name: t('setNewPassword.submit') }).click();
    await invitee.page.waitForURL((next) => next.pathname === '/login/password-created');
    await signInThroughApi(invitee.page, email, 'Kluaybuat77', lang);
    expect(location(invitee.page).pathname).toBe('/issue/inbox/');
    expect(invitee.errors).toEqual([]);
    await inviteeContext.close();

    // Now active: edit the username (its rule), then deactivate and delete, each confirmed.
    await page.reload();
    await tableRow(page, email).getByText(t('users.statuses.active')).waitFor();
    await tableRow(page, email)
      .getByRole('button', { name: t('list.edit'), exact: true })
      .click();
    const form = page.getByTestId('user-form');
    await form.waitFor();
    await page.locator('#user_username').fill('kanya invitee');
    await expectMessage(form, t('users.form.usernameInvalid'));
    await page.locator('#user_username').fill(`kanya_${lang}_${since % 100_000}`);
    await snap(page, `users-edit-desktop-${lang}`);
    await page.getByTestId('user-save').click();
    await noticeShows(page, lang, 'users.saved');

    await tableRow(page, email)
      .getByRole('button', { name: t('users.actions.deactivate'), exact: true })
      .click();
    await confirmDialog(
      page,
      t('users.deactivateConfirm.title', { name: `Kanya Invitee ${lang}` }),
      t('users.deactivateConfirm.ok'),
    );
    await noticeShows(page, lang, 'users.deactivated');
    await tableRow(page, email).getByText(t('users.statuses.inactive')).waitFor();

    // Deleting an inactive user with no open issues: the dialog only asks to confirm.
    await tableRow(page, email)
      .getByRole('button', { name: t('list.delete'), exact: true })
      .click();
    const dialog = deleteDialog(page);
    await dialog.getByText(t('users.deleteConfirm.text')).waitFor();
    expect(await dialog.getByTestId('deactivate-instead').count()).toBe(0);
    expect(await dialog.getByTestId('hand-over').count()).toBe(0);
    await snap(page, `users-delete-confirm-desktop-${lang}`);
    await page.getByTestId('confirm-delete-user').click();
    await noticeShows(page, lang, 'users.deleted');
    await tableRow(page, email).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  // Deleting an agent who holds open issues offers deactivation first, then asks who takes the
  // issues (another agent of their teams, or the team queue) before the account goes.
  it('offers deactivation first, then hands open issues to the team queue and deletes', async () => {
    const agent = await agentWithOpenIssue(lang);
    const { context, page, errors } = await openSignedIn(browser(), 'admin@demo.local', lang);
    await openFromMenu(page, lang, 'nav.users', '/setting/user', 'users-page');
    await searchList(page, 'user-search', agent.email);
    await tableRow(page, agent.email)
      .getByRole('button', { name: t('list.delete'), exact: true })
      .click();
    const dialog = deleteDialog(page);
    await page
      .locator('.settings-confirm .ant-modal-title', {
        hasText: t('users.deleteConfirm.title', { name: agent.name }),
      })
      .waitFor();
    await dialog.getByText(t('users.deleteDialog.deactivateTitle')).waitFor();
    await dialog
      .getByText(t('users.deleteDialog.openIssues', { count: 1, teams: `${agent.teamName}: 1` }))
      .waitFor();
    // The delete waits for a hand-over target.
    expect(await page.getByTestId('confirm-delete-user').isDisabled()).toBe(true);
    await snap(page, `users-delete-hand-over-desktop-${lang}`);
    await dialog.getByTestId('hand-over-target').click();
    await page.locator('.ant-select-item-option', { hasText: t('users.deleteDialog.teamQueue') }).click();
    await page.getByTestId('confirm-delete-user').click();
    await noticeShows(page, lang, 'users.deleted');
    await tableRow(page, agent.email).waitFor({ state: 'detached' });

    // The issue went back to its team's queue (or was assigned again from it), never to the deleted agent.
    const issue = await asAdmin((admin) =>
      admin.call<{ assignee: { id: string } | null }>('GET', `/issues/${agent.issueId}`),
    );
    expect(issue.assignee?.id).not.toBe(agent.id);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('deactivates from the delete dialog instead of deleting', async () => {
    const agent = await agentWithOpenIssue(lang);
    const { context, page, errors } = await openSignedIn(browser(), 'admin@demo.local', lang);
    await openFromMenu(page, lang, 'nav.users', '/setting/user', 'users-page');
    await searchList(page, 'user-search', agent.email);
    await tableRow(page, agent.email)
      .getByRole('button', { name: t('list.delete'), exact: true })
      .click();
    await deleteDialog(page).getByTestId('deactivate-instead').click();
    await noticeShows(page, lang, 'users.deactivated');
    await tableRow(page, agent.email).getByText(t('users.statuses.inactive')).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
