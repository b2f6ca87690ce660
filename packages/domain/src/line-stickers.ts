// The stickers a LINE Official Account may send through the Messaging API: LINE's "List of available
// stickers" (any other package is refused with 400). Each package's sticker ids are one consecutive range.

export type StickerPackage = { packageId: string; first: number; last: number };

export const LINE_SENDABLE_STICKERS: readonly StickerPackage[] = [
  { packageId: '446', first: 1988, last: 2027 },
  { packageId: '789', first: 10855, last: 10894 },
  { packageId: '1070', first: 17839, last: 17878 },
  { packageId: '6136', first: 10551376, last: 10551399 },
  { packageId: '6325', first: 10979904, last: 10979927 },
  { packageId: '6359', first: 11069848, last: 11069871 },
  { packageId: '6362', first: 11087920, last: 11087943 },
  { packageId: '6370', first: 11088016, last: 11088039 },
  { packageId: '6632', first: 11825374, last: 11825397 },
  { packageId: '8515', first: 16581242, last: 16581265 },
  { packageId: '8522', first: 16581266, last: 16581289 },
  { packageId: '8525', first: 16581290, last: 16581313 },
  { packageId: '11537', first: 52002734, last: 52002773 },
  { packageId: '11538', first: 51626494, last: 51626533 },
  { packageId: '11539', first: 52114110, last: 52114149 },
];

/** The sticker ids of a package, in LINE's order. */
export function stickerIdsOf(pkg: StickerPackage): string[] {
  return Array.from({ length: pkg.last - pkg.first + 1 }, (_, i) => String(pkg.first + i));
}

/** Whether an account may send this sticker (LINE refuses the others). */
export function isSendableSticker(packageId: string, stickerId: string): boolean {
  const id = Number(stickerId);
  return LINE_SENDABLE_STICKERS.some(
    (p) => p.packageId === packageId && /^\d+$/.test(stickerId) && id >= p.first && id <= p.last,
  );
}

/** LINE sticker resource types that move (shown from the animation image). */
const ANIMATED = new Set(['ANIMATION', 'ANIMATION_SOUND', 'POPUP', 'POPUP_SOUND']);

/**
 * A sticker's image under the sticker image base (LINE's sticker CDN, or the simulator's): the static
 * picture, or the animated PNG for stickers that move.
 */
export function stickerImageUrl(base: string, stickerId: string, resourceType?: string): string {
  const root = base.replace(/\/$/, '');
  const id = encodeURIComponent(stickerId);
  return resourceType && ANIMATED.has(resourceType)
    ? `${root}/${id}/iPhone/sticker_animation@2x.png`
    : `${root}/${id}/android/sticker.png`;
}
