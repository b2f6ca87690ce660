// LINE fetches the media a message names once it has accepted the message: the picture, its preview, a
// video's poster, the sound, the sender's icon, a quick-reply button's icon. What it cannot show (a GIF as a
// picture, a preview over 1 MB, a sender icon that is not a square PNG) reaches the customer broken, with no
// error to the sender. The simulator fetches each one the same way and records what it found on the outbox
// entry (`media`), so a test sees what the customer would.
import { isObject } from '../core/is-object';

const MB = 1024 * 1024;

/** What LINE accepts at one property of a message: the types and the largest size. */
type Expectation = { types: string[]; maxBytes: number; square?: boolean };

const PICTURE = ['image/jpeg', 'image/png'];
const EXPECTED: Record<string, Expectation> = {
  'image.originalContentUrl': { types: PICTURE, maxBytes: 10 * MB },
  'image.previewImageUrl': { types: PICTURE, maxBytes: 1 * MB },
  'video.originalContentUrl': { types: ['video/mp4'], maxBytes: 200 * MB },
  'video.previewImageUrl': { types: PICTURE, maxBytes: 1 * MB },
  'audio.originalContentUrl': {
    types: ['audio/mp4', 'audio/x-m4a', 'audio/m4a', 'audio/mpeg'],
    maxBytes: 200 * MB,
  },
  'sender.iconUrl': { types: ['image/png'], maxBytes: 1 * MB, square: true },
  'quickReply.imageUrl': { types: ['image/png'], maxBytes: 1 * MB },
};

/** What the fetch of one media URL found; `problem` null when LINE would show it. */
export interface MediaCheck {
  property: string;
  url: string;
  status: number | null;
  contentType: string | null;
  bytes: number;
  problem: null | 'unreachable' | 'type' | 'too_large' | 'not_square';
}

/** The media URLs of a message object, each with what LINE accepts there. */
function mediaOf(message: unknown): Array<{ property: string; url: string; expected: Expectation }> {
  if (!isObject(message)) return [];
  const found: Array<{ property: string; url: string; expected: Expectation }> = [];
  const add = (property: string, value: unknown, key: string) => {
    const expected = EXPECTED[key];
    if (typeof value === 'string' && expected) found.push({ property, url: value, expected });
  };
  const type = String(message.type);
  add('originalContentUrl', message.originalContentUrl, `${type}.originalContentUrl`);
  add('previewImageUrl', message.previewImageUrl, `${type}.previewImageUrl`);
  if (isObject(message.sender)) add('sender.iconUrl', message.sender.iconUrl, 'sender.iconUrl');
  const items = isObject(message.quickReply) ? message.quickReply.items : undefined;
  if (Array.isArray(items))
    items.forEach((item: unknown, i) => {
      if (isObject(item)) add(`quickReply.items[${i}].imageUrl`, item.imageUrl, 'quickReply.imageUrl');
    });
  return found;
}

/**
 * Fetches the message's media as LINE would (`via` maps a public https address to where it is served in a
 * test, e.g. the product's own listening port) and resolves to what each one showed.
 */
export async function checkMedia(message: unknown, via: (url: string) => string): Promise<MediaCheck[]> {
  return Promise.all(
    mediaOf(message).map(async ({ property, url, expected }): Promise<MediaCheck> => {
      const base = { property, url };
      let res: Response;
      let body: Buffer;
      try {
        res = await fetch(via(url), { signal: AbortSignal.timeout(10_000) });
        body = Buffer.from(await res.arrayBuffer());
      } catch {
        return { ...base, status: null, contentType: null, bytes: 0, problem: 'unreachable' };
      }
      const contentType = res.headers.get('content-type')?.split(';')[0]?.trim() ?? null;
      const checked = { ...base, status: res.status, contentType, bytes: body.length };
      if (!res.ok) return { ...checked, problem: 'unreachable' };
      if (!contentType || !expected.types.includes(contentType)) return { ...checked, problem: 'type' };
      if (body.length > expected.maxBytes) return { ...checked, problem: 'too_large' };
      if (expected.square && !isSquarePng(body)) return { ...checked, problem: 'not_square' };
      return { ...checked, problem: null };
    }),
  );
}

/** A PNG's width and height are the IHDR chunk's first 8 bytes, right after the signature. */
function isSquarePng(body: Buffer): boolean {
  if (body.length < 24 || body.readUInt32BE(12) !== 0x49484452) return false; // "IHDR"
  return body.readUInt32BE(16) === body.readUInt32BE(20);
}
