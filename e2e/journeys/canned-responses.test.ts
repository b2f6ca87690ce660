// Canned response settings (/setting/canned-response): categories and responses with every
// validation (required fields, no duplicates, at most 500 letters), a file attachment, edits and deletes
// after a confirmation, in Thai; a staff member (scope myCanned) sees shared ones read-only.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import type { Locale } from '../support/browser';
import { openSignedIn, useBrowser } from '../support/journey';
import {
  choose,
  confirmDialog,
  expectMessage,
  noticeShows,
  openFromMenu,
  snap,
  tableRow,
} from '../support/settings';
import { text } from '../support/texts';

const browser = useBrowser();

const categoryItem = (page: Page, name: string) =>
  page.getByTestId('category-list').locator('.category-list__item', { hasText: name });

const lang = 'th' as Locale;
describe('canned responses in th', () => {
  const t = (key: TranslationKey, values?: Record<string, string | number>) => text(lang, key, values);

  it('manages categories and responses with every validation, a file and confirmations', async () => {
    const { context, page, errors } = await openSignedIn(browser(), 'admin@demo.local', lang);
    await openFromMenu(page, lang, 'nav.cannedResponses', '/setting/canned-response', 'canned-page');
    await categoryItem(page, 'Greetings').waitFor();
    await categoryItem(page, 'Shipping').waitFor();
    await tableRow(page, 'Welcome').waitFor();
    // At 1440 px the table fits beside the categories; were it wider, its first column would stay put.
    const content = page.locator('.ant-table-content').first();
    expect(await content.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.locator('.ant-table-thead th').first().getAttribute('class')).toContain(
      'ant-table-cell-fix',
    );
    await snap(page, `canned-list-desktop-${lang}`);

    // A category narrows the table; search finds within it.
    await categoryItem(page, 'Shipping').locator('.category-list__name').click();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(2);
    await page.getByTestId('canned-search').fill('track');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await page.getByTestId('canned-search').fill('no such reply');
    await page.getByText(t('list.noMatch')).waitFor();
    await page.getByTestId('canned-search').fill('');

    // A category: required name, then a duplicate.
    const category = `Returns ${lang} ${Date.now() % 100_000}`;
    await page.getByTestId('add-category').click();
    const modal = page.locator('.category-modal');
    await modal.getByText(t('canned.categories.createTitle')).waitFor();
    await modal.getByRole('button', { name: t('canned.form.save') }).click();
    await expectMessage(modal, t('canned.categories.nameRequired'));
    await page.locator('#category_name').fill('Shipping');
    await modal.getByRole('button', { name: t('canned.form.save') }).click();
    await expectMessage(modal, t('errors.canned.category_exists'));
    await snap(page, `canned-category-duplicate-desktop-${lang}`);
    await page.locator('#category_name').fill(category);
    await modal.getByRole('button', { name: t('canned.form.save') }).click();
    await noticeShows(page, lang, 'canned.categories.created');
    await categoryItem(page, category).waitFor();
    await page.getByText(t('canned.emptyCategory')).waitFor();

    // A response in it: every required field, the 500-letter limit with its counter, a duplicate.
    await page.getByTestId('add-canned').click();
    const form = page.getByTestId('canned-form');
    await form.waitFor();
    await page.locator('#canned_categoryId').waitFor();
    await page.getByTestId('canned-save').click();
    await expectMessage(form, t('canned.form.nameRequired'));
    await expectMessage(form, t('canned.form.messageRequired'));
    await page.locator('#canned_message').fill('ก'.repeat(501));
    await expectMessage(form, t('canned.form.messageTooLong', { max: 500 }));
    await expectMessage(form, t('canned.form.letters', { count: 501, max: 500 }));
    await snap(page, `canned-validation-desktop-${lang}`);
    await page.locator('#canned_message').fill('ขอบคุณที่ติดต่อเรา / Thank you for contacting us.');
    await page.locator('#canned_name').fill('Tracking');
    await choose(page, 'canned_categoryId', 'Shipping');
    await page.getByTestId('canned-save').click();
    await expectMessage(form, t('errors.canned.response_exists'));

    // Into the new category, with a file.
    const name = `Return policy ${lang}`;
    await choose(page, 'canned_categoryId', category);
    await page.locator('#canned_name').fill(name);
    await page
      .getByTestId('canned-attachments')
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'policy.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Returns within 7 days'),
      });
    await form.getByText('policy.txt').waitFor();
    await snap(page, `canned-form-desktop-${lang}`);
    await page.getByTestId('canned-save').click();
    await noticeShows(page, lang, 'canned.created');
    await tableRow(page, name).waitFor();
    await expect.poll(() => tableRow(page, name).innerText()).toContain('1');

    // Edit it.
    await tableRow(page, name)
      .getByRole('button', { name: t('list.edit'), exact: true })
      .click();
    await page.locator('.canned-drawer').getByText(t('canned.form.editTitle', { name })).waitFor();
    await form.getByText('policy.txt').waitFor();
    await page.locator('#canned_message').fill('คืนสินค้าได้ภายใน 7 วัน / Returns within 7 days.');
    await page.getByTestId('canned-save').click();
    await noticeShows(page, lang, 'canned.saved');
    await expect.poll(() => tableRow(page, name).innerText()).toContain('Returns within 7 days.');

    // Delete the response, then the category (its confirmation says its responses go with it).
    await tableRow(page, name)
      .getByRole('button', { name: t('list.delete'), exact: true })
      .click();
    await confirmDialog(page, t('canned.deleteConfirm.title', { name }), t('canned.deleteConfirm.ok'));
    await noticeShows(page, lang, 'canned.deleted');
    await tableRow(page, name).waitFor({ state: 'detached' });
    await categoryItem(page, category)
      .getByRole('button', { name: t('list.delete'), exact: true })
      .click();
    await page
      .locator('.settings-confirm')
      .getByText(t('canned.categories.deleteConfirm.text', { count: 0 }))
      .waitFor();
    await confirmDialog(
      page,
      t('canned.categories.deleteConfirm.title', { name: category }),
      t('canned.categories.deleteConfirm.ok'),
      `canned-category-delete-confirm-desktop-${lang}`,
    );
    await noticeShows(page, lang, 'canned.categories.deleted');
    await categoryItem(page, category).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('canned responses for a staff member (scope myCanned)', () => {
  it('shows the shared ones without edit or delete', async () => {
    const { context, page, errors } = await openSignedIn(browser(), 'staff@demo.local');
    await openFromMenu(page, 'en', 'nav.cannedResponses', '/setting/canned-response', 'canned-page');
    await tableRow(page, 'Welcome').waitFor();
    expect(await tableRow(page, 'Welcome').getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await categoryItem(page, 'Greetings').getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
