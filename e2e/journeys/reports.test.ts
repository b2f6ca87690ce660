// Dashboard and performance reports (/dashboard, /report/* and their /mobile twins): the
// figures on screen are the API's, the period, compare period, channel and team controls ask the server
// again, each report opens from the menu (or the phone drawer), and an export downloads a file that is read
// back. Desktop and phone, in English.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import type { Locale, Viewport } from '../support/browser';
import { openSignedIn, useBrowser } from '../support/journey';
import { openFromMenu, snap } from '../support/settings';
import { text } from '../support/texts';

const browser = useBrowser();

type Dashboard = {
  period: { from: string; to: string };
  compare: { from: string; to: string } | null;
  figures: { current: { issues: number } };
  options: { channels: Array<{ id: string; name: string }>; teams: Array<{ id: string; name: string }> };
};

/** Changes a control and resolves to the dashboard the server answered for it. */
async function dashboardAfter(
  page: Page,
  change: () => Promise<unknown>,
  expectInQuery: string,
): Promise<Dashboard> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().includes('/api/v1/dashboard?') && r.url().includes(expectInQuery) && r.ok(),
    ),
    change(),
  ]);
  return (await response.json()) as Dashboard;
}

/** Picks an option of one of the report controls (the app's select) by its label. */
async function pick(page: Page, testId: string, label: string): Promise<void> {
  await page.locator(`#${testId}`).click();
  await page
    .locator(`.ant-select-dropdown:has(#${testId}_list) .ant-select-item-option`, { hasText: label })
    .first()
    .click();
}

/** The label a report control shows. */
const picked = (page: Page, testId: string) => page.getByTestId(testId).innerText();

/** The issue total tile shows the server's figure. */
async function totalShows(page: Page, issues: number) {
  await expect
    .poll(() => page.getByTestId('figure-issues').locator('.figure-tile__value').innerText())
    .toBe(issues.toLocaleString('en-GB'));
}

const REPORTS: Array<{ kind: 'channel' | 'team' | 'agent'; label: TranslationKey }> = [
  { kind: 'channel', label: 'nav.channelPerformance' },
  { kind: 'team', label: 'nav.teamPerformance' },
  { kind: 'agent', label: 'nav.agentPerformance' },
];

async function openReport(page: Page, lang: Locale, viewport: Viewport, kind: string, label: TranslationKey) {
  const path = `/report/${kind}-performance`;
  if (viewport === 'desktop') {
    await openFromMenu(page, lang, label, path, `${kind}-performance-page`);
    return;
  }
  await page.getByTestId('menu-button').click();
  await page.getByTestId('drawer-menu').getByText(text(lang, label), { exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/mobile${path}` && url.searchParams.get('lang') === lang);
  await page.getByTestId(`${kind}-performance-page`).waitFor();
}

const lang = 'en' as Locale;
describe.each<Viewport>(['desktop', 'phone'])('dashboard and reports on %s in en', (viewport) => {
  const t = (key: TranslationKey) => text(lang, key);

  it('changes period, compare period and filters, opens each report and exports one', async () => {
    const { context, page, errors } = await openSignedIn(browser(), 'admin@demo.local', lang, viewport);
    await page.getByTestId('dashboard-page').waitFor();
    if (viewport === 'phone') expect(new URL(page.url()).pathname).toBe('/mobile/dashboard');
    await page.getByTestId('overall-card').getByText(t('reports.metric.issues')).waitFor();

    // A longer period asks the server again; the tile shows its answer.
    const month = await dashboardAfter(
      page,
      () => pick(page, 'period-select', t('reports.period.last30Days')),
      'compareFrom',
    );
    expect(month.compare).not.toBeNull();
    await totalShows(page, month.figures.current.issues);
    expect(month.figures.current.issues).toBeGreaterThan(0);
    await page.getByTestId('change-issues').waitFor();

    // Without a compare period, no change is shown; back to the previous period.
    const alone = await dashboardAfter(
      page,
      () => pick(page, 'compare-select', t('reports.compare.none')),
      'to=',
    );
    expect(alone.compare).toBeNull();
    await expect.poll(() => page.getByTestId('change-issues').count()).toBe(0);
    // The previous period's answer is still cached: the change comes back without asking again.
    await pick(page, 'compare-select', t('reports.compare.previous'));
    await page.getByTestId('change-issues').waitFor();

    // Filters by channel, then by team: the server's figures again.
    // The demo channel and team: other journeys add channels and teams without issues.
    const channel =
      month.options.channels.find((c) => c.name === 'Sabai LINE OA') ?? month.options.channels[0];
    const byChannel = await dashboardAfter(
      page,
      () => pick(page, 'channel-filter', channel!.name),
      `channel=${channel!.id}`,
    );
    await totalShows(page, byChannel.figures.current.issues);
    const team = month.options.teams.find((x) => x.name === 'Customer Care') ?? month.options.teams[0];
    const byTeam = await dashboardAfter(
      page,
      () => pick(page, 'team-filter', team!.name),
      `team=${team!.id}`,
    );
    await totalShows(page, byTeam.figures.current.issues);
    await page.getByTestId('statistics-card').locator('canvas').first().waitFor();
    await page.getByTestId('status-summary').locator('canvas').first().waitFor();
    await snap(page, `reports-dashboard-${viewport}-${lang}`);

    // Longer periods plot by week, then by month; the chosen period is in the address and survives a reload.
    const chart = page.getByTestId('statistics-chart');
    await dashboardAfter(page, () => pick(page, 'period-select', t('reports.period.last90Days')), 'from=');
    await expect.poll(() => chart.getAttribute('data-granularity')).toBe('week');
    await dashboardAfter(page, () => pick(page, 'period-select', t('reports.period.last12Months')), 'from=');
    await expect.poll(() => chart.getAttribute('data-granularity')).toBe('month');
    expect(new URL(page.url()).searchParams.get('period')).toBe('last12Months');
    expect(new URL(page.url()).searchParams.get('team')).toBe(team!.id);
    await page.reload();
    await expect.poll(() => picked(page, 'period-select')).toBe(t('reports.period.last12Months'));
    await expect.poll(() => chart.getAttribute('data-granularity')).toBe('month');
    expect(await picked(page, 'team-filter')).toBe(team!.name);
    expect(new URL(page.url()).searchParams.get('lang')).toBe(lang);

    for (const report of REPORTS) {
      await openReport(page, lang, viewport, report.kind, report.label);
      const table = page.getByTestId('report-table');
      await table.locator('.ant-table-row').first().waitFor();
      await page.getByTestId('report-chart-card').locator('canvas').first().waitFor();
      if (report.kind === 'team') await table.getByTestId('top-members').first().waitFor();
      await snap(page, `reports-${report.kind}-${viewport}-${lang}`);
    }

    // The agent report as a file: CSV in English, XLSX in Thai, read back.
    const format = lang === 'en' ? 'csv' : 'xlsx';
    await page.getByTestId('export-button').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('menuitem', { name: t(format === 'csv' ? 'reports.export.csv' : 'reports.export.xlsx') })
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^agent-performance-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}\\.${format}$`),
    );
    const file = await readFile((await download.path())!);
    const rows: string[][] = [];
    if (format === 'csv') {
      for (const line of file
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'))
        rows.push(line.split(','));
    } else {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(
        file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer,
      );
      workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map(String)));
    }
    expect(rows[0]![0]).toBe(t('reports.column.agent'));
    expect(rows[0]![1]).toBe(t('reports.metric.issues'));
    expect(rows.at(-1)![0]).toBe(t('reports.column.total'));
    const shownRows = await page.getByTestId('report-table').locator('.ant-table-row').count();
    expect(rows.length).toBe(shownRows + 2);

    expect(errors).toEqual([]);
    await context.close();
  });
});
