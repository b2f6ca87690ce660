// Every route declares who may call it (`config.access`); a route without a declaration fails at
// registration, so an endpoint can never be added unguarded. Permissions follow the spec's rule
// (packages/domain isAllowed), checked on the server for every call: hiding a menu is never the protection.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '@sabai/contracts';
import { isAllowed, scopeFor, type Scope } from '@sabai/domain';
import { forbidden, unauthorized } from './errors';
import type { AuthContext } from '../modules/auth';

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

/** Installs the declaration check and the guard that authenticates and authorises each request. */
export function registerAccessControl(app: FastifyInstance, authenticate: Authenticate) {
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

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || 'public' in access) return;
    const auth = await authenticate(request);
    request.auth = auth;
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
