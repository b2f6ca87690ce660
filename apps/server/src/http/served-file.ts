// How a stored file is served from the app's origin. Its declared type came from a user's browser or a
// provider and is not trusted: a file claiming image/svg+xml or text/html would run script here. Images are
// named by their bytes, audio and video play inline, a few harmless document types download as themselves,
// and everything else downloads as application/octet-stream.
import { Readable } from 'node:stream';
import { isAllowedAttachment } from '@sabai/domain';

/** The files route's CSP: nothing loads or runs, and a document opened from here is sandboxed. */
export const FILES_CSP =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

const SIGNATURES: Array<{ type: string; matches(head: Buffer): boolean }> = [
  { type: 'image/png', matches: (h) => h.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')) },
  { type: 'image/jpeg', matches: (h) => h.subarray(0, 3).equals(Buffer.from('ffd8ff', 'hex')) },
  { type: 'image/gif', matches: (h) => /^GIF8[79]a/.test(h.subarray(0, 6).toString('latin1')) },
  {
    type: 'image/webp',
    matches: (h) =>
      h.subarray(0, 4).toString('latin1') === 'RIFF' && h.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** Bytes enough to recognise every signature above. */
export const SNIFF_BYTES = 12;

/** The raster image type the bytes start with, else null. */
export function imageTypeOf(head: Buffer): string | null {
  return SIGNATURES.find((s) => s.matches(head))?.type ?? null;
}

/** The type and disposition to serve a file with, from its first bytes and its declared type. */
export function servedType(declared: string, head: Buffer): { contentType: string; inline: boolean } {
  const image = imageTypeOf(head);
  if (image) return { contentType: image, inline: true };
  const essence = (declared.split(';')[0] ?? '').trim().toLowerCase();
  if (/^(video|audio)\/[a-z0-9.+-]+$/.test(essence)) return { contentType: essence, inline: true };
  // Declared images whose bytes are no raster image (SVG, HTML in disguise) fall through to a download.
  if (isAllowedAttachment(essence) && !essence.startsWith('image/') && !essence.startsWith('video/'))
    return { contentType: essence === 'text/plain' ? 'text/plain; charset=utf-8' : essence, inline: false };
  return { contentType: 'application/octet-stream', inline: false };
}

/** `inline`/`attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266, RFC 8187). */
export function contentDisposition(inline: boolean, filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

/** Reads the first chunk (for sniffing) and returns it with a stream of the whole body. */
export async function peek(stream: Readable): Promise<{ head: Buffer; body: Readable }> {
  const chunks = stream[Symbol.asyncIterator]();
  const first = await chunks.next();
  const head = first.done ? Buffer.alloc(0) : Buffer.from(first.value as Buffer);
  async function* whole() {
    if (head.length > 0) yield head;
    for (;;) {
      const next = await chunks.next();
      if (next.done) return;
      yield next.value as Buffer;
    }
  }
  return { head, body: Readable.from(whole(), { objectMode: false }) };
}
