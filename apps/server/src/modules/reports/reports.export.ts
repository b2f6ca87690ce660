// A performance report as a file (CSV with a BOM so Excel reads Thai, or XLSX): one line per channel, team or
// agent and a total line; each figure, and with a compare period its value before and the change in percent.
// Times in minutes, rates in percent. Headings come from the reports catalogue in the caller's language.
import ExcelJS from 'exceljs';
import { resources } from '@sabai/i18n';
import { reportsTexts } from '@sabai/i18n/reports';
import type { CsatReport, PerformanceReport, ReportFigures } from '@sabai/contracts';
import { localDateTimeText, type ReportMetrics } from '@sabai/domain';
import { csvLines } from '../../platform/csv';

type Lang = 'en' | 'th';
type Cell = string | number;

const EXPORTED: ReadonlyArray<{
  key: keyof ReportMetrics;
  label: keyof typeof reportsTexts.en.reports.metric;
  minutes?: boolean;
  business?: boolean;
}> = [
  { key: 'issues', label: 'issues' },
  { key: 'resolved', label: 'resolved' },
  { key: 'closed', label: 'closed' },
  { key: 'firstResponseSeconds', label: 'firstResponseSeconds', minutes: true },
  { key: 'firstResponseBusinessSeconds', label: 'firstResponseSeconds', minutes: true, business: true },
  { key: 'responseSeconds', label: 'responseSeconds', minutes: true },
  { key: 'responseBusinessSeconds', label: 'responseSeconds', minutes: true, business: true },
  { key: 'resolvedSeconds', label: 'resolvedSeconds', minutes: true },
  { key: 'resolvedBusinessSeconds', label: 'resolvedSeconds', minutes: true, business: true },
  { key: 'resolvedPerDay', label: 'resolvedPerDay' },
  { key: 'closeSuccessRate', label: 'closeSuccessRate' },
  { key: 'successRate', label: 'successRate' },
  { key: 'conversionRate', label: 'conversionRate' },
  { key: 'csatResponses', label: 'csatResponses' },
  { key: 'csatResponseRate', label: 'csatResponseRate' },
  { key: 'csatPercent', label: 'csatPercent' },
  { key: 'csatAverage', label: 'csatAverage' },
  { key: 'slaMet', label: 'slaMet' },
  { key: 'slaBreached', label: 'slaBreached' },
  { key: 'slaMetPercent', label: 'slaMetPercent' },
  { key: 'slaFirstResponseMetPercent', label: 'slaFirstResponseMetPercent' },
  { key: 'slaNextResponseMetPercent', label: 'slaNextResponseMetPercent' },
  { key: 'slaResolutionMetPercent', label: 'slaResolutionMetPercent' },
];

const round = (n: number) => Math.round(n * 10) / 10;
const valueOf = (v: number | null, minutes?: boolean): Cell =>
  v === null ? '' : round(minutes ? v / 60 : v);

/** The table of the file: headings, then a line per row and the total. */
export function reportTable(report: PerformanceReport, lang: Lang): Cell[][] {
  const texts = reportsTexts[lang].reports;
  const withCompare = report.compare !== null;
  const heading = (e: (typeof EXPORTED)[number]) => {
    const name = texts.metric[e.label];
    const unit = e.minutes ? ` (${texts.duration.minutes.replace('{{value}} ', '')})` : '';
    return `${name}${e.business ? ` – ${texts.businessHours}` : ''}${unit}`;
  };
  const headings: Cell[] = [texts.column[report.kind]];
  for (const e of EXPORTED) {
    headings.push(heading(e));
    if (withCompare) {
      headings.push(texts.column.previous.replace('{{name}}', heading(e)));
      headings.push(texts.column.change.replace('{{name}}', heading(e)));
    }
  }
  const line = (name: string, f: ReportFigures): Cell[] => {
    const cells: Cell[] = [name];
    for (const e of EXPORTED) {
      cells.push(valueOf(f.current[e.key], e.minutes));
      if (withCompare) {
        cells.push(valueOf(f.previous?.[e.key] ?? null, e.minutes));
        cells.push(valueOf(f.change?.[e.key] ?? null));
      }
    }
    return cells;
  };
  const nameOf = (r: PerformanceReport['rows'][number]) =>
    r.deleted ? resources[lang].translation.common.deletedPerson.replace('{{name}}', r.name) : r.name;
  return [headings, ...report.rows.map((r) => line(nameOf(r), r)), line(texts.column.total, report.total)];
}

export function reportCsv(table: Cell[][]): string {
  return csvLines(table, { bom: true });
}

export async function reportXlsx(table: Cell[][], sheetName: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  for (const line of table) sheet.addRow(line);
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((c, i) => (c.width = i === 0 ? 28 : 16));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The CSAT report as a table: one line per rating, newest first, with the time in the organisation's zone. */
export function csatTable(report: CsatReport, lang: Lang, timeZone: string): Cell[][] {
  const c = reportsTexts[lang].reports.csat.column;
  const headings: Cell[] = [c.ratedAt, c.rating, c.comment, c.contact, c.channel, c.team, c.agent, c.issue];
  return [
    headings,
    ...report.items.map((r) => [
      localDateTimeText(new Date(r.ratedAt), timeZone),
      r.rating,
      r.comment ?? '',
      r.contactName,
      r.channel.name,
      r.team?.name ?? '',
      r.agent?.name ?? '',
      r.issueId,
    ]),
  ];
}
