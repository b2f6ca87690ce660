// Serves the fake CDN; an expired link answers 403 like an expired fbcdn URL (C.6, D.2).
import type { CdnStore } from './cdn';
import type { Clock } from './clock';
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
  ];
}
