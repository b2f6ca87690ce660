// Reading the one file of a multipart upload. The parser stops a file at its `fileSize` limit by cutting it
// short without an error, so the parser's limit sits one byte above the route's: the storage, which counts
// while streaming, then sees the extra byte and refuses the file (413 `file.too_large`, nothing kept).
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { FILE_MAX_BYTES } from '@sabai/domain';
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

/** More than any upload route takes (the largest file plus its multipart framing), read only to be dropped. */
const DRAIN_LIMIT_BYTES = 2 * FILE_MAX_BYTES;

/**
 * After a response that left the request body partly unread (an upload refused while streaming), reads and
 * drops the rest: until it is read, the keep-alive connection cannot carry the next request. A body that goes
 * on past any upload's size closes the connection instead.
 */
export function drainUnreadBody(request: FastifyRequest) {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  let drained = 0;
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT_BYTES) raw.socket.destroy();
  });
  raw.resume();
}
