import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderRendition } from './renditions';

const solid = (format: 'png' | 'gif' | 'webp' | 'jpeg', width: number, height: number, alpha = false) =>
  sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: alpha ? { r: 59, g: 130, b: 246, alpha: 0.5 } : '#3b82f6',
    },
  })
    .toFormat(format)
    .toBuffer();

const sizeOf = async (body: Buffer) => {
  const { width, height, format } = await sharp(body).metadata();
  return { width, height, format };
};

describe('renditions', () => {
  it('makes a GIF or WebP a JPEG, and keeps transparency as a PNG', async () => {
    const gif = await renderRendition(() => solid('gif', 120, 80), 'image/gif', 'image');
    expect(gif).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg' });
    expect(await sizeOf(gif!.body)).toEqual({ width: 120, height: 80, format: 'jpeg' });
    const clear = await renderRendition(() => solid('webp', 64, 64, true), 'image/webp', 'image');
    expect(clear).toMatchObject({ contentType: 'image/png' });
  });

  it('makes a small JPEG preview of a large picture', async () => {
    const preview = await renderRendition(() => solid('png', 2400, 1200), 'image/png', 'preview');
    expect(preview!.contentType).toBe('image/jpeg');
    expect(await sizeOf(preview!.body)).toEqual({ width: 640, height: 320, format: 'jpeg' });
    expect(preview!.body.length).toBeLessThan(1024 * 1024);
  });

  it('makes a square PNG icon from the middle of a picture', async () => {
    const icon = await renderRendition(() => solid('jpeg', 900, 300), 'image/jpeg', 'icon');
    expect(icon!.contentType).toBe('image/png');
    expect(await sizeOf(icon!.body)).toEqual({ width: 512, height: 512, format: 'png' });
  });

  it('gives a video a poster, and no picture rendition to what is no picture', async () => {
    const poster = await renderRendition(async () => Buffer.from('not decoded'), 'video/mp4', 'poster');
    expect(await sizeOf(poster!.body)).toEqual({ width: 640, height: 360, format: 'jpeg' });
    expect(
      await renderRendition(async () => Buffer.from('%PDF-1.4'), 'application/pdf', 'preview'),
    ).toBeNull();
    expect(await renderRendition(async () => Buffer.from('<svg/>'), 'image/svg+xml', 'image')).toBeNull();
    expect(await renderRendition(async () => Buffer.from('broken'), 'image/png', 'image')).toBeNull();
  });
});
