// What each platform shows of a file an agent sends: the types and sizes it plays as a picture, a video or
// a sound, from its own documentation. A picture in another format goes as a JPEG or PNG made from it (the
// `image` rendition); anything else the platform cannot show goes as a file where it takes files, else as a
// link with the file's name and size, so the customer can always open it.
import type { ChannelType } from '@sabai/domain';
import type { OutboundMessage } from './types';
import { CONVERTIBLE_IMAGE_TYPES } from '../platform/renditions';

/** A file part of a message. */
export type MediaPart = Extract<OutboundMessage, { kind: 'image' | 'video' | 'audio' | 'file' }>;
type Accepted = { types: string[]; maxBytes: number };

const MB = 1024 * 1024;

const PLATFORMS: Record<
  ChannelType,
  { image: Accepted; video: Accepted; audio: Accepted; takesFiles: boolean }
> = {
  // LINE: JPEG and PNG up to 10 MB, mp4 up to 200 MB, m4a and mp3 up to 200 MB; no files.
  line: {
    image: { types: ['image/jpeg', 'image/png'], maxBytes: 10 * MB },
    video: { types: ['video/mp4'], maxBytes: 200 * MB },
    audio: {
      types: ['audio/mp4', 'audio/x-m4a', 'audio/m4a', 'audio/mpeg', 'audio/mp3'],
      maxBytes: 200 * MB,
    },
    takesFiles: false,
  },
  // Messenger: pictures (GIF too) up to 8 MB, other attachments up to 25 MB.
  facebook: {
    image: { types: ['image/jpeg', 'image/png', 'image/gif'], maxBytes: 8 * MB },
    video: { types: ['video/mp4'], maxBytes: 25 * MB },
    audio: {
      types: ['audio/mpeg', 'audio/mp3', 'audio/mp4', 'audio/x-m4a', 'audio/aac', 'audio/wav', 'audio/ogg'],
      maxBytes: 25 * MB,
    },
    takesFiles: true,
  },
  // Instagram: PNG and JPEG up to 8 MB; mp4, ogg, avi, mov, webm and aac, m4a, wav, mp4 up to 25 MB; no files.
  instagram: {
    image: { types: ['image/jpeg', 'image/png'], maxBytes: 8 * MB },
    video: {
      types: ['video/mp4', 'video/ogg', 'video/x-msvideo', 'video/avi', 'video/quicktime', 'video/webm'],
      maxBytes: 25 * MB,
    },
    audio: {
      types: ['audio/aac', 'audio/mp4', 'audio/x-m4a', 'audio/m4a', 'audio/wav', 'audio/x-wav'],
      maxBytes: 25 * MB,
    },
    takesFiles: false,
  },
};

/** How a file goes to the platform: as the kind it plays, from which link; or as a link in a text. */
export type ShownMedia =
  { as: 'image' | 'video' | 'audio' | 'file'; url: string } | { as: 'link'; text: string };

export function shownMedia(type: ChannelType, part: MediaPart): ShownMedia {
  const platform = PLATFORMS[type];
  const fits = (accepted: Accepted) =>
    accepted.types.includes(part.mimeType) && part.size <= accepted.maxBytes;
  if (part.kind === 'image') {
    if (fits(platform.image)) return { as: 'image', url: part.url };
    // Made a JPEG or PNG within the platform's size (the rendition keeps under the smallest limit).
    if (CONVERTIBLE_IMAGE_TYPES.includes(part.mimeType)) return { as: 'image', url: part.urlAs('image') };
  }
  if (part.kind === 'video' && fits(platform.video)) return { as: 'video', url: part.url };
  if (part.kind === 'audio' && fits(platform.audio)) return { as: 'audio', url: part.url };
  if (platform.takesFiles && part.size <= 25 * MB) return { as: 'file', url: part.url };
  return { as: 'link', text: fileLinkText(part) };
}

/** "price-list.pdf (1.2 MB)" and the link under it. */
export function fileLinkText(part: MediaPart): string {
  return `${part.fileName} (${sizeText(part.size)})\n${part.url}`;
}

function sizeText(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
