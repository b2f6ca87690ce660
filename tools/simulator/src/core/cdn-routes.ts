// Serves the fake CDN; an expired link answers 403 like an expired fbcdn URL (C.6, D.2). Also LINE's
// sticker shop images, by sticker id: a picture per sticker, so the inbox can show what was sent.
import type { CdnStore } from './cdn';
import type { Clock } from './clock';
import { solidPng } from './media';
import { route } from '../http/router';
import type { Route } from '../http/router';

/** `GET /__cdn/{id}`. */
export function cdnRoutes(cdn: CdnStore, clock: Clock): Route[] {
  return [
    route('GET', 'cdn', '/__cdn/:id', (req) => {
      const blob = cdn.get(req.params.id ?? '', clock.now());
      if (blob === undefined) return { status: 404, text: 'Not found' };
      if (blob === 'expired') return { status: 403, text: 'URL signature expired' };
      return { status: 200, headers: { 'content-type': blob.contentType }, bytes: blob.bytes };
    }),
    route('GET', 'cdn', '/stickershop/v1/sticker/:id/android/sticker.png', (req) =>
      stickerImage(req.params.id),
    ),
    route('GET', 'cdn', '/stickershop/v1/sticker/:id/iPhone/sticker_animation@2x.png', (req) =>
      stickerImage(req.params.id),
    ),
  ];
}

/** A sticker's picture: a square whose colour follows its id. */
function stickerImage(id: string | undefined) {
  if (!id || !/^\d{1,12}$/.test(id)) return { status: 404, text: 'Not found' };
  const rgb = (Number(id) * 40503) % 0xffffff;
  return {
    status: 200,
    headers: { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' },
    bytes: solidPng(rgb, 96),
  };
}
