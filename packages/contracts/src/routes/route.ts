import type { z } from 'zod';
import type { Action, Resource, Scope } from '@sabai/domain';
import type { AuditAction, AuditArea } from '../audit';

// The shape of one HTTP route of the API, declared once in the route map (./index.ts): the server registers
// its handler from it (apps/server http/route.ts), the web calls it through the typed client
// (apps/web lib/api.ts). A change to a path, a schema or a permission therefore fails to compile on the
// side that no longer matches.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route; checked by the server for every call (apps/server http/access.ts). */
export type Access =
  /** No sign-in: public pages' calls, login, webhooks, health. */
  | { public: true }
  /** Any signed-in user of the organisation in the token. */
  | { signedIn: true }
  /** A signed-in user whose role grants `action` on `resource` with one of `scopes` (any scope when omitted). */
  | { resource: Resource; action: Action; scopes?: readonly Scope[] };

export type RouteDef = {
  method: HttpMethod;
  /** The path under /api/v1, Fastify style: `:name` for each path parameter. */
  path: string;
  /** The OpenAPI tag (the module). */
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** The JSON body; a multipart route (`multipart: true`) has none, its handler reads the parts. */
  body?: z.ZodType;
  multipart?: true;
  /**
   * The answer per success status. A route without one answers 204 with no body, or a file when
   * `file: true` (downloads: CSV, XLSX, zip).
   */
  responses: { readonly [status: number]: z.ZodType };
  file?: true;
  /**
   * The answer is written as it is made, as JSON lines (application/x-ndjson) shaped like its 200 schema:
   * model answers, shown to the agent while the model writes them.
   */
  stream?: true;
  access: Access;
  /**
   * Only a signed-in person may call it, never an API token (managing tokens). Routes declared `signedIn`
   * or `public` refuse tokens anyway: they are about the caller as a person (profile, sign-in, devices).
   */
  personOnly?: true;
  /**
   * Recorded in the administration audit trail: every call by a signed-in user, with its outcome and, for a
   * change, each field before and after. The action defaults to the method's (POST create, PUT and PATCH
   * update, DELETE delete). Every state-changing route of an administrative resource must have one
   * (apps/server modules/audit audit.routes-walk.test.ts).
   */
  audit?: { area: AuditArea; action?: AuditAction };
};

/** Checks a module's routes against RouteDef while keeping each entry's exact type. */
export function defineRoutes<const T extends Record<string, RouteDef>>(routes: T): T {
  return routes;
}
