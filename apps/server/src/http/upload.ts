// Reading the one file of a multipart upload. The parser stops a file at its `fileSize` limit by cutting it
// short without an error, so the parser's limit sits one byte above the route's: the storage, which counts
// while streaming, then sees the extra byte and refuses the file (413 `file.too_large`, nothing kept).
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { badRequest } from './errors';

export type Upload = { filename: string; mimetype: string; stream: Readable };

/** The request's file; `maxBytes` is the most any file may have on this route (storage checks the rest). */
export async function readUpload(req: FastifyRequest, maxBytes: number): Promise<Upload> {
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    file = await req.file({ limits: { fileSize: maxBytes + 1, files: 1 } });
  } catch (err) {
    // Fastify's and the plugin's own errors carry a code the error handler maps; a header the parser cannot
    // use (no boundary) throws a plain Error.
    if (typeof err === 'object' && err !== null && 'code' in err) throw err;
    throw badRequest('request.invalid', err instanceof Error ? err.message : 'Malformed multipart body');
  }
  if (!file) throw badRequest('file.missing');
  return { filename: file.filename, mimetype: file.mimetype, stream: file.file };
}
