// How the Graph area answers what the dispatcher handles itself: unknown paths, oversized bodies, faults.
import { fbtraceId } from '../core/ids';
import type { AreaBehaviour } from '../http/server';
import { GraphErrors, graphError } from './graph-errors';

/** Graph behaviour: the error envelope of C.9 and an `x-fb-trace-id` header. */
export const metaArea: AreaBehaviour = {
  maxBodyBytes: 30 * 1024 * 1024,
  notFound: () => graphError(GraphErrors.unknownPath('the simulator does not serve this path')),
  tooLarge: () => graphError(GraphErrors.param('The request body is too large'), 413),
  internalError: () => graphError(GraphErrors.transient(), 500),
  // 429 carries the rate-limit code 613, 5xx the transient codes 1/2 (C.9).
  fault: ({ status }) =>
    graphError(
      status === 429
        ? GraphErrors.rateLimited()
        : status >= 500
          ? GraphErrors.transient()
          : { message: 'An unknown error occurred', type: 'OAuthException', code: 1 },
      status,
    ),
  headers: () => ({ 'x-fb-trace-id': fbtraceId() }),
};
