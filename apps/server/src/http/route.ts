// Registers a route of the map in packages/contracts: its path, schemas (validation, serialization,
// OpenAPI) and permission come from the map, so the handler only says what the route does.
import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteDef } from '@sabai/contracts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The map entry the route was registered from (the start-up check in route-map-check.ts reads it). */
    contract?: RouteDef;
  }
}

type Field<R, K extends string> = R extends { [key in K]: infer S } ? S : undefined;

/** The Fastify schema of a map entry, as the zod type provider reads it. */
type SchemaOf<R extends RouteDef> = {
  params: Field<R, 'params'>;
  querystring: Field<R, 'query'>;
  body: Field<R, 'body'>;
  response: R['responses'];
};

export type RouteHandler<R extends RouteDef> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<R>,
  ZodTypeProvider
>;

/**
 * The OpenAPI document's ways to authenticate: a person's session (the short-lived access token of
 * POST /auth/login) and an organisation's API token. Both are bearer tokens in the Authorization header.
 */
export const SECURITY_SCHEMES = {
  session: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'A signed-in person: the accessToken of POST /api/v1/auth/login (15 minutes; refresh with ' +
      'POST /api/v1/auth/refresh-token). State-changing calls also need the X-XSRF-TOKEN header echoing ' +
      'the XSRF-TOKEN cookie.',
  },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'sabai_…',
    description:
      "An organisation's API token (Settings > API tokens), acting for the admin who created it with the " +
      "token's own permissions (resources, actions and scopes as roles have). No XSRF header. Refused " +
      'with 401 api_token.invalid, api_token.revoked, api_token.expired or api_token.creator_inactive; ' +
      'routes for a person only answer 403 api_token.person_only; over the per-token rate limit, 429 ' +
      'rate_limited with Retry-After.',
  },
} as const;

/** Who may call a route, as the OpenAPI document says it: nobody signed in, a person, or a person or token. */
function securityOf(def: RouteDef) {
  if ('public' in def.access) return [];
  if ('signedIn' in def.access || def.personOnly) return [{ session: [] }];
  return [{ session: [] }, { apiToken: [] }];
}

/** Route options beyond the map's (a rate limit). */
export type RouteExtras = { config?: Omit<FastifyContextConfig, 'access' | 'contract'> };

/** Registers `handler` for the map entry `def`; `req` and `reply` are typed by its schemas. */
export function route<const R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  handler: RouteHandler<R>,
  extras: RouteExtras = {},
): void {
  const schema: Record<string, unknown> = { tags: [def.tag], security: securityOf(def) };
  if (def.params) schema.params = def.params;
  if (def.query) schema.querystring = def.query;
  if (def.body) schema.body = def.body;
  if (def.multipart) schema.consumes = ['multipart/form-data'];
  if (Object.keys(def.responses).length > 0) schema.response = def.responses;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    schema,
    config: { ...extras.config, access: def.access, contract: def },
    handler: handler as RouteHandlerMethod,
  });
}
