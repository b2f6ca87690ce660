// The administration audit log (/setting/audit-log): an admin renames a tag on the tag
// screen, then finds the change in the log by its area, opens it to read the name before and after, and
// exports the filtered log as CSV and XLSX; the retention period is changed and restored; paging, the
// translated outcome, masked and structured values, the empty and failure states; who may open it. In Thai.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Page } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession, type ApiSession } from '../support/api';
import { sideMenuLabels } from '../support/app';
import type { Locale } from '../support/browser';
import { DEMO_PASSWORD } from '../support/demo';
import { openSignedIn, useBrowser } from '../support/journey';
import {
  choose,
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
const DEFAULT_RETENTION_DAYS = 730;
/** The tags this file adds, removed at the end whatever happened. */
const created: string[] = [];
let admin: ApiSession;

beforeAll(async () => {
  admin = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
});

afterAll(async () => {
  const { items } = await admin.call<{ items: Array<{ id: string; name: string }> }>(
    'GET',
    '/tags?search=Audit&pageSize=100',
  );
  for (const tag of items.filter((item) => created.some((name) => item.name.startsWith(name))))
    await admin.call('DELETE', `/tags/${tag.id}`);
  await admin.call('PUT', '/audit-log/settings', { retentionDays: DEFAULT_RETENTION_DAYS });
  await admin.dispose();
});

/** Clicks the export's format and resolves to the downloaded file. */
async function download(page: Page, format: 'csv' | 'xlsx'): Promise<{ name: string; body: Buffer }> {
  await page.getByTestId('audit-export').click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(`audit-export-${format}`).click(),
  ]);
  return { name: file.suggestedFilename(), body: await readFile(await file.path()) };
}

const lang = 'th' as Locale;
describe('audit log in th', () => {
  const t = (key: TranslationKey, values?: Record<string, string | number>) => text(lang, key, values);

  it('shows a tag renamed on its screen, with the name before and after, and exports it', async () => {
    const { context, page, errors } = await openSignedIn(browser(), 'admin@demo.local', lang);

    // A settings change through the UI: a new tag, then renamed.
    await openFromMenu(page, lang, 'nav.tags', '/setting/tag', 'tags-page');
    const name = `Audit ${lang} ${Date.now() % 100_000}`;
    created.push(name);
    await page.getByTestId('add-tag').click();
    await page.getByTestId('tag-form').waitFor();
    await page.locator('#tag_name').fill(name);
    await choose(page, 'tag_teamId', TEAM);
    await page.getByTestId('tag-colour').fill('#12a150');
    await page.getByTestId('tag-save').click();
    await noticeShows(page, lang, 'tags.created');
    await searchList(page, 'tag-search', name);
    await tableRow(page, name)
      .getByRole('button', { name: t('list.edit'), exact: true })
      .click();
    const renamed = `${name} B`;
    await page.locator('#tag_name').fill(renamed);
    await page.getByTestId('tag-save').click();
    await noticeShows(page, lang, 'tags.saved');

    // The log, newest first: both changes are there.
    await openFromMenu(page, lang, 'nav.auditLog', '/setting/audit-log', 'audit-log-page');
    const updated = page.locator('.ant-table-row', { hasText: renamed });
    await updated.first().waitFor();
    await snap(page, `audit-log-desktop-${lang}`);

    // Filtered by area: only tag entries stay.
    await choose(page, 'audit-filter-area', t('auditLog.areas.tag'));
    await expect
      .poll(async () => {
        const areas = await page.locator('.ant-table-row td:nth-child(4)').allInnerTexts();
        return areas.length > 0 && areas.every((area) => area.trim() === t('auditLog.areas.tag'));
      })
      .toBe(true);
    // And by the person who acted (the users list's search behind the picker).
    await choose(page, 'audit-filter-person', 'admin@demo.local');
    await expect
      .poll(async () => {
        const people = await page.locator('.ant-table-row td:nth-child(3)').allInnerTexts();
        return people.length > 0 && people.every((person) => person.includes('admin@demo.local'));
      })
      .toBe(true);
    const row = updated.filter({ hasText: t('auditLog.actions.update') });
    await row.waitFor();
    expect(await row.getByTestId('audit-subject').innerText()).toBe(renamed);
    expect(await row.innerText()).toContain('admin@demo.local');
    expect((await row.getByTestId('audit-outcome').innerText()).trim()).toBe(t('auditLog.outcomeOk'));
    // The entry before it is the tag's creation, under its first name.
    await page
      .locator('.ant-table-row', { hasText: name })
      .filter({ hasText: t('auditLog.actions.create') })
      .waitFor();

    // Opened: the name before and after; nothing offers to change or delete an entry.
    await row.locator('.ant-table-row-expand-icon').click();
    const changes = page.getByTestId('audit-changes');
    await changes.waitFor();
    const nameChange = changes.locator('.ant-table-row', {
      has: page.locator('code', { hasText: /^name$/ }),
    });
    expect(await nameChange.getByTestId('audit-before').innerText()).toBe(name);
    expect(await nameChange.getByTestId('audit-after').innerText()).toBe(renamed);
    expect(
      await page
        .getByTestId('audit-log-page')
        .getByRole('button', { name: t('list.edit') })
        .count(),
    ).toBe(0);
    expect(
      await page
        .getByTestId('audit-log-page')
        .getByRole('button', { name: t('list.delete') })
        .count(),
    ).toBe(0);
    await snap(page, `audit-log-entry-desktop-${lang}`);

    // The export follows the filters: a CSV (with a BOM, for Excel) and an XLSX holding the entry.
    const csv = await download(page, 'csv');
    expect(csv.name).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    expect([...csv.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csvText = csv.body.toString('utf8');
    expect(csvText).toContain(renamed);
    expect(csvText).toContain('admin@demo.local');
    const xlsx = await download(page, 'xlsx');
    expect(xlsx.name).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const cells: string[] = [];
    book.worksheets[0]!.eachRow((r) => r.eachCell((cell) => cells.push(String(cell.value))));
    expect(cells).toContain(renamed);

    // The export is itself an entry of the log.
    await choose(page, 'audit-filter-area', t('auditLog.areas.export'));
    await page
      .locator('.ant-table-row', { hasText: t('auditLog.actions.export') })
      .filter({ hasText: 'admin@demo.local' })
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps entries for the days chosen, within 90 to 3650, and logs the change', async () => {
    const { context, page, errors } = await openSignedIn(
      browser(),
      'admin@demo.local',
      lang,
      'desktop',
      `/setting/audit-log?lang=${lang}`,
    );
    const button = page.getByTestId('audit-retention-button');
    await button.waitFor();
    expect(await button.innerText()).toContain(String(DEFAULT_RETENTION_DAYS));
    await button.click();
    const form = page.getByTestId('audit-retention-form');
    await form.waitFor();
    const range = t('auditLog.retention.range', { min: 90, max: 3650 });
    await page.getByTestId('audit-retention-days').fill('30');
    await page.getByTestId('audit-retention-save').click();
    await expectMessage(form, range);
    await page.getByTestId('audit-retention-days').fill('4000');
    await expectMessage(form, range);
    await page.getByTestId('audit-retention-days').fill('365');
    await snap(page, `audit-log-retention-desktop-${lang}`);
    await page.getByTestId('audit-retention-save').click();
    await noticeShows(page, lang, 'auditLog.retention.saved');
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => button.innerText()).toContain(t('auditLog.retention.button', { days: 365 }));

    // The change is in the log, with the days before and after.
    await choose(page, 'audit-filter-area', t('auditLog.areas.audit'));
    const row = page.locator('.ant-table-row', { hasText: t('auditLog.areas.audit') }).first();
    await row.waitFor();
    await row.locator('.ant-table-row-expand-icon').click();
    const change = page.getByTestId('audit-changes').locator('.ant-table-row', { hasText: 'retentionDays' });
    expect(await change.getByTestId('audit-before').innerText()).toBe(String(DEFAULT_RETENTION_DAYS));
    expect(await change.getByTestId('audit-after').innerText()).toBe('365');

    // Back to the default, which a reload keeps.
    await button.click();
    await page.getByTestId('audit-retention-days').fill(String(DEFAULT_RETENTION_DAYS));
    await page.getByTestId('audit-retention-save').click();
    await noticeShows(page, lang, 'auditLog.retention.saved');
    await page.reload();
    await expect
      .poll(() => button.innerText())
      .toContain(t('auditLog.retention.button', { days: DEFAULT_RETENTION_DAYS }));
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('who may open the audit log', () => {
  it('hides the menu entry from Staff and turns the URL away with the no-access notice', async () => {
    const { context, page } = await openSignedIn(browser(), 'staff@demo.local');
    expect(await sideMenuLabels(page)).not.toContain(text('en', 'nav.auditLog'));
    await page.goto('/setting/audit-log?lang=en');
    await page.locator('.ant-message').getByText(text('en', 'common.notAllowed')).waitFor();
    await page.waitForURL((url) => url.pathname.startsWith('/issue/inbox'));
    expect(await page.getByTestId('audit-log-page').count()).toBe(0);
    await context.close();
  });
});
