// API tokens (/setting/api-tokens): an admin creates a token with a name, an expiry and
// permissions picked in the role matrix, copies it from the dialog that shows it once, the journey calls
// the API with it (allowed inside its permissions, refused outside), the list shows when it was last used,
// then the admin revokes it after a confirmation and its next call is refused. The empty and failure
// states of the list, and who may open the screen. In English.
import { describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Page } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import { signInThroughApi, sideMenuLabels } from '../support/app';
import { newContext, openPage, type Locale } from '../support/browser';
import { DEMO_PASSWORD } from '../support/demo';
import { openSignedIn, useBrowser } from '../support/journey';
import { choose, confirmDialog, noticeShows, openFromMenu, snap, tableRow } from '../support/settings';
import { text } from '../support/texts';

const browser = useBrowser();

/** A call as an integration makes it: the token alone, no cookie, no XSRF header. */
async function callWithToken(token: string, path: string) {
  const response = await fetch(`${inject('baseUrl')}/api/v1${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { error?: { code: string } };
  return { status: response.status, code: body.error?.code ?? null };
}

/** Picks a scope in a cell of the permission matrix. */
const grant = (page: Page, cell: string, scope: string) => choose(page, `scope_${cell}`, scope);

const lang = 'en' as Locale;
describe('API tokens in en', () => {
  const t = (key: TranslationKey, values?: Record<string, string | number>) => text(lang, key, values);

  it('creates a token, copies it once, calls the API with it, then revokes it', async () => {
    const baseUrl = inject('baseUrl');
    const context = await newContext(browser(), baseUrl, 'desktop', lang);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const { page, errors } = await openPage(context);
    await signInThroughApi(page, 'admin@demo.local', DEMO_PASSWORD, lang);
    await openFromMenu(page, lang, 'nav.apiTokens', '/setting/api-tokens', 'api-tokens-page');
    await page.getByTestId('api-token-table').waitFor();

    // The form: a name, the default expiry, and no permission yet is refused.
    await page.getByTestId('add-api-token').click();
    const form = page.getByTestId('api-token-form');
    await form.waitFor();
    const name = `Journey ${lang} ${Date.now() % 100_000}`;
    await page.locator('#api-token_name').fill(name);
    const submit = page
      .locator('.api-token-modal')
      .getByRole('button', { name: t('apiTokens.form.submit'), exact: true });
    await submit.click();
    await page.getByTestId('api-token-alert').getByText(t('apiTokens.form.permissionsRequired')).waitFor();
    // Organisation switching is never offered to a token.
    expect(await page.locator('#scope_organization_view').count()).toBe(0);
    await grant(page, 'issue_view', t('roleMatrix.scopes.all'));
    await grant(page, 'issue_update', t('roleMatrix.scopes.all'));
    await page.getByTestId('api-token-alert').waitFor({ state: 'detached' });
    await snap(page, `api-tokens-form-desktop-${lang}`);
    await submit.click();

    // Shown once, with a copy button.
    const created = page.getByTestId('api-token-created');
    await created.getByText(t('apiTokens.created.warning')).waitFor();
    const secret = await page.getByTestId('api-token-secret').inputValue();
    expect(secret).toMatch(/^sabai_[A-Za-z0-9_-]{43}$/);
    await snap(page, `api-tokens-created-desktop-${lang}`);
    await page.getByTestId('copy-api-token').click();
    await noticeShows(page, lang, 'apiTokens.created.copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(secret);
    await page.getByTestId('api-token-stored').click();
    await created.waitFor({ state: 'hidden' });

    // The integration calls the API with the copied token: its issues, not what it was not given.
    expect(await callWithToken(copied, '/issues?limit=5')).toEqual({ status: 200, code: null });
    expect(await callWithToken(copied, '/tags')).toEqual({ status: 403, code: 'auth.forbidden' });
    expect(await callWithToken(copied, '/me')).toEqual({ status: 403, code: 'api_token.person_only' });

    // The list shows it active, by its prefix only, with its last use.
    await page.reload();
    const row = tableRow(page, name);
    await row.waitFor();
    expect(await row.innerText()).toContain(`${secret.slice(0, 12)}…`);
    expect(await row.innerText()).not.toContain(secret);
    expect(await row.getByTestId('api-token-status').innerText()).toBe(t('apiTokens.status.active'));
    expect(await row.innerText()).not.toContain(t('apiTokens.notUsed'));
    await snap(page, `api-tokens-list-desktop-${lang}`);

    // Revoked after a confirmation: its next call is refused.
    await row.getByTestId('revoke-api-token').click();
    await confirmDialog(
      page,
      t('apiTokens.revokeConfirm.title', { name }),
      t('apiTokens.revokeConfirm.ok'),
      `api-tokens-revoke-desktop-${lang}`,
    );
    await noticeShows(page, lang, 'apiTokens.revoked');
    await expect
      .poll(() => row.getByTestId('api-token-status').innerText())
      .toBe(t('apiTokens.status.revoked'));
    expect(await row.getByTestId('revoke-api-token').count()).toBe(0);
    expect(await callWithToken(copied, '/issues?limit=5')).toEqual({
      status: 401,
      code: 'api_token.revoked',
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the screen to admins only', async () => {
    const staff = await openSignedIn(browser(), 'staff@demo.local', lang);
    expect(await sideMenuLabels(staff.page)).not.toContain(t('nav.apiTokens'));
    await staff.context.close();
  });
});
