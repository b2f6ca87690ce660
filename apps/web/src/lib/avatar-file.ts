// Which files may become a profile picture, checked in the browser before the server checks them again.
import { IMAGE_MAX_BYTES } from '@sabai/domain';

/** The types the avatar endpoints accept; other images (e.g. HEIC) would not show in every browser. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** Why a chosen file cannot be a profile picture (images up to 5 MB), or null when it can. */
export function avatarFileProblem(file: { type: string; size: number }): 'notImage' | 'tooLarge' | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'notImage';
  return file.size > IMAGE_MAX_BYTES ? 'tooLarge' : null;
}
