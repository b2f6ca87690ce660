// "Export this person's data" (PDPA rights of access and portability): one zip holding
// profile.json (the contact with its identities and issues), messages.csv (every message of every issue,
// oldest first, UTF-8 with a BOM for Excel) and attachments/ (each message's files, named as the CSV lists
// them). Everything is streamed: messages are read in batches and each file is opened only when the zip
// reaches it, so a long history never sits in memory.
import { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { contactsTexts } from '@sabai/i18n/contacts';
import { formatDateTime } from '@sabai/domain';
import { csvLines } from '../../platform/csv';
import type { PersonMessageRow } from './contacts.repo';

type Lang = 'en' | 'th';

export type PersonSource = {
  profile: unknown;
  messageBatches: () => AsyncIterable<PersonMessageRow[]>;
  /** The bytes of a stored file, or nothing when it is gone. */
  fileBytes: (fileId: string) => AsyncIterable<Buffer>;
};

type Attachment = { fileId: string; path: string };

/** Where a message's file sits in the zip: unique per file, readable, and safe on every file system. */
export function attachmentPath(messageId: number, fileId: string, filename: string): string {
  const safe = filename.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(-100) || 'file';
  return `attachments/${messageId}-${fileId.slice(0, 8)}-${safe}`;
}

function messageColumns(lang: Lang, timeZone: string) {
  const texts = contactsTexts[lang].contacts.personExport;
  const headings = texts.message;
  return {
    header: [
      headings.issue,
      headings.time,
      headings.direction,
      headings.sender,
      headings.kind,
      headings.text,
      headings.internalNote,
      headings.attachments,
    ],
    row: (m: PersonMessageRow, paths: string[]) => [
      m.issue_id,
      formatDateTime(m.created_at, timeZone),
      texts.direction[m.direction],
      texts.sender[m.sender_type],
      m.kind,
      m.text ?? '',
      m.is_private_note ? texts.yes : '',
      paths.join(' '),
    ],
  };
}

/** The person's zip as a stream; `onError` hears of a failure after the response has started. */
export function personArchive(
  source: PersonSource,
  opts: { lang: Lang; timeZone: string },
  onError: (err: unknown) => void,
): Readable {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  archive.on('warning', onError);
  archive.on('error', (err) => {
    onError(err);
    archive.destroy(err);
  });
  archive.append(`${JSON.stringify(source.profile, null, 2)}\n`, { name: 'profile.json' });

  const columns = messageColumns(opts.lang, opts.timeZone);
  const found: Attachment[] = [];
  async function* messagesCsv() {
    yield Buffer.from(csvLines([columns.header], { bom: true }));
    for await (const rows of source.messageBatches()) {
      const lines = rows.map((m) => {
        const files = (m.attachments ?? []).map((a) => ({
          fileId: a.file_id,
          path: attachmentPath(m.id, a.file_id, a.filename),
        }));
        found.push(...files);
        const paths = files.map((f) => f.path);
        return columns.row(m, paths);
      });
      if (lines.length) yield Buffer.from(csvLines(lines));
    }
    // The files the CSV listed follow it; each is read from storage only when the zip gets to it.
    for (const file of found) {
      archive.append(Readable.from(source.fileBytes(file.fileId), { objectMode: false }), {
        name: file.path,
      });
    }
    void archive.finalize();
  }
  archive.append(Readable.from(messagesCsv(), { objectMode: false }), { name: 'messages.csv' });
  return archive;
}
