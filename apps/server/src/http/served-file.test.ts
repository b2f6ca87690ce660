import { describe, expect, it } from 'vitest';
import { contentDisposition, servedType } from './served-file';

const png = Buffer.from('89504e470d0a1a0a0000000d', 'hex');

describe('served type', () => {
  it('names images by their bytes, whatever was declared', () => {
    expect(servedType('application/octet-stream', png)).toEqual({ contentType: 'image/png', inline: true });
    expect(servedType('image/gif', Buffer.from('ffd8ffe0000000', 'hex'))).toEqual({
      contentType: 'image/jpeg',
      inline: true,
    });
  });

  it('downloads SVG, HTML and images whose bytes are none as application/octet-stream', () => {
    for (const declared of ['image/svg+xml', 'text/html', 'application/xhtml+xml', 'image/png', 'text/xml']) {
      expect(servedType(declared, Buffer.from('<svg onload=alert(1)>'))).toEqual({
        contentType: 'application/octet-stream',
        inline: false,
      });
    }
  });

  it('plays audio and video inline and downloads documents as themselves', () => {
    expect(servedType('video/mp4', Buffer.alloc(12))).toEqual({ contentType: 'video/mp4', inline: true });
    expect(servedType('Application/PDF; x=1', Buffer.from('%PDF-1.4'))).toEqual({
      contentType: 'application/pdf',
      inline: false,
    });
    expect(servedType('text/plain', Buffer.from('hi')).contentType).toBe('text/plain; charset=utf-8');
  });
});

describe('content disposition', () => {
  it('gives an ASCII fallback and the exact name, quoting nothing it should not', () => {
    expect(contentDisposition(false, 'invoice\u202Egnp.exe')).toBe(
      `attachment; filename="invoice_gnp.exe"; filename*=UTF-8''invoice%E2%80%AEgnp.exe`,
    );
    expect(contentDisposition(true, 'a "b"\\(1)*.png')).toBe(
      `inline; filename="a _b__(1)*.png"; filename*=UTF-8''a%20%22b%22%5C%281%29%2A.png`,
    );
  });
});
