// A user's picture, set from the profile page (/me/avatar) or by an administrator (/users/:id/image):
// one upload rule for both.
import type { Readable } from 'node:stream';
import { IMAGE_MAX_BYTES, isImageMime } from '@sabai/domain';
import type { Deps } from '../../deps';
import { badRequest } from '../../http/errors';
import { replaceAvatar } from './users.repo';

export type AvatarFile = { filename: string; mimetype: string; stream: Readable };

/** Stores the image as the user's avatar (images only, ≤ 5 MB checked while streaming) and drops the old one. */
export async function storeAvatar(deps: Deps, userId: string, file: AvatarFile): Promise<void> {
  if (!isImageMime(file.mimetype)) {
    file.stream.resume();
    throw badRequest('file.type_not_allowed');
  }
  const stored = await deps.storage.put({
    organizationId: null,
    filename: file.filename,
    mimeType: file.mimetype,
    stream: file.stream,
    maxBytes: IMAGE_MAX_BYTES,
  });
  const previous = await replaceAvatar(deps.db.orm, userId, stored.id, deps.clock.now());
  if (previous) await deps.storage.remove(previous);
}
