// Roles and permissions (on /setting/user): each role's matrix of areas × actions → scope; Super
// admin and Admin are fixed; an Admin changes a Staff scope, saves it, sees it kept, and restores it. The
// server's refusal is shown translated, on the refused cell. In Thai.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Page } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession } from '../support/api';
import type { ApiSession } from '../support/api';
import type { Locale } from '../support/browser';
import { DEMO_PASSWORD } from '../support/demo';
import { openSignedIn, useBrowser } from '../support/journey';
import { choose, noticeShows, openFromMenu, snap } from '../support/settings';
import { text } from '../support/texts';

const browser = useBrowser();

type Role = { id: string; name: string; permissions: Record<string, Record<string, string>> };
let admin: ApiSession;
let staffRole: Role;

beforeAll(async () => {
  admin = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
  const roles = await admin.call<Role[]>('GET', '/roles');
  staffRole = roles.find((role) => role.name === 'Staff')!;
});

// Whatever a failed journey left, the Staff role goes back to what it was.
afterAll(async () => {
  await admin.call('PUT', `/roles/${staffRole.id}`, { permissions: staffRole.permissions });
  await admin.dispose();
});

const matrix = (page: Page) => page.getByTestId('role-matrix');
/** The select of a matrix cell (its root element, which carries the status). */
const cell = (page: Page, id: string) => page.locator('.ant-select', { has: page.locator(`#${id}`) }).last();

/** The Save button sits below the matrix: back to the top, so a full-page picture has its header in place. */
async function snapFromTop(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}

async function pickRole(page: Page, label: string): Promise<void> {
  await page.getByTestId('role-picker').getByText(label, { exact: true }).click();
}

const lang = 'th' as Locale;
describe('role matrix in th', () => {
  const t = (key: TranslationKey, values?: Record<string, string | number>) => text(lang, key, values);

  it('shows each role, changes a Staff scope, keeps it after a reload, and restores it', async () => {
    const { context, page, errors } = await openSignedIn(browser(), 'admin@demo.local', lang);
    await openFromMenu(page, lang, 'nav.users', '/setting/user', 'users-page');
    await page.getByTestId('roles-tab').click();
    await matrix(page).waitFor();

    // Super admin and Admin are fixed: scopes as tags, no select, no save.
    await pickRole(page, t('roles.Admin'));
    await matrix(page)
      .getByText(t('roleMatrix.fixedNote', { role: t('roles.Admin') }))
      .waitFor();
    expect(await matrix(page).locator('.ant-select').count()).toBe(0);
    expect(await page.getByTestId('role-save').count()).toBe(0);
    await snapFromTop(page, `role-matrix-admin-desktop-${lang}`);

    // Staff: the contacts' view scope goes from own channels to all.
    await pickRole(page, t('roles.Staff'));
    await matrix(page)
      .getByText(t('roleMatrix.editableNote', { role: t('roles.Staff') }))
      .waitFor();
    await expect
      .poll(() => cell(page, 'scope_contact_view').innerText())
      .toBe(t('roleMatrix.scopes.myChannel'));
    // Reports offer view only.
    expect(await page.locator('#scope_team_performance_update').count()).toBe(0);
    await choose(page, 'scope_contact_view', t('roleMatrix.scopes.all'));

    await page.getByTestId('role-save').click();
    await noticeShows(page, lang, 'roleMatrix.saved');
    await snapFromTop(page, `role-matrix-staff-desktop-${lang}`);

    // Kept on the server: the roles tab opened afresh shows it.
    await page.goto(`/setting/user?tab=roles&lang=${lang}`);
    await pickRole(page, t('roles.Staff'));
    await expect.poll(() => cell(page, 'scope_contact_view').innerText()).toBe(t('roleMatrix.scopes.all'));

    // Restore it.
    await choose(page, 'scope_contact_view', t('roleMatrix.scopes.myChannel'));
    await page.getByTestId('role-save').click();
    await noticeShows(page, lang, 'roleMatrix.saved');
    const roles = await admin.call<Role[]>('GET', '/roles');
    expect(roles.find((role) => role.name === 'Staff')?.permissions).toEqual(staffRole.permissions);
    expect(errors).toEqual([]);
    await context.close();
  });
});
