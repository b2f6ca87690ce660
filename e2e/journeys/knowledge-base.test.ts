// Knowledge base (part of AI assist): an admin writes an article on the settings screen (markdown with its
// preview), imports a CSV file (the preview lists the refused row by line and why, then the good rows are
// imported), and an agent searches the knowledge base from the reply box in Thai or English and inserts the
// article's title and text into the draft. Desktop, in Thai; what the file adds is removed.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession, type ApiSession } from '../support/api';
import type { Locale } from '../support/browser';
import { assignedLineCustomer, userIdOf } from '../support/customers';
import { DEMO_PASSWORD } from '../support/demo';
import { openSignedIn, useBrowser } from '../support/journey';
import { confirmDialog, noticeShows, openFromMenu, snap, tableRow } from '../support/settings';
import { text } from '../support/texts';

const browser = useBrowser();
const ADMIN = 'admin@demo.local';
const STAFF = 'staff@demo.local';
const suffix = randomBytes(3).toString('hex');

let admin: ApiSession;
let staffId = '';

beforeAll(async () => {
  admin = await apiSession(inject('baseUrl'), ADMIN, DEMO_PASSWORD);
  staffId = await userIdOf(STAFF);
});

afterAll(async () => {
  // The articles this file made (their titles carry its suffix).
  const page = await admin.call<{ items: Array<{ id: number; title: string }> }>(
    'GET',
    `/knowledge-base/articles?pageSize=100`,
  );
  for (const a of page.items.filter((item) => item.title.includes(suffix))) {
    await admin.call('DELETE', `/knowledge-base/articles/${a.id}`);
  }
  await admin.dispose();
});

const ARTICLES: Record<Locale, { title: string; body: string; query: string; csvTitle: string }> = {
  en: {
    title: `Gift wrapping ${suffix}`,
    body: '# Gift wrapping\nWe wrap any order as a gift for **40 baht**.\n- Choose it at checkout\n- Add a card message',
    query: 'gift wrap',
    csvTitle: `Warranty ${suffix}`,
  },
  th: {
    title: `บริการห่อของขวัญ ${suffix}`,
    body: '# ห่อของขวัญ\nร้านห่อของขวัญให้ทุกคำสั่งซื้อ ค่าบริการ **40 บาท**\n- เลือกตอนสั่งซื้อ\n- เขียนการ์ดอวยพรได้',
    query: 'ห่อของขวัญได้ไหมคะ',
    csvTitle: `การรับประกันสินค้า ${suffix}`,
  },
};

const lang = 'th' as Locale;
describe('knowledge base in th', () => {
  const t = (key: TranslationKey, values?: Record<string, string | number>) => text(lang, key, values);
  const article = ARTICLES[lang];

  it('an admin writes and imports articles; an agent finds one from the reply box and inserts it', async () => {
    const { context, page, errors } = await openSignedIn(browser(), ADMIN, lang);
    await openFromMenu(page, lang, 'nav.knowledgeBase', '/setting/knowledge-base', 'kb-page');
    // The demo's articles, Thai and English.
    await tableRow(page, 'Returns and refunds').waitFor();
    await tableRow(page, 'นโยบายการคืนสินค้าและคืนเงิน').waitFor();
    await snap(page, `kb-list-desktop-${lang}`);

    // A new article: required fields first, then markdown with its preview.
    await page.getByTestId('add-kb-article').click();
    const form = page.getByTestId('kb-form');
    await form.waitFor();
    await page.getByTestId('kb-save').click();
    await form.locator('.ant-form-item-explain-error').first().waitFor();
    await page.getByTestId('kb-title').fill(article.title);
    await form
      .locator('.ant-radio-button-wrapper', {
        hasText: t(lang === 'th' ? 'kb.languages.th' : 'kb.languages.en'),
      })
      .click();
    await page.getByTestId('kb-body').fill(article.body);
    await form.getByRole('tab', { name: t('kb.form.preview') }).click();
    const preview = page.getByTestId('kb-preview');
    await preview.locator('strong', { hasText: lang === 'th' ? '40 บาท' : '40 baht' }).waitFor();
    expect(await preview.locator('li').count()).toBe(2);
    await snap(page, `kb-editor-preview-desktop-${lang}`);
    await page.getByTestId('kb-save').click();
    await noticeShows(page, lang, 'kb.created');
    await tableRow(page, article.title).waitFor();

    // Search on the screen ranks it first.
    await page.getByTestId('kb-search').locator('input').fill(article.query);
    await page.getByTestId('kb-search').locator('input').press('Enter');
    await expect.poll(() => page.locator('.ant-table-row').first().textContent()).toContain(article.title);
    await page.getByTestId('kb-search').locator('input').fill('');
    await page.getByTestId('kb-search').locator('input').press('Enter');

    // CSV import: the preview lists the refused row by its line, then the good one is imported.
    await page.getByTestId('kb-import').click();
    const dialog = page.locator('.kb-import-modal');
    await dialog.waitFor();
    const csv = [
      'title,body,language,tags,status',
      `"${article.csvTitle}","สินค้ารับประกัน 1 ปี, Warranty: 1 year",${lang},Order,published`,
      `"No language ${suffix}",text,fr,,`,
    ].join('\r\n');
    await page.getByTestId('kb-import-file').setInputFiles({
      name: 'articles.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${csv}`),
    });
    const result = page.getByTestId('kb-import-result');
    await result.getByText(t('kb.importDialog.willCreate_one', { count: 1 })).waitFor();
    await page.getByTestId('kb-import-rejected').getByText(t('errors.kb.import.language_invalid')).waitFor();
    await page
      .getByTestId('kb-import-rejected')
      .getByText(t('kb.importDialog.line', { line: 3 }))
      .waitFor();
    await snap(page, `kb-import-preview-desktop-${lang}`);
    await page.getByTestId('kb-import-run').click();
    await result.getByText(t('kb.importDialog.created_one', { count: 1 })).waitFor();
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: t('kb.importDialog.close') })
      .click();
    await tableRow(page, article.csvTitle).waitFor();

    // A delete asks first.
    await page.getByTestId('kb-search').locator('input').fill(article.csvTitle);
    await page.getByTestId('kb-search').locator('input').press('Enter');
    await tableRow(page, article.csvTitle)
      .getByRole('button', { name: t('list.delete'), exact: true })
      .click();
    await confirmDialog(
      page,
      t('kb.deleteConfirm.title', { title: article.csvTitle }),
      t('kb.deleteConfirm.ok'),
      `kb-delete-confirm-desktop-${lang}`,
    );
    await noticeShows(page, lang, 'kb.deleted');
    await tableRow(page, article.csvTitle).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();

    // The agent, in a customer's chat: the book button searches, a click inserts after the typed draft.
    const customer = await assignedLineCustomer(admin, staffId, `KB${suffix}${lang}`);
    const agent = await openSignedIn(
      browser(),
      STAFF,
      lang,
      'desktop',
      `/issue/inbox?lang=${lang}&issueId=${customer.issueId}`,
    );
    const composer = agent.page.getByTestId('composer-input');
    await composer.fill(lang === 'th' ? 'สวัสดีค่ะ' : 'Hello!');
    await agent.page.getByTestId('kb-button').click();
    const picker = agent.page.getByTestId('kb-picker');
    await picker.getByText(t('inbox.composer.kbHint')).waitFor();
    await agent.page.getByTestId('kb-picker-search').fill(article.query);
    const option = picker.getByTestId('kb-option').first();
    await expect.poll(() => option.textContent()).toContain(article.title);
    await snap(agent.page, `kb-composer-search-desktop-${lang}`);
    await option.click();
    await picker.waitFor({ state: 'hidden' });
    const draft = await composer.inputValue();
    expect(draft.startsWith(lang === 'th' ? 'สวัสดีค่ะ\n\n' : 'Hello!\n\n')).toBe(true);
    expect(draft).toContain(article.title);
    expect(draft).toContain(lang === 'th' ? '• เลือกตอนสั่งซื้อ' : '• Choose it at checkout');
    expect(draft).not.toContain('**');
    await snap(agent.page, `kb-composer-inserted-desktop-${lang}`);

    // Nothing found says so.
    await agent.page.getByTestId('kb-button').click();
    await agent.page.getByTestId('kb-picker-search').fill('zzqx nothing like this');
    await agent.page.getByTestId('kb-picker').getByText(t('inbox.composer.kbEmpty')).waitFor();
    expect(agent.errors).toEqual([]);
    await agent.context.close();
  });
});
