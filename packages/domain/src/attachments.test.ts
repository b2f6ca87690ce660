import { describe, it, expect } from 'vitest';
import { ALLOWED_ATTACHMENT_MIME, isAllowedAttachment, isImageMime, maxAttachmentBytes } from './attachments';

describe('isAllowedAttachment', () => {
  it.each([
    'text/plain',
    'application/pdf',
    'application/zip',
    'application/x-zip-compressed',
    'multipart/x-zip',
    'application/x-zip',
    'application/octet-stream',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'image/jpeg',
    'image/png',
    'image/gif',
    'image/webp',
  ])('allows %s', (mime) => {
    expect(isAllowedAttachment(mime)).toBe(true);
  });

  it('allows any video type', () => {
    expect(isAllowedAttachment('video/mp4')).toBe(true);
    expect(isAllowedAttachment('video/quicktime')).toBe(true);
    expect(isAllowedAttachment('video/x-msvideo')).toBe(true);
  });

  it('ignores case and parameters', () => {
    expect(isAllowedAttachment('Text/Plain; charset=utf-8')).toBe(true);
    expect(isAllowedAttachment(' APPLICATION/PDF ')).toBe(true);
  });

  it.each([
    'text/html',
    'application/javascript',
    'image/svg+xml',
    'image/bmp',
    'audio/mpeg',
    'video/',
    'video/*',
    '',
  ])('rejects %j', (mime) => {
    expect(isAllowedAttachment(mime)).toBe(false);
  });

  it('lists video as a wildcard usable in an accept attribute', () => {
    expect(ALLOWED_ATTACHMENT_MIME).toContain('video/*');
  });
});

describe('isImageMime', () => {
  it('knows the chat image types', () => {
    expect(isImageMime('image/jpeg')).toBe(true);
    expect(isImageMime('IMAGE/PNG')).toBe(true);
    expect(isImageMime('image/svg+xml')).toBe(false);
    expect(isImageMime('application/pdf')).toBe(false);
  });
});

describe('maxAttachmentBytes', () => {
  it('limits images to 5 MiB and other files to 30 MiB', () => {
    expect(maxAttachmentBytes('image/png')).toBe(5 * 1024 * 1024);
    expect(maxAttachmentBytes('video/mp4')).toBe(30 * 1024 * 1024);
  });
});
