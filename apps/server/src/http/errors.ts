// The usual typed errors by status; the class itself sits in platform (platform/app-error.ts) so every layer
// can raise one, and one handler (error-handler.ts) renders them all. Codes are typed by @sabai/contracts'
// ErrorCode, so a typo or a code without translations fails to compile.
import type { ErrorCode } from '@sabai/contracts';
import { AppError } from '../platform/app-error';

export { AppError };

export const badRequest = (code: ErrorCode, message?: string, details?: unknown) =>
  new AppError(400, code, message, details);
export const unauthorized = (code: ErrorCode = 'auth.unauthenticated', message?: string) =>
  new AppError(401, code, message);
export const forbidden = (code: ErrorCode = 'auth.forbidden', message?: string) =>
  new AppError(403, code, message);
/** Also used for another organisation's records: their existence is never revealed. */
export const notFound = (code: ErrorCode = 'not_found', message?: string) => new AppError(404, code, message);
export const conflict = (code: ErrorCode, message?: string, details?: unknown) =>
  new AppError(409, code, message, details);
export const tooLarge = (code: ErrorCode = 'request.too_large', message?: string) =>
  new AppError(413, code, message);
export const tooManyRequests = (code: ErrorCode = 'rate_limited', message?: string, details?: unknown) =>
  new AppError(429, code, message, details);
