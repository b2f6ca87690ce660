// Tag settings (/setting/tag): the list with search and sort; a duplicate name refused by the server;
// create, edit and delete with its confirmation; who may open it. In Thai. The empty, failure and validation
// states are component tests (apps/web tags-page.component.test.tsx).
import { describe, expect, it } from 'vitest';
import type { TranslationKey } from '@sabai/i18n';
import { sideMenuLabels } from '../support/app';
import type { Locale } from '../support/browser';
import { openSignedIn, useBrowser } from '../support/journey';
import {
  choose,
  deleteRow,
  expectMessage,
  noticeShows,
  openFromMenu,
  searchList,
  snap,
  tableRow,
} from '../support/settings';
import { text } from '../support/texts';

const browser = useBrowser();

const TEAM = 'Customer Care';

const lang = 'th' as Locale;
describe('tag settings in th', () => {
  const t = (key: TranslationKey, values?: Record<string, string | number>) => text(lang, key, values);

  it('lists, searches and sorts tags, validates, creates, edits and deletes one', async () => {
    const { context, page, errors } = await openSignedIn(browser(), 'admin@demo.local', lang);
    await openFromMenu(page, lang, 'nav.tags', '/setting/tag', 'tags-page');
    for (const name of ['VIP', 'Refund', 'Order']) await tableRow(page, name).waitFor();
    await snap(page, `tags-list-desktop-${lang}`);

    // Search narrows the list on the server.
    await page.getByTestId('tag-search').fill('vip');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await page.getByTestId('tag-search').fill('no such tag');
    await page.getByText(t('list.noMatch')).waitFor();
    await page.getByTestId('tag-search').fill('');
    await tableRow(page, 'Refund').waitFor();

    // Sorting by name, descending, is the server's order.
    const header = page.locator('.ant-table-thead th', { hasText: t('tags.columns.name') });
    // The list starts sorted by name, ascending: one click turns it around.
    await header.click();
    await expect.poll(() => page.locator('.ant-table-row').first().innerText()).toContain('VIP');

    // A duplicate name from the server.
    await page.getByTestId('add-tag').click();
    const form = page.getByTestId('tag-form');
    await form.waitFor();
    await page.locator('#tag_name').fill('VIP');
    await choose(page, 'tag_teamId', TEAM);
    await page.getByTestId('tag-save').click();
    await expectMessage(form, t('errors.tag.name_exists'));

    // A new tag with its own colour.
    const name = `Journey ${lang} ${Date.now() % 100_000}`;
    await page.locator('#tag_name').fill(name);
    await page.getByTestId('tag-colour').fill('#12a150');
    await snap(page, `tags-form-desktop-${lang}`);
    await page.getByTestId('tag-save').click();
    await noticeShows(page, lang, 'tags.created');
    await searchList(page, 'tag-search', name);
    const chip = tableRow(page, name).locator('.tag-chip');
    await expect
      .poll(() => chip.evaluate((element) => getComputedStyle(element).backgroundColor))
      .toBe('rgb(18, 161, 80)');

    // Edit: rename it.
    await tableRow(page, name)
      .getByRole('button', { name: t('list.edit'), exact: true })
      .click();
    await page.locator('.tag-drawer').getByText(t('tags.form.editTitle', { name })).waitFor();
    const renamed = `${name} B`;
    await page.locator('#tag_name').fill(renamed);
    await page.getByTestId('tag-save').click();
    await noticeShows(page, lang, 'tags.saved');
    await searchList(page, 'tag-search', renamed);

    // Delete, after the confirmation.
    await deleteRow(page, lang, renamed, {
      title: t('tags.deleteConfirm.title', { name: renamed }),
      ok: t('tags.deleteConfirm.ok'),
      notice: 'tags.deleted',
      snapName: `tags-delete-confirm-desktop-${lang}`,
    });
    await page.getByText(t('list.noMatch')).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('who may open tag settings', () => {
  it('hides the menu entry from a manager and sends the URL back to the landing page', async () => {
    const { context, page } = await openSignedIn(browser(), 'manager@demo.local');
    expect(await sideMenuLabels(page)).not.toContain('Tags');
    await page.goto('/setting/tag?lang=en');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(await page.getByTestId('tags-page').count()).toBe(0);
    await context.close();
  });
});
