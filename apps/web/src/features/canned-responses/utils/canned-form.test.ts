import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  categorySaveFeedback,
  fileProblem,
  isMessageWithinLimit,
  responseSaveFeedback,
  toResponseRequest,
} from './canned-form';

describe('canned response form', () => {
  it('sends trimmed texts, the attachment ids and the quick replies', () => {
    expect(
      toResponseRequest({
        categoryId: 'c1',
        name: ' Hi ',
        message: ' Hello ',
        // The url as the API answers it: signed and expiring (never built from the id).
        attachments: [
          {
            id: 'f1',
            url: '/files/f1?expires=1767225600&signature=sig',
            filename: 'a.png',
            mimeType: 'image/png',
            size: 1,
          },
        ],
        quickReplies: [{ type: 'postback', label: 'Yes' }],
      }),
    ).toEqual({
      categoryId: 'c1',
      name: 'Hi',
      message: 'Hello',
      fileIds: ['f1'],
      quickReplies: [{ type: 'postback', label: 'Yes' }],
    });
  });

  it('counts Thai letters as the server does (500 at most)', () => {
    expect(isMessageWithinLimit('ก'.repeat(500))).toBe(true);
    expect(isMessageWithinLimit('ก'.repeat(501))).toBe(false);
  });

  it('refuses files of other types and over their size before uploading', () => {
    expect(fileProblem({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('canned.form.fileTooLarge');
    expect(fileProblem({ type: 'application/pdf', size: 6 * 1024 * 1024 })).toBeNull();
    expect(fileProblem({ type: 'application/x-msdownload', size: 1 })).toBe('canned.form.fileTypeNotAllowed');
  });

  it('puts server errors on their fields', () => {
    expect(categorySaveFeedback(new ApiError(409, 'canned.category_exists'))).toEqual([
      { field: 'name', message: 'errors.canned.category_exists' },
    ]);
    expect(responseSaveFeedback(new ApiError(409, 'canned.response_exists'))).toEqual([
      { field: 'name', message: 'errors.canned.response_exists' },
    ]);
    expect(responseSaveFeedback(new ApiError(400, 'canned.message_too_long'))).toEqual([
      { field: 'message', message: 'errors.canned.message_too_long' },
    ]);
    expect(responseSaveFeedback(new ApiError(400, 'file.not_found'))).toEqual([
      { field: 'attachments', message: 'errors.file.not_found' },
    ]);
    expect(responseSaveFeedback(new ApiError(400, 'validation.failed', [{ path: '/fileIds/0' }]))).toEqual([
      { field: 'attachments', message: 'errors.validation.failed' },
    ]);
  });
});
