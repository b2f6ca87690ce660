// A typed error with a stable code (translated by the web app as `errors.<code>`) and the HTTP status it
// answers with. It lives in platform so the lowest layer (storage's size limit) can raise it too; http/errors.ts
// names the usual ones and http/error-handler.ts renders them as the envelope { error: { code, message, details } }.
import type { ErrorCode } from '@sabai/contracts';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message?: string,
    readonly details?: unknown,
  ) {
    super(message ?? code);
    this.name = 'AppError';
  }
}
