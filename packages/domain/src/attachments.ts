// The file types customers and agents may attach, plus the image types chat messages carry.
import { FILE_MAX_BYTES, IMAGE_MAX_BYTES } from './limits';

export const IMAGE_MIME = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** Exact types, plus `video/*` meaning any video; usable as an `<input accept>` list too. */
export const ALLOWED_ATTACHMENT_MIME = [
  'text/plain',
  'application/pdf',
  'application/zip',
  'application/x-zip-compressed',
  'multipart/x-zip',
  'application/x-zip',
  'application/octet-stream',
  'video/*',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ...IMAGE_MIME,
] as const;

// Browsers and providers send "Text/Plain; charset=utf-8"; only the lower-cased essence matters.
function essenceOf(mime: string): string {
  return (mime.split(';')[0] ?? '').trim().toLowerCase();
}

/** Whether a file of this MIME type may be attached. */
export function isAllowedAttachment(mime: string): boolean {
  const essence = essenceOf(mime);
  // "video/*" is a pattern, not a type a file can have.
  if (essence.startsWith('video/')) return /^video\/[^/\s*]+$/.test(essence);
  return ALLOWED_ATTACHMENT_MIME.some((allowed) => allowed === essence);
}

/** Whether the MIME type is one of the chat image types. */
export function isImageMime(mime: string): boolean {
  const essence = essenceOf(mime);
  return IMAGE_MIME.some((image) => image === essence);
}

/** Upload limit for a file of this MIME type: 5 MiB for images, 30 MiB otherwise. */
export function maxAttachmentBytes(mime: string): number {
  return isImageMime(mime) ? IMAGE_MAX_BYTES : FILE_MAX_BYTES;
}
