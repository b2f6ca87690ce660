// Typed errors with a stable code (translated by the web app as `errors.<code>`) and an HTTP status.
// One handler (error-handler.ts) renders them as the envelope { error: { code, message, details } }.

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message?: string,
    readonly details?: unknown,
  ) {
    super(message ?? code);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, message?: string, details?: unknown) =>
  new AppError(400, code, message, details);
export const unauthorized = (code = 'auth.unauthenticated', message?: string) =>
  new AppError(401, code, message);
export const forbidden = (code = 'auth.forbidden', message?: string) => new AppError(403, code, message);
/** Also used for another organisation's records: their existence is never revealed. */
export const notFound = (code = 'not_found', message?: string) => new AppError(404, code, message);
export const conflict = (code: string, message?: string, details?: unknown) =>
  new AppError(409, code, message, details);
export const tooLarge = (code = 'request.too_large', message?: string) => new AppError(413, code, message);
export const tooManyRequests = (code = 'rate_limited', message?: string, details?: unknown) =>
  new AppError(429, code, message, details);
