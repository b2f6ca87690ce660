import type { CannedResponse } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';

/** A stored file as a canned response carries it. */
export type Attachment = CannedResponse['attachments'][number];

/**
 * POST /attachments (multipart `file`): the stored file, to send by id with the response. 400
 * file.type_not_allowed, 413 file.too_large.
 */
export function uploadAttachment(file: File, signal?: AbortSignal): Promise<Attachment> {
  const form = new FormData();
  form.append('file', file);
  return api(routes.messages.uploadAttachment, { body: form, signal });
}
