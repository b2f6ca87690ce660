// Every route declares who may call it (`config.access`); a route without a declaration fails at
// registration, so an endpoint can never be added unguarded. Permissions follow one rule
// (packages/domain isAllowed), checked on the server for every call: hiding a menu is never the protection.
// An API token is accepted only by routes of the map declared with a permission (and not `personOnly`):
// the others are about the caller as a person (sign-in, profile, devices, managing tokens).
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Access } from '@sabai/contracts';
import { isAllowed, isApiToken, scopeFor, type Scope } from '@sabai/domain';
import { forbidden, unauthorized } from './errors';
import type { AuthContext } from '../ports';

/** Who may call a route (declared in packages/contracts' route map). */
export type { Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The caller's scope for the route's permission (set by the permission guard). */
    scope: Scope | null;
  }
}

const GUARDED_PREFIXES = ['/api/', '/webhooks/', '/ws', '/files/'];

type Authenticate = (request: FastifyRequest) => Promise<AuthContext>;
/** Refuses an API token's call over its rate limit (runs once the token is authenticated). */
type LimitApiToken = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Whether the request's bearer value is an API token (`Authorization: Bearer sabai_…`). */
export function presentsApiToken(request: FastifyRequest): boolean {
  return isApiToken(request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1]);
}

/**
 * Whether a route serves API tokens: a route of the map needs a permission and no `personOnly`; other
 * routes (webhooks, signed file links, health) ignore the header as they ignore any bearer.
 */
function servesApiTokens(config: FastifyContextConfig): boolean {
  if (!config.contract || !config.access) return true;
  return 'resource' in config.access && !config.contract.personOnly;
}

/** Installs the declaration check and the guard that authenticates and authorises each request. */
export function registerAccessControl(
  app: FastifyInstance,
  authenticate: Authenticate,
  limitApiToken: LimitApiToken = async () => {},
) {
  app.decorateRequest('auth', null);
  app.decorateRequest('scope', null);

  app.addHook('onRoute', (route) => {
    const guarded = GUARDED_PREFIXES.some(
      (p) => route.url.startsWith(p) || route.url === p.replace(/\/$/, ''),
    );
    if (guarded && !route.config?.access && !route.url.startsWith('/api/docs')) {
      throw new Error(`Route ${route.method} ${route.url} has no access declaration`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    if (presentsApiToken(request) && !servesApiTokens(request.routeOptions.config)) {
      throw forbidden(
        'api_token.person_only',
        'This route is for signed-in people; API tokens cannot call it.',
      );
    }
    if ('public' in access) return;
    const auth = await authenticate(request);
    request.auth = auth;
    if (auth.apiToken) await limitApiToken(request, reply);
    if ('signedIn' in access) return;
    if (!isAllowed(auth.role, access.resource, access.action, access.scopes)) throw forbidden();
    request.scope = scopeFor(auth.role, access.resource, access.action) ?? null;
  });
}

/** The authenticated caller of a guarded route (throws if the route was declared public). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The caller's scope for the route's permission; only a route declared with a resource and action has one. */
export function scopeOf(request: FastifyRequest): Scope {
  if (!request.scope)
    throw new Error(`Route ${request.routeOptions.url} reads a scope but declares no permission`);
  return request.scope;
}
