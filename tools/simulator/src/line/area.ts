// How the LINE area answers what the dispatcher handles itself: unknown paths, oversized bodies, faults.
import { uuid } from '../core/ids';
import type { AreaBehaviour } from '../http/server';
import { lineError } from './api-routes';

const FAULT_MESSAGES: Record<number, string> = {
  400: 'The request body has 1 error(s)',
  429: 'The API rate limit has been exceeded. Try again later.',
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
};

/** LINE API behaviour: `{message}` bodies and an `X-Line-Request-Id` on every response (A.1). */
export const lineArea: AreaBehaviour = {
  // Request bodies over 2 MB are refused with 413 (A.1).
  maxBodyBytes: 2 * 1024 * 1024,
  notFound: () => lineError(404, 'Not found'),
  tooLarge: () => lineError(413, 'Request entity too large'),
  internalError: () => lineError(500, 'Internal server error'),
  fault: ({ status }) => lineError(status, FAULT_MESSAGES[status] ?? 'Simulated fault'),
  headers: () => ({ 'x-line-request-id': uuid() }),
};
