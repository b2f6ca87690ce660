// Every file the API hands out (exports as CSV, XLSX or zip): one content type per format, and headers that
// make the browser save it under its name and never cache it (exports hold personal data).
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export type DownloadFormat = 'csv' | 'xlsx' | 'zip';

const CONTENT_TYPES: Record<DownloadFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

export function sendDownload(
  reply: FastifyReply,
  file: {
    format: DownloadFormat;
    filename: string;
    body: string | Buffer | Readable | NodeJS.ReadableStream;
    headers?: Record<string, string>;
  },
) {
  return reply
    .headers(file.headers ?? {})
    .header('content-type', CONTENT_TYPES[file.format])
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}
