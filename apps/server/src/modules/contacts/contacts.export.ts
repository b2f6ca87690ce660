// The contact export: the current search result as CSV (UTF-8 with a BOM, so Excel reads Thai)
// or XLSX, written while it is read. Rows come from the database in keyset batches, so memory holds one
// batch whatever the size of the export, and no transaction stays open while a slow client downloads.
import { PassThrough, type Readable } from 'node:stream';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { contactsTexts } from '@sabai/i18n/contacts';
import { formatDateTime, provinceName } from '@sabai/domain';
import { csvLines } from '../../platform/csv';
import type { ContactRow } from './contacts.repo';

export const EXPORT_BATCH = 1000;

type Lang = 'en' | 'th';
type Column = { heading: string; value: (row: ContactRow) => string | number };

function columnsOf(lang: Lang, timeZone: string): Column[] {
  const texts = contactsTexts[lang].contacts;
  const f = texts.field;
  const when = (d: Date | string | null) => (d ? formatDateTime(d, timeZone) : '');
  return [
    { heading: f.displayName, value: (r) => r.display_name },
    { heading: f.name, value: (r) => r.name },
    { heading: f.email, value: (r) => r.email ?? '' },
    // Digits as text: a number column would drop the leading 0.
    { heading: f.mobileNumber, value: (r) => r.mobile_number ?? '' },
    { heading: f.birthdate, value: (r) => r.birthdate ?? '' },
    { heading: f.gender, value: (r) => (r.gender ? texts.gender[r.gender] : '') },
    { heading: f.province, value: (r) => (r.province ? provinceName(r.province, lang) : '') },
    { heading: f.address, value: (r) => r.address ?? '' },
    { heading: f.location, value: (r) => r.location ?? '' },
    { heading: f.channel, value: (r) => [...new Set((r.channels ?? []).map((c) => c.type))].join(', ') },
    { heading: f.page, value: (r) => (r.channels ?? []).map((c) => c.name).join(', ') },
    { heading: f.lastContact, value: (r) => when(r.last_contact_at) },
    { heading: f.createdAt, value: (r) => when(r.created_at) },
    { heading: f.openIssue, value: (r) => r.open_issue_id ?? '' },
    { heading: f.consentStatus, value: (r) => texts.consent[r.consent_status] },
    { heading: f.consentAt, value: (r) => when(r.consent_at) },
  ];
}

export type ExportOptions = { lang: Lang; timeZone: string };

/** CSV bytes of the batches, one chunk per batch. */
export async function* csvChunks(batches: AsyncIterable<ContactRow[]>, opts: ExportOptions) {
  const columns = columnsOf(opts.lang, opts.timeZone);
  yield csvLines([columns.map((c) => c.heading)], { bom: true });
  for await (const rows of batches) {
    yield csvLines(rows.map((r) => columns.map((c) => c.value(r))));
  }
}

/**
 * An XLSX workbook streamed as it is written: exceljs's streaming writer commits each row to the zip, and
 * the loop waits for the client to drain before reading the next batch.
 */
export function xlsxStream(
  batches: AsyncIterable<ContactRow[]>,
  opts: ExportOptions,
  onError: (err: unknown) => void,
): Readable {
  const out = new PassThrough();
  const columns = columnsOf(opts.lang, opts.timeZone);
  void (async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
    const sheet = workbook.addWorksheet(contactsTexts[opts.lang].contacts.title);
    sheet.columns = columns.map((c) => ({ header: c.heading, width: 20 }));
    for await (const rows of batches) {
      for (const r of rows) sheet.addRow(columns.map((c) => c.value(r))).commit();
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => {
    onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
