import { describe, expect, it } from 'vitest';
import { isSendableSticker, LINE_SENDABLE_STICKERS, stickerIdsOf, stickerImageUrl } from './line-stickers';

describe('LINE stickers', () => {
  it('lets an account send only the stickers of the listed packages', () => {
    expect(isSendableSticker('446', '1988')).toBe(true);
    expect(isSendableSticker('446', '2027')).toBe(true);
    expect(isSendableSticker('446', '2028')).toBe(false);
    expect(isSendableSticker('11537', '52002734')).toBe(true);
    expect(isSendableSticker('1', '1')).toBe(false);
    expect(isSendableSticker('446', '1988.0')).toBe(false);
    expect(LINE_SENDABLE_STICKERS).toHaveLength(15);
    expect(stickerIdsOf(LINE_SENDABLE_STICKERS[0]!)).toHaveLength(40);
  });

  it('shows moving stickers from their animation and the others from the still picture', () => {
    const base = 'https://cdn.example/stickershop/v1/sticker/';
    expect(stickerImageUrl(base, '1988')).toBe(
      'https://cdn.example/stickershop/v1/sticker/1988/android/sticker.png',
    );
    expect(stickerImageUrl(base, '52002734', 'POPUP')).toBe(
      'https://cdn.example/stickershop/v1/sticker/52002734/iPhone/sticker_animation@2x.png',
    );
    expect(stickerImageUrl(base, '1988', 'MESSAGE')).toContain('/android/sticker.png');
  });
});
