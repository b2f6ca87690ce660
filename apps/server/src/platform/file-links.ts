// Files are never a permanent public address (docs/decisions/files.md "Files"): every /files URL the server hands
// out names one file and an expiry, signed with HMAC-SHA256 under a key of its own derived (HKDF) from the
// installation's JWT secret. Changing the id or the expiry breaks the signature; no state is kept, so every
// node of an installation checks the links of the others.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Clock } from './clock';

const HOUR = 3600;
/** In-app links live at least this long, so a screen left open through a working day keeps its pictures. */
export const APP_LINK_MIN_SECONDS = 12 * HOUR;
/**
 * ...and their expiry is rounded up to this step, so a file's URL stays the same for 6 hours: the browser's
 * cache and React Query's data keep working. An in-app link is therefore valid for 12 to 18 hours.
 */
export const APP_LINK_STEP_SECONDS = 6 * HOUR;

const DAY = 24 * HOUR;
const FILE_ID = /^[A-Za-z0-9_-]{32}$/;
const EXPIRES = /^\d{1,12}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

export type FileLinkRefusal = 'file.link_invalid' | 'file.link_expired';

/**
 * A form of a file made for a platform that cannot show the file as stored: `image` a JPEG or PNG of a
 * picture in another format or too large, `preview` a small JPEG of a picture, `poster` the picture shown
 * before a video plays, `icon` a square PNG (LINE's sender icon).
 */
export const RENDITIONS = ['image', 'preview', 'poster', 'icon'] as const;
export type Rendition = (typeof RENDITIONS)[number];

/** What a request's `expires` and `signature` grant: the file until `expiresAt` (unix seconds), or a refusal. */
export type FileLinkCheck = { ok: true; expiresAt: number } | { ok: false; code: FileLinkRefusal };

export interface FileLinks {
  /** The path the app's pages use for a file (`<img>`, downloads): valid 12 to 18 hours. */
  appPath(fileId: string): string;
  /**
   * An absolute link valid `days` from now: what customers get, and what LINE and Meta fetch media from; of
   * the file as stored, or of one of its renditions (signed with it: a link to one is no link to another).
   */
  customerUrl(fileId: string, days: number, rendition?: Rendition): string;
  /** Checks a request's query against the file it asks for (any value: they come from the address bar). */
  check(fileId: string, expires: unknown, signature: unknown, rendition?: Rendition): FileLinkCheck;
}

/** Signs and checks file links with a sub-key of `secret` (the installation's JWT secret). */
export function createFileLinks(opts: { secret: string; clock: Clock; publicUrl: string }): FileLinks {
  // A key of its own: a file link can never be taken for a token, nor the other way round.
  const key = Buffer.from(hkdfSync('sha256', opts.secret, 'sabai-inbox', 'file links v1', 32));
  const sign = (fileId: string, expires: number | string, rendition?: Rendition) =>
    createHmac('sha256', key)
      .update(rendition ? `${fileId}.${expires}.${rendition}` : `${fileId}.${expires}`)
      .digest('base64url');
  const nowSeconds = () => Math.floor(opts.clock.now().getTime() / 1000);
  const path = (fileId: string, expires: number, rendition?: Rendition) =>
    `/files/${fileId}?expires=${expires}&signature=${sign(fileId, expires, rendition)}` +
    (rendition ? `&as=${rendition}` : '');

  return {
    appPath(fileId) {
      const earliest = nowSeconds() + APP_LINK_MIN_SECONDS;
      return path(fileId, Math.ceil(earliest / APP_LINK_STEP_SECONDS) * APP_LINK_STEP_SECONDS);
    },
    customerUrl(fileId, days, rendition) {
      return `${opts.publicUrl}${path(fileId, nowSeconds() + days * DAY, rendition)}`;
    },
    check(fileId, expires, signature, rendition) {
      if (typeof expires !== 'string' || typeof signature !== 'string') return refuse('file.link_invalid');
      if (!FILE_ID.test(fileId) || !EXPIRES.test(expires) || !SIGNATURE.test(signature))
        return refuse('file.link_invalid');
      // Signed as written, so even an equal number spelt otherwise (`007`) is another, unsigned, link.
      const expected = Buffer.from(sign(fileId, expires, rendition));
      if (!timingSafeEqual(expected, Buffer.from(signature))) return refuse('file.link_invalid');
      const expiresAt = Number(expires);
      // The expiry is checked only once the signature is known to be ours: a forged link is "invalid".
      return expiresAt > nowSeconds() ? { ok: true, expiresAt } : refuse('file.link_expired');
    },
  };
}

const refuse = (code: FileLinkRefusal): FileLinkCheck => ({ ok: false, code });

/** `links.appPath` for an optional file (a user without a picture). */
export const appPathOf = (links: FileLinks, fileId: string | null): string | null =>
  fileId ? links.appPath(fileId) : null;
