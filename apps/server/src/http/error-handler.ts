// The one place errors become responses: always the envelope { error: { code, message, details } }.
// Bad input of any kind is a 4xx with a stable code; 5xx never reveal internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@sabai/contracts';
import { AppError } from './errors';

type Envelope = { error: { code: ErrorCode; message: string; details?: unknown } };

export const envelope = (code: ErrorCode, message: string, details?: unknown): Envelope => ({
  error: details === undefined ? { code, message } : { code, message, details },
});

// Fastify's own error codes for malformed requests, mapped to our stable codes.
const FASTIFY_CODES: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'request.malformed_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'request.malformed_json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'request.too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'request.unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'request.invalid' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'file.too_large' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, code: 'request.invalid' },
  FST_ERR_VALIDATION: { status: 400, code: 'validation.failed' },
};

/** Installs the error and not-found handlers that render the envelope. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) request.log.error({ err }, 'app error');
      return reply.status(err.status).send(envelope(err.code, err.message, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: v.instancePath || '/',
        message: v.message,
      }));
      return reply.status(400).send(envelope('validation.failed', 'Invalid input', details));
    }
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (known) return reply.status(known.status).send(envelope(known.code, err.message));
    if (err.statusCode === 429) return reply.status(429).send(envelope('rate_limited', 'Too many requests'));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send(envelope('request.invalid', err.message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(envelope('internal', 'Something went wrong'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(envelope('not_found', `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
}
