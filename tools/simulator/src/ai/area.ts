// How the model endpoint answers what the dispatcher handles itself: unknown paths, oversized bodies, faults.
import { randomHex } from '../core/ids';
import type { AreaBehaviour } from '../http/server';
import { OpenAiErrors, openAiError } from './openai-errors';

/** Seconds a 429 fault asks the client to wait when the fault does not say. */
const DEFAULT_RETRY_AFTER_SECONDS = 1;

/** OpenAI behaviour: its error envelope and an `x-request-id` (`req_…`) on every response. */
export const aiArea: AreaBehaviour = {
  // A generous cap: requests may carry images inline as base64.
  maxBodyBytes: 50 * 1024 * 1024,
  notFound: (request) => openAiError(404, OpenAiErrors.invalidUrl(request.method, request.path)),
  tooLarge: () => openAiError(413, OpenAiErrors.tooLarge()),
  internalError: () => openAiError(500, OpenAiErrors.serverError()),
  fault: ({ status, retryAfterSeconds }) => {
    const retryAfter = retryAfterSeconds ?? (status === 429 ? DEFAULT_RETRY_AFTER_SECONDS : undefined);
    const headers = retryAfter === undefined ? undefined : { 'retry-after': String(retryAfter) };
    if (status === 429) return openAiError(429, OpenAiErrors.rateLimited(), headers);
    if (status === 503) return openAiError(503, OpenAiErrors.overloaded(), headers);
    if (status >= 500) return openAiError(status, OpenAiErrors.serverError(), headers);
    return openAiError(
      status,
      { message: 'Simulated fault', type: 'invalid_request_error', param: null, code: null },
      headers,
    );
  },
  headers: () => ({ 'x-request-id': `req_${randomHex(16)}` }),
};
