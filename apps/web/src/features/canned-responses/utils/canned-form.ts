// The canned forms' values, the rules mirrored from the server (category, name and message
// required, duplicates refused; message up to 500 letters, images 5 MB, files 30 MB) and where a
// refused save shows its reason.
import {
  CANNED_MESSAGE_MAX,
  isAllowedAttachment,
  isCannedMessageWithinLimit,
  maxAttachmentBytes,
} from '@sabai/domain';
import type { CannedResponse, QuickReply, SaveCannedResponse } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { ApiError } from '../../../lib/api-client';
import type { Attachment } from '../api/upload-attachment';

export const NAME_MAX = 100;
export const FILES_MAX = 5;
export { CANNED_MESSAGE_MAX };

export type ResponseFormValues = {
  categoryId: string | undefined;
  name: string;
  message: string;
  attachments: Attachment[];
  quickReplies: QuickReply[];
};

export function toResponseValues(
  response: CannedResponse | null,
  categoryId: string | null,
): ResponseFormValues {
  return response
    ? {
        categoryId: response.category.id,
        name: response.name,
        message: response.message,
        attachments: response.attachments,
        quickReplies: response.quickReplies,
      }
    : { categoryId: categoryId ?? undefined, name: '', message: '', attachments: [], quickReplies: [] };
}

export function toResponseRequest(values: ResponseFormValues): SaveCannedResponse {
  return {
    categoryId: values.categoryId ?? '',
    name: values.name.trim(),
    message: values.message.trim(),
    fileIds: values.attachments.map((attachment) => attachment.id),
    quickReplies: values.quickReplies,
  };
}

/** Whether the message fits the 500-letter limit (counted as the server counts them). */
export function isMessageWithinLimit(message: string): boolean {
  return isCannedMessageWithinLimit(message.trim());
}

/** Why a chosen file cannot be attached, checked before it is uploaded; null when it may be. */
export function fileProblem(file: { type: string; size: number }): TranslationKey | null {
  if (!isAllowedAttachment(file.type || 'application/octet-stream')) return 'canned.form.fileTypeNotAllowed';
  if (file.size > maxAttachmentBytes(file.type)) return 'canned.form.fileTooLarge';
  return null;
}

/** The message of a refused upload. */
export function uploadProblem(error: unknown): TranslationKey {
  if (error instanceof ApiError && error.code === 'file.too_large') return 'canned.form.fileTooLarge';
  if (error instanceof ApiError && error.code === 'file.type_not_allowed')
    return 'canned.form.fileTypeNotAllowed';
  return 'canned.form.uploadFailed';
}

export type Feedback<F extends string> = { field: F | null; message: TranslationKey };

function validationFields<F extends string>(details: unknown, fields: readonly F[]): Feedback<F>[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((detail: unknown): Feedback<F>[] => {
    const path = (detail as { path?: unknown } | null)?.path;
    const first = typeof path === 'string' ? path.split('/').filter(Boolean)[0] : undefined;
    const field = fields.find((candidate) => candidate === first);
    return field ? [{ field, message: 'errors.validation.failed' }] : [];
  });
}

/** Maps a refused category save onto its name field or the form. */
export function categorySaveFeedback(error: unknown): Feedback<'name'>[] {
  if (!(error instanceof ApiError)) return [{ field: null, message: 'errors.unknown' }];
  switch (error.code) {
    case 'canned.category_exists':
      return [{ field: 'name', message: 'errors.canned.category_exists' }];
    case 'canned.not_found':
      return [{ field: null, message: 'errors.canned.not_found' }];
    case 'validation.failed': {
      const fields = validationFields(error.details, ['name'] as const);
      return fields.length > 0 ? fields : [{ field: null, message: 'errors.validation.failed' }];
    }
    default:
      return [{ field: null, message: 'common.error.update' }];
  }
}

type ResponseField = 'categoryId' | 'name' | 'message' | 'attachments';

/** Maps a refused response save onto its fields or the form. */
export function responseSaveFeedback(error: unknown): Feedback<ResponseField>[] {
  if (!(error instanceof ApiError)) return [{ field: null, message: 'errors.unknown' }];
  switch (error.code) {
    case 'canned.response_exists':
      return [{ field: 'name', message: 'errors.canned.response_exists' }];
    case 'canned.message_too_long':
      return [{ field: 'message', message: 'errors.canned.message_too_long' }];
    case 'canned.not_found':
      return [{ field: 'categoryId', message: 'errors.canned.not_found' }];
    case 'file.not_found':
      return [{ field: 'attachments', message: 'errors.file.not_found' }];
    case 'validation.failed': {
      const details = Array.isArray(error.details)
        ? (error.details as unknown[]).map((detail) => {
            const path = (detail as { path?: unknown } | null)?.path;
            return typeof path === 'string' && path.startsWith('/fileIds')
              ? { path: '/attachments' }
              : detail;
          })
        : [];
      const fields = validationFields(details, ['categoryId', 'name', 'message', 'attachments'] as const);
      return fields.length > 0 ? fields : [{ field: null, message: 'errors.validation.failed' }];
    }
    default:
      return [{ field: null, message: 'common.error.update' }];
  }
}
