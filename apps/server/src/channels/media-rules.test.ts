import { describe, expect, it } from 'vitest';
import { shownMedia } from './media-rules';

const MB = 1024 * 1024;
const part = (
  kind: 'image' | 'video' | 'audio' | 'file',
  mimeType: string,
  size: number,
  fileName = 'f',
) => ({
  kind,
  mimeType,
  size,
  fileName,
  url: 'https://x.test/files/f',
  urlAs: (rendition: string) => `https://x.test/files/f?as=${rendition}`,
});

describe('shownMedia', () => {
  it('sends what a platform shows as it is, and other pictures as a JPEG or PNG made from them', () => {
    expect(shownMedia('line', part('image', 'image/png', MB))).toEqual({
      as: 'image',
      url: 'https://x.test/files/f',
    });
    for (const type of ['line', 'instagram'] as const)
      expect(shownMedia(type, part('image', 'image/gif', MB))).toEqual({
        as: 'image',
        url: 'https://x.test/files/f?as=image',
      });
    expect(shownMedia('facebook', part('image', 'image/gif', MB))).toEqual({
      as: 'image',
      url: 'https://x.test/files/f',
    });
    expect(shownMedia('facebook', part('image', 'image/png', 9 * MB))).toEqual({
      as: 'image',
      url: 'https://x.test/files/f?as=image',
    });
  });

  it('plays the videos and sounds each platform plays; the rest goes as a file or a link', () => {
    expect(shownMedia('line', part('video', 'video/mp4', 20 * MB)).as).toBe('video');
    expect(shownMedia('instagram', part('video', 'video/quicktime', MB)).as).toBe('video');
    expect(shownMedia('facebook', part('video', 'video/quicktime', MB)).as).toBe('file');
    expect(shownMedia('line', part('video', 'video/quicktime', 3 * MB, 'fitting.mov'))).toEqual({
      as: 'link',
      text: 'fitting.mov (3.0 MB)\nhttps://x.test/files/f',
    });
    expect(shownMedia('line', part('audio', 'audio/mpeg', MB)).as).toBe('audio');
    expect(shownMedia('line', part('audio', 'audio/ogg', 2048, 'voice.ogg'))).toEqual({
      as: 'link',
      text: 'voice.ogg (2 KB)\nhttps://x.test/files/f',
    });
    expect(shownMedia('facebook', part('file', 'application/pdf', MB)).as).toBe('file');
    expect(shownMedia('instagram', part('file', 'application/pdf', MB)).as).toBe('link');
    expect(shownMedia('line', part('image', 'image/svg+xml', 300, 'logo.svg'))).toEqual({
      as: 'link',
      text: 'logo.svg (300 B)\nhttps://x.test/files/f',
    });
  });
});
