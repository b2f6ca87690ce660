// How a request's bearer value is authenticated: an API token (`sabai_…`) here, anything else as a
// session's access token (modules/auth). Token calls are also rate-limited per token.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiToken } from '@sabai/domain';
import type { Deps } from '../../deps';
import { tooManyRequests, unauthorized } from '../../http/errors';
import { authenticate } from '../auth';
import type { AuthContext } from '../../ports';
import { authenticateApiToken } from './api-tokens.service';

/** The bearer value of an Authorization header, if it has one. */
export function bearerOf(authorization: string | undefined): string | null {
  return authorization?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;
}

/** The caller of a request: a session's user, or an API token acting for its creator. */
export async function authenticateRequest(
  deps: Deps,
  authorization: string | undefined,
): Promise<AuthContext> {
  const bearer = bearerOf(authorization);
  if (!bearer) throw unauthorized();
  return isApiToken(bearer) ? authenticateApiToken(deps, bearer) : authenticate(deps, authorization);
}

/**
 * A limit of `perMinute` calls per token (per node: each node counts its own calls, so behind a load
 * balancer of n nodes a token gets at most n times as many). Every token answer carries the
 * x-ratelimit-* headers; past the limit the call is refused with 429 `rate_limited` and Retry-After.
 */
export function createApiTokenRateLimit(app: FastifyInstance, perMinute: number) {
  const limiter = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `api-token:${request.auth?.apiToken?.id ?? ''}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await limiter(request);
    if (result.isAllowed) return;
    reply.header('x-ratelimit-limit', result.max);
    reply.header('x-ratelimit-remaining', result.remaining);
    reply.header('x-ratelimit-reset', result.ttlInSeconds);
    if (!result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw tooManyRequests('rate_limited', 'Too many calls with this API token', {
      retryAfterSeconds: result.ttlInSeconds,
    });
  };
}
