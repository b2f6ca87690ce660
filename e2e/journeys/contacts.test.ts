// Contacts (/contacts): customers written in through
// the LINE simulator are found by quick and advanced search, edited with validation, exported as CSV and
// XLSX (the files are read back), deleted, merged after choosing fields, exported as one person's zip and
// erased, each after its confirmation; the list's empty result and retrieval failure. Desktop and phone,
// in English.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Page } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession } from '../support/api';
import type { Locale } from '../support/browser';
import { DEMO_PASSWORD } from '../support/demo';
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
import { demoLineCustomer } from '../support/simulator';
import { text } from '../support/texts';

const browser = useBrowser();
const rows = (page: Page) => page.getByTestId('contact-table').locator('.ant-table-row');

type Found = { items: Array<{ id: string; displayName: string }> };

/** Three customers of this run write to the demo LINE account; the API gives them a province and gender. */
async function threeCustomers(lang: Locale) {
  const mark = `${lang.toUpperCase()}${randomBytes(3).toString('hex')}`;
  const names = [`Khun Mali ${mark}`, `Khun Somsak ${mark}`, `Khun Dao ${mark}`] as const;
  for (const name of names) {
    const customer = await demoLineCustomer(
      inject('simulatorUrl'),
      inject('baseUrl'),
      `U${randomBytes(16).toString('hex')}`,
      name,
    );
    await customer.says('สวัสดีค่ะ สอบถามเรื่องสินค้าหน่อยค่ะ');
  }
  const api = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
  let found: Found = { items: [] };
  await expect
    .poll(
      async () => {
        found = await api.call<Found>('GET', `/contacts?search=${mark}`);
        return found.items.length;
      },
      { timeout: 20_000 },
    )
    .toBe(3);
  const idOf = (name: string) => found.items.find((c) => c.displayName === name)!.id;
  const base = { name: '', email: null, mobileNumber: null, birthdate: null, address: null, location: null };
  await api.call('PUT', `/contacts/${idOf(names[0])}`, {
    ...base,
    displayName: names[0],
    gender: 'female',
    province: 'Phuket',
    consentStatus: 'given',
  });
  await api.call('PUT', `/contacts/${idOf(names[1])}`, {
    ...base,
    displayName: names[1],
    gender: 'male',
    province: 'Phuket',
    consentStatus: 'unknown',
  });
  await api.call('PUT', `/contacts/${idOf(names[2])}`, {
    ...base,
    displayName: names[2],
    gender: 'female',
    province: 'Bangkok',
    consentStatus: 'unknown',
  });
  await api.dispose();
  return { mark, mali: names[0], somsak: names[1], dao: names[2] };
}

const lang = 'en' as Locale;
describe('contacts on desktop in en', () => {
  const t = (key: TranslationKey, values?: Record<string, string | number>) => text(lang, key, values);

  it('searches, filters, edits with validation, exports CSV and XLSX, deletes, merges and erases contacts', async () => {
    const { mark, mali, somsak, dao } = await threeCustomers(lang);
    const { context, page, errors } = await openSignedIn(browser(), 'admin@demo.local', lang);
    await openFromMenu(page, lang, 'nav.contacts', '/contacts', 'contacts-page');
    await rows(page).first().waitFor();
    await snap(page, `contacts-list-desktop-${lang}`);

    // Quick search finds the customers of this run; the advanced panel narrows to the woman in Phuket.
    await page.getByTestId('contact-search').fill(mark);
    await expect.poll(() => rows(page).count()).toBe(3);
    await page.getByTestId('contact-advanced').click();
    await choose(page, 'contactFilter_gender', t('contacts.gender.female'));
    // 77 provinces: the list is virtual, so type to reach one.
    await page.locator('#contactFilter_province').fill(lang === 'th' ? 'ภูเก็ต' : 'Phuket');
    await choose(page, 'contactFilter_province', lang === 'th' ? 'ภูเก็ต' : 'Phuket');
    await page.keyboard.press('Escape');
    await page.getByTestId('filter-apply').click();
    await expect.poll(() => rows(page).count()).toBe(1);
    await tableRow(page, mali).waitFor();
    await snap(page, `contacts-advanced-search-desktop-${lang}`);
    // The search and its filters are in the address: a reload (or the link) shows the same list.
    await expect.poll(() => new URL(page.url()).searchParams.get('gender')).toBe('female');
    expect(new URL(page.url()).searchParams.get('search')).toBe(mark);
    await page.reload();
    await expect.poll(() => rows(page).count()).toBe(1);
    await tableRow(page, mali).waitFor();
    expect(await page.getByTestId('contact-search').inputValue()).toBe(mark);
    await page.getByTestId('contact-advanced').click();
    await page.getByTestId('filter-clear').click();
    await expect.poll(() => rows(page).count()).toBe(3);

    // Edit: the form refuses a bad email and mobile number, then saves; the list shows the phone 3-3-4.
    await tableRow(page, mali).getByTestId('contact-open').click();
    const drawer = page.getByTestId('contact-drawer');
    await drawer.getByTestId('contact-details').waitFor();
    await drawer.getByText(t('contacts.consent.given')).waitFor();
    await drawer.getByTestId('contact-identity').first().waitFor();
    await drawer.getByTestId('contact-issue').first().waitFor();
    await snap(page, `contacts-drawer-desktop-${lang}`);
    await page.getByTestId('contact-edit').click();
    const form = page.getByTestId('contact-form');
    await page.locator('#contact_email').fill('mali@');
    await page.locator('#contact_mobileNumber').fill('12345');
    await page.getByTestId('contact-save').click();
    await expectMessage(form, t('contacts.validation.email'));
    await expectMessage(form, t('contacts.validation.mobile'));
    await snap(page, `contacts-edit-validation-desktop-${lang}`);
    await page.locator('#contact_email').fill('mali@example.com');
    await page.locator('#contact_mobileNumber').fill('081-234-5678');
    await page.locator('#contact_address').fill('99 ถนนราษฎร์อุทิศ ป่าตอง');
    await page.getByTestId('contact-save').click();
    await noticeShows(page, lang, 'contacts.drawer.saved');
    await drawer.getByText('081 234 5678').waitFor();
    await drawer.getByText('99 ถนนราษฎร์อุทิศ ป่าตอง').waitFor();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => tableRow(page, mali).getByTestId('contact-phone').innerText())
      .toBe('081 234 5678');

    // Export the search result as CSV and XLSX and read the files back.
    const download = async (format: 'csv' | 'xlsx') => {
      await page.getByTestId('contact-export').click();
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId(`export-${format}`).click(),
      ]);
      expect(file.suggestedFilename()).toMatch(new RegExp(`^contacts-\\d{4}-\\d{2}-\\d{2}\\.${format}$`));
      await page
        .locator('.ant-message')
        .getByText(t('contacts.export.done', { count: 3 }))
        .first()
        .waitFor();
      return readFile(await file.path());
    };
    const csv = await download('csv');
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]!.split(',')[0]).toBe(t('contacts.field.displayName'));
    expect(lines).toHaveLength(4);
    const maliLine = lines.find((l) => l.startsWith(mali))!;
    expect(maliLine).toContain('mali@example.com');
    expect(maliLine).toContain('0812345678');
    expect(maliLine).toContain(lang === 'th' ? 'ภูเก็ต' : 'Phuket');
    const xlsx = await download('xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe(t('contacts.field.displayName'));
    const names = [2, 3, 4].map((n) => String(sheet.getRow(n).getCell(1).value)).sort();
    expect(names).toEqual([mali, somsak, dao].sort());
    expect(sheet.rowCount).toBe(4);

    // Delete one, after the confirmation.
    await tableRow(page, dao).getByTestId('contact-delete').click();
    await confirmDialog(
      page,
      t('contacts.delete.title'),
      t('contacts.delete.button'),
      `contacts-delete-confirm-desktop-${lang}`,
    );
    await noticeShows(page, lang, 'contacts.delete.done');
    await tableRow(page, dao).waitFor({ state: 'detached' });
    await expect.poll(() => rows(page).count()).toBe(2);

    // Merge the two: the field choice shows first; Mali is kept with both conversations.
    await tableRow(page, mali).locator('.ant-checkbox-input').check();
    await tableRow(page, somsak).locator('.ant-checkbox-input').check();
    await page.getByTestId('contact-merge').click();
    const modal = page.locator('.contacts-merge');
    await modal.getByTestId('merge-displayName').waitFor();
    await modal.getByTestId('merge-displayName').getByText(somsak).waitFor();
    await snap(page, `contacts-merge-desktop-${lang}`);
    await modal.getByTestId('merge-ok').click();
    await noticeShows(page, lang, 'contacts.merge.done');
    await tableRow(page, somsak).waitFor({ state: 'detached' });
    await expect.poll(() => rows(page).count()).toBe(1);
    await tableRow(page, mali).getByTestId('contact-open').click();
    await expect.poll(() => drawer.getByTestId('contact-issue').count()).toBe(2);

    // Export this person's data (PDPA access right): a zip with the profile and both conversations.
    const [personFile] = await Promise.all([
      page.waitForEvent('download'),
      drawer.getByTestId('contact-person-export').click(),
    ]);
    expect(personFile.suggestedFilename()).toMatch(/^contact-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.zip$/);
    await noticeShows(page, lang, 'contacts.personExport.done');
    const zip = await JSZip.loadAsync(await readFile(await personFile.path()));
    expect(JSON.parse(await zip.file('profile.json')!.async('string')).displayName).toBe(mali);
    const messages = await zip.file('messages.csv')!.async('string');
    expect(messages.split('สวัสดีค่ะ สอบถามเรื่องสินค้าหน่อยค่ะ')).toHaveLength(3);
    expect(messages).toContain(t('contacts.personExport.message.text'));
    await page.keyboard.press('Escape');

    // Erase the merged person's data (PDPA), after the confirmation: the name no longer matches the search.
    await tableRow(page, mali).getByTestId('contact-open').click();
    await page.getByTestId('contact-erase').click();
    await confirmDialog(
      page,
      t('contacts.erase.title'),
      t('contacts.erase.button'),
      `contacts-erase-confirm-desktop-${lang}`,
    );
    await noticeShows(page, lang, 'contacts.erase.done');
    await page.getByText(t('contacts.empty')).waitFor();

    // The audit log (admins) lists the erase first, without the erased name, and the export with its size.
    await page.getByTestId('contact-audit-open').click();
    const audit = page.getByTestId('contact-audit');
    await audit.locator('.ant-table-row').first().getByText(t('contacts.audit.actions.erase')).waitFor();
    await audit
      .getByText(t('contacts.audit.exported', { count: 3 }))
      .first()
      .waitFor();
    await snap(page, `contacts-audit-desktop-${lang}`);
    expect(await audit.getByText(mali).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('contacts on a phone in en', () => {
  it('opens the same screen under /mobile with a scrolling table and the drawer', async () => {
    const { context, page, errors } = await openSignedIn(
      browser(),
      'admin@demo.local',
      lang,
      'phone',
      `/contacts?lang=${lang}`,
    );
    await page.waitForURL((url) => url.pathname === '/mobile/contacts');
    await rows(page).first().waitFor();
    await snap(page, `contacts-list-phone-${lang}`);
    await rows(page).first().getByTestId('contact-open').click();
    await page.getByTestId('contact-details').waitFor();
    await snap(page, `contacts-drawer-phone-${lang}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
