// Customer satisfaction: an admin turns the survey on for the demo LINE account in its
// channel settings and writes its texts; a LINE customer (the simulator) writes, the admin resolves the issue
// as a success and closes it in the chat; the survey reaches the customer, who taps five stars and then
// writes a comment; the chat's info panel and activity trail show the rating and the comment, the
// satisfaction report lists it (filtered, exported) and the dashboard counts it. In Thai: the desktop,
// and on a phone what agents read (the chat's info) and the report. The survey is put back as it was.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from '../support/stack';
import type { Page } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession, type ApiSession } from '../support/api';
import type { Locale } from '../support/browser';
import { issueOf, newLineCustomer, userIdOf } from '../support/customers';
import { DEMO_PASSWORD } from '../support/demo';
import { liveOpen, openSignedIn, useBrowser } from '../support/journey';
import { noticeShows, openFromMenu, snap } from '../support/settings';
import { DEMO_LINE } from '../support/simulator';
import { text } from '../support/texts';

const browser = useBrowser();
const ADMIN = 'admin@demo.local';
const MANAGER = 'manager@demo.local';
const FIVE_STARS = '⭐⭐⭐⭐⭐';

/** A channel's survey as GET/PUT /channels/:id/csat have it (packages/contracts CsatSettingsSchema). */
type CsatSettings = {
  enabled: boolean;
  question: { en: string; th: string };
  thankYou: { en: string; th: string };
};
type Channel = { id: string; name: string; type: string; externalId: string };
type QuickReplyItem = { action: { type: string; label?: string; data?: string } };
type Figures = { current: { csatResponses: number; csatPercent: number | null } };

let admin: ApiSession;
let channel: Channel;
let before: CsatSettings;
let settingsPath: string;

beforeAll(async () => {
  admin = await apiSession(inject('baseUrl'), ADMIN, DEMO_PASSWORD);
  const found = (await admin.call<Channel[]>('GET', '/channels')).find(
    (c) => c.type === 'line' && c.externalId === DEMO_LINE.channelId,
  );
  if (!found) throw new Error('the demo LINE channel was not found');
  channel = found;
  settingsPath = `/channels/${channel.id}/csat`;
  before = await admin.call<CsatSettings>('GET', settingsPath);
});

afterAll(async () => {
  // The other journeys meet the demo LINE account as it was: no survey after their resolutions.
  await admin.call('PUT', settingsPath, before);
  await admin.dispose();
});

const activityTexts = (page: Page) =>
  page
    .getByTestId('message-list')
    .getByTestId('activity-line')
    .locator('.activity-line__text')
    .allTextContents();

/** Opens the channel's drawer from the list and its survey tab; resolves to the survey's form. */
async function openSurveyTab(page: Page, lang: Locale) {
  await page.goto(`/setting/channel?lang=${lang}`);
  await page
    .locator('.ant-table-row', { hasText: channel.name })
    .getByRole('button', { name: text(lang, 'channels.edit'), exact: true })
    .click();
  await page.getByTestId('csat-tab').click();
  const form = page.getByTestId('csat-settings-form');
  await form.waitFor();
  return form;
}

/** Clicks the export's format and resolves to the downloaded file's name and content. */
async function download(page: Page, lang: Locale, format: 'csv' | 'xlsx') {
  await page.getByTestId('export-button').click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('menuitem', {
        name: text(lang, format === 'csv' ? 'reports.export.csv' : 'reports.export.xlsx'),
      })
      .click(),
  ]);
  return { name: file.suggestedFilename(), body: await readFile(await file.path()) };
}

/** Every cell of a CSV (with its BOM) or XLSX file, as text. */
async function cellsOf(format: 'csv' | 'xlsx', body: Buffer): Promise<string> {
  if (format === 'csv') return body.toString('utf8');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer);
  const cells: string[] = [];
  book.worksheets[0]!.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
  return cells.join('\n');
}

const lang = 'th' as Locale;
describe('customer satisfaction in th', () => {
  const t = (key: TranslationKey, values?: Record<string, string | number>) => text(lang, key, values);
  const marker = `${lang}-${Date.now() % 100_000}`;
  // The survey goes out in the customer's language: Thai for a customer writing Thai.
  const texts =
    lang === 'th'
      ? {
          hello: 'สวัสดีค่ะ สั่งเสื้อไปแล้วยังไม่ได้รับของเลยค่ะ',
          question: `ช่วยให้คะแนนการบริการของเราหน่อยนะคะ (${marker})`,
          thankYou: `ขอบคุณมากค่ะ อยากบอกอะไรเพิ่มเติม พิมพ์มาได้เลยนะคะ (${marker})`,
          comment: `แอดมินตอบเร็วมาก ได้ของแล้วค่ะ ${marker}`,
        }
      : {
          hello: 'Hello, my order has not arrived yet',
          question: `How did we do? Tap a rating (${marker})`,
          thankYou: `Thanks a lot! Tell us more if you like (${marker})`,
          comment: `Quick and friendly, thank you ${marker}`,
        };

  it('sends the survey set in the channel, and shows the rating and comment in the chat, the report and the dashboard', async () => {
    const { context, page, errors } = await openSignedIn(browser(), ADMIN, lang);

    // The survey tab of the LINE channel: an empty text is refused, then the survey is turned on.
    let form = await openSurveyTab(page, lang);
    const question = form.getByTestId(`csat-question-${lang}`);
    const thankYou = form.getByTestId(`csat-thank-you-${lang}`);
    await question.fill('   ');
    await form.getByTestId('csat-settings-save').click();
    await form.getByText(t('channels.csat.required', { max: 500 })).waitFor();
    await snap(page, `csat-settings-invalid-desktop-${lang}`);
    await question.fill(texts.question);
    await thankYou.fill(texts.thankYou);
    const enabled = form.getByTestId('csat-enabled');
    if ((await enabled.getAttribute('aria-checked')) !== 'true') await enabled.click();
    await form.getByTestId('csat-settings-unsaved').waitFor();
    await page.locator('#csat-settings-title').scrollIntoViewIfNeeded();
    await snap(page, `csat-settings-desktop-${lang}`);
    await form.getByTestId('csat-settings-save').click();
    await noticeShows(page, lang, 'channels.csat.saved');
    await form.getByTestId('csat-settings-unsaved').waitFor({ state: 'detached' });
    const saved = await admin.call<CsatSettings>('GET', settingsPath);
    expect(saved.enabled).toBe(true);
    expect(saved.question[lang]).toBe(texts.question);
    expect(saved.thankYou[lang]).toBe(texts.thankYou);
    // Kept: the tab opened again shows the saved texts.
    form = await openSurveyTab(page, lang);
    expect(await form.getByTestId(`csat-question-${lang}`).inputValue()).toBe(texts.question);
    expect(await form.getByTestId('csat-enabled').getAttribute('aria-checked')).toBe('true');

    // A customer writes and the issue goes to the manager (an agent of the LINE account's team); the admin
    // resolves it as a success in the chat and closes it.
    const customer = await newLineCustomer(`Khun CSAT ${lang.toUpperCase()}`);
    await customer.says(texts.hello);
    const issueId = await issueOf(admin, customer.name);
    await admin.call('PUT', `/issues/${issueId}/assignee`, { userId: await userIdOf(MANAGER) });
    await page.goto(`/issue/inbox?lang=${lang}&issueId=${issueId}`);
    const chat = page.getByTestId('chat-pane');
    await chat.locator('[data-status="on-going"]').waitFor();
    await liveOpen(page);
    await page.getByTestId('status-menu').click();
    await page.getByTestId('status-resolved-success').click();
    await noticeShows(page, lang, 'inbox.actions.statusChanged');
    await chat.locator('[data-status="resolved-success"]').waitFor();

    // The survey leaves at once: the info panel waits for the customer's rating.
    const info = page.getByTestId('issue-info');
    await info.getByTestId('csat-waiting').waitFor({ timeout: 15_000 });
    await page
      .getByTestId('message-list')
      .getByTestId('activity-line')
      .filter({ hasText: t('inbox.trail.csatSent') })
      .waitFor();
    await snap(page, `csat-chat-waiting-desktop-${lang}`);
    await page.getByTestId('status-menu').click();
    await page.getByTestId('status-close').click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: t('inbox.actions.close') })
      .click();
    await chat.locator('[data-status="close"]').waitFor();

    // The customer got the question with five buttons, ⭐ to ⭐⭐⭐⭐⭐, and taps five stars.
    const surveyMessage = await vi.waitFor(
      async () => {
        const found = (await customer.receivedMessages()).find((m) => m.quickReply);
        if (!found) throw new Error('the survey has not reached the customer yet');
        return found;
      },
      { timeout: 20_000, interval: 250 },
    );
    expect(surveyMessage.text).toBe(texts.question);
    const items = (surveyMessage.quickReply as { items: QuickReplyItem[] }).items;
    expect(items.map((item) => item.action.label)).toEqual(['⭐', '⭐⭐', '⭐⭐⭐', '⭐⭐⭐⭐', FIVE_STARS]);
    const fiveStars = items.find((item) => item.action.label === FIVE_STARS)!.action.data;
    expect(fiveStars).toBeTruthy();
    await customer.taps(fiveStars!);

    // The thank-you invites a comment; the customer's next message is it.
    await expect.poll(() => customer.received(), { timeout: 20_000 }).toContain(texts.thankYou);
    await expect.poll(() => info.getByTestId('csat-rating').textContent(), { timeout: 15_000 }).toBe('5/5');
    await customer.says(texts.comment);
    await expect
      .poll(() => info.getByTestId('csat-comment').textContent(), { timeout: 15_000 })
      .toBe(texts.comment);
    expect(await info.getByTestId('csat-stars').getAttribute('aria-label')).toBe(
      t('inbox.info.csatStars', { rating: 5 }),
    );
    await expect
      .poll(() => activityTexts(page), { timeout: 15_000 })
      .toEqual(
        expect.arrayContaining([
          t('inbox.trail.csatSent'),
          t('inbox.trail.csatRated', { rating: 5 }),
          t('inbox.trail.csatCommented', { comment: texts.comment }),
        ]),
      );
    await snap(page, `csat-chat-rated-desktop-${lang}`);

    // The satisfaction report, from the menu: the rating with its comment and a link to the chat.
    const [reportResponse] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/reports/csat' && r.ok()),
      openFromMenu(page, lang, 'nav.csatReport', '/report/csat', 'csat-page'),
    ]);
    const report = (await reportResponse.json()) as { summary: { responses: number } };
    expect(report.summary.responses).toBeGreaterThan(0);
    const row = page.getByTestId('csat-rating').filter({ hasText: texts.comment });
    await row.waitFor();
    expect(await row.innerText()).toContain(customer.name);
    expect(await row.innerText()).toContain(channel.name);
    expect(await row.getByRole('img').getAttribute('aria-label')).toBe(
      t('reports.csat.stars', { rating: 5 }),
    );
    const link = row.getByTestId('csat-issue-link');
    expect(await link.getAttribute('href')).toBe(`/issue/inbox?issueId=${issueId}&lang=${lang}`);
    await expect
      .poll(() => page.getByTestId('csat-csatResponses').locator('.figure-tile__value').innerText())
      .toBe(report.summary.responses.toLocaleString('en-GB'));

    // Narrowed to five stars with a comment: the server is asked again and the rating stays.
    const reportAsked = (part: string) =>
      page.waitForResponse(
        (r) => r.url().includes('/api/v1/reports/csat?') && r.url().includes(part) && r.ok(),
      );
    await page.locator('#rating-filter').click();
    await Promise.all([
      reportAsked('rating=5'),
      page
        .locator('.ant-select-dropdown:has(#rating-filter_list) .ant-select-item-option', { hasText: '5/5' })
        .click(),
    ]);
    await Promise.all([reportAsked('withComment=true'), page.getByTestId('with-comment-switch').click()]);
    await row.waitFor();
    expect(new URL(page.url()).searchParams.get('rating')).toBe('5');
    await snap(page, `csat-report-desktop-${lang}`);

    // Exported as on screen: a CSV in English, an XLSX in Thai, holding the comment.
    const format = lang === 'en' ? 'csv' : 'xlsx';
    const file = await download(page, lang, format);
    expect(file.name).toMatch(new RegExp(`^csat-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}\\.${format}$`));
    const cells = await cellsOf(format, file.body);
    expect(cells).toContain(texts.comment);
    expect(cells).toContain(customer.name);

    // The chat opens from the report.
    await link.click();
    await page.waitForURL(
      (url) => url.pathname === '/issue/inbox' && url.searchParams.get('issueId') === `${issueId}`,
    );
    await page.getByTestId('issue-info').getByTestId('csat-comment').waitFor();

    // The dashboard counts the ratings beside the other figures.
    const [dashboardResponse] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/dashboard' && r.ok()),
      openFromMenu(page, lang, 'nav.dashboard', '/dashboard', 'dashboard-page'),
    ]);
    const dashboard = (await dashboardResponse.json()) as { figures: Figures };
    expect(dashboard.figures.current.csatResponses).toBeGreaterThan(0);
    const tile = page.getByTestId('figure-csatResponses');
    await expect
      .poll(() => tile.locator('.figure-tile__value').innerText())
      .toBe(dashboard.figures.current.csatResponses.toLocaleString('en-GB'));
    expect(await tile.locator('.figure-tile__label').innerText()).toBe(t('reports.metric.csatResponses'));
    await page.getByTestId('figure-csatPercent').waitFor();
    await page.getByTestId('statistics-card').locator('canvas').first().waitFor();
    await snap(page, `csat-dashboard-desktop-${lang}`);
    expect(errors).toEqual([]);
    await context.close();

    // On a phone: the chat's info sheet, then the report from the drawer.
    const phone = await openSignedIn(
      browser(),
      ADMIN,
      lang,
      'phone',
      `/mobile/issue/chat?lang=${lang}&issueId=${issueId}`,
    );
    await phone.page.getByTestId('show-info').click();
    const sheet = phone.page.getByTestId('info-sheet');
    await expect.poll(() => sheet.getByTestId('csat-rating').textContent()).toBe('5/5');
    expect(await sheet.getByTestId('csat-comment').textContent()).toBe(texts.comment);
    await snap(phone.page, `csat-chat-info-phone-${lang}`);
    await phone.page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    await phone.page.getByTestId('menu-button').click();
    await phone.page.getByTestId('drawer-menu').getByText(t('nav.csatReport'), { exact: true }).click();
    await phone.page.waitForURL(
      (url) => url.pathname === '/mobile/report/csat' && url.searchParams.get('lang') === lang,
    );
    const card = phone.page.getByTestId('csat-rating').filter({ hasText: texts.comment });
    await card.waitFor();
    expect(await card.getByTestId('csat-issue-link').getAttribute('href')).toBe(
      `/mobile/issue/chat?issueId=${issueId}&lang=${lang}`,
    );
    await snap(phone.page, `csat-report-phone-${lang}`);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
