// GET /contacts/export (the current search result as CSV or XLSX) and GET /contacts/{id}/export (one
// person's zip), saved as files by the browser.
import { contactQuery, type ContactSearch } from '../utils/contact-query';
import { routes } from '@sabai/contracts';
import { apiFile } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';

export type ExportFormat = 'csv' | 'xlsx';
/** Rows written so far (CSV, counted by line) or bytes (XLSX, compressed), of `total` contacts. */
export type ExportProgress = { total: number; rows: number | null; bytes: number };

const NEWLINE = 10;

/** Downloads the export and hands it to the browser as `contacts-<date>.<format>`. */
export async function exportContacts(
  search: ContactSearch,
  opts: { format: ExportFormat; lang: 'en' | 'th'; ids?: string[] },
  onProgress: (progress: ExportProgress) => void,
): Promise<number> {
  const query = {
    ...contactQuery(search),
    format: opts.format,
    lang: opts.lang,
    ...(opts.ids?.length ? { ids: opts.ids } : {}),
  };
  let total = 0;
  let lines = 0;
  let bytes = 0;
  const blob = await apiFile(routes.contacts.exportList, { query }, (chunk, headers) => {
    total = Number(headers.get('x-total-count') ?? 0);
    bytes += chunk.length;
    if (opts.format === 'csv') for (const b of chunk) if (b === NEWLINE) lines += 1;
    // The first line of a CSV is the heading.
    onProgress({ total, rows: opts.format === 'csv' ? Math.max(0, lines - 1) : null, bytes });
  });
  saveFile(blob, `contacts-${today()}.${opts.format}`);
  return total;
}

/** GET /contacts/{id}/export: one person's profile, messages and attachments as a zip (PDPA access right). */
export async function exportPerson(contactId: string, lang: 'en' | 'th'): Promise<void> {
  const blob = await apiFile(routes.contacts.exportPerson, { params: { id: contactId }, query: { lang } });
  saveFile(blob, `contact-${contactId.slice(0, 8)}-${today()}.zip`);
}

const today = () => new Date().toISOString().slice(0, 10);
