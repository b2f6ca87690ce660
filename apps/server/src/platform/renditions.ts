// A file made into what a platform can show (file-links.ts RENDITIONS): LINE shows only JPEG and PNG
// pictures of at most 10 MB, previews of at most 1 MB, a picture before a video plays, and sender icons that
// are square PNGs of at most 1 MB. Made when fetched, from the stored file, with sharp (libvips).
import sharp from 'sharp';
import type { Rendition } from './file-links';

/** The picture formats read here; a HEIC photo or an SVG drawing is sent as a file instead. */
export const CONVERTIBLE_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
];

const MB = 1024 * 1024;
/** The smallest of the platforms' picture limits (Messenger and Instagram 8 MB, LINE 10 MB). */
const IMAGE_MAX_BYTES = 8 * MB;
/** LINE's limit on a preview and on a sender icon. */
const PREVIEW_MAX_BYTES = 1 * MB;
/** A picture's sides are kept under this (LINE's own clients scale down anything larger anyway). */
const IMAGE_MAX_SIDE = 4096;
const PREVIEW_SIDE = 640;
const ICON_SIDE = 512;
/** Decoding stops past this many pixels: a crafted "image" must not take the server's memory. */
const MAX_INPUT_PIXELS = 100_000_000;

export type RenditionResult = { body: Buffer; contentType: string; extension: string };

/**
 * The rendition of a stored file, or null when this file has none (not a picture, or unreadable). The file is
 * read only when a rendition needs its bytes.
 */
export async function renderRendition(
  read: () => Promise<Buffer>,
  mimeType: string,
  rendition: Rendition,
): Promise<RenditionResult | null> {
  // A video's poster: no frame can be taken without a video decoder, so a clear "play" picture stands in.
  if (rendition === 'poster' && mimeType.startsWith('video/')) return videoPoster();
  if (!CONVERTIBLE_IMAGE_TYPES.includes(mimeType)) return null;
  try {
    const input = await read();
    switch (rendition) {
      case 'image':
        return await lineImage(input);
      case 'preview':
      case 'poster':
        return await preview(input);
      case 'icon':
        return await icon(input);
    }
  } catch {
    return null; // not a picture after all, or a broken one
  }
}

/** The first frame (an animated GIF or WebP stays still), turned upright by its EXIF orientation. */
const picture = (input: Buffer) =>
  sharp(input, { animated: false, limitInputPixels: MAX_INPUT_PIXELS }).rotate();

/** A JPEG, or a PNG when the picture shows through somewhere, within every platform's picture limit. */
async function lineImage(input: Buffer): Promise<RenditionResult> {
  // A GIF or WebP may carry an alpha channel it never uses: only real transparency keeps it a PNG.
  const { isOpaque } = await picture(input).stats();
  const fitted = picture(input).resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, {
    fit: 'inside',
    withoutEnlargement: true,
  });
  if (!isOpaque) {
    const png = await fitted.clone().png({ compressionLevel: 9 }).toBuffer();
    if (png.length <= IMAGE_MAX_BYTES) return { body: png, contentType: 'image/png', extension: 'png' };
  }
  for (const quality of [85, 70, 50]) {
    const jpeg = await fitted.clone().flatten({ background: '#ffffff' }).jpeg({ quality }).toBuffer();
    if (jpeg.length <= IMAGE_MAX_BYTES) return { body: jpeg, contentType: 'image/jpeg', extension: 'jpg' };
  }
  const small = await picture(input)
    .resize(IMAGE_MAX_SIDE / 2, IMAGE_MAX_SIDE / 2, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 50 })
    .toBuffer();
  return { body: small, contentType: 'image/jpeg', extension: 'jpg' };
}

/** A small JPEG, far below LINE's 1 MB preview limit. */
async function preview(input: Buffer): Promise<RenditionResult> {
  const body = await picture(input)
    .resize(PREVIEW_SIDE, PREVIEW_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 75 })
    .toBuffer();
  return { body, contentType: 'image/jpeg', extension: 'jpg' };
}

/** A square PNG, the middle of the picture, under 1 MB. */
async function icon(input: Buffer): Promise<RenditionResult> {
  for (const side of [ICON_SIDE, ICON_SIDE / 2, ICON_SIDE / 4]) {
    const body = await picture(input)
      .resize(side, side, { fit: 'cover' })
      .png({ compressionLevel: 9 })
      .toBuffer();
    if (body.length <= PREVIEW_MAX_BYTES) return { body, contentType: 'image/png', extension: 'png' };
  }
  throw new Error('icon over 1 MB');
}

const POSTER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
  <rect width="640" height="360" fill="#1f1f1f"/>
  <circle cx="320" cy="180" r="64" fill="#ffffff" fill-opacity="0.9"/>
  <path d="M298 142 L298 218 L362 180 Z" fill="#1f1f1f"/>
</svg>`;

let poster: Promise<Buffer> | null = null;

/** The same dark picture with a play button for every video: made once. */
async function videoPoster(): Promise<RenditionResult> {
  poster ??= sharp(Buffer.from(POSTER_SVG)).jpeg({ quality: 80 }).toBuffer();
  return { body: await poster, contentType: 'image/jpeg', extension: 'jpg' };
}
