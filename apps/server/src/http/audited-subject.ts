// How a route names the subject of an audited change (the route map's `audit`): the audit trail
// (modules/audit, audit.hook.ts) reads it before the call and after it. Declared here, with the routes'
// other extras, so a module's routes need nothing of the audit module.
import type { FastifyRequest } from 'fastify';
import type { RouteExtras } from './route';

/** Reads an audited route's subject as the caller sees it. */
export type LoadSubject = (request: FastifyRequest) => Promise<unknown>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reads an audited route's subject, before the call and after it, for the entry's changes. */
    auditSubject?: LoadSubject;
  }
}

/**
 * Route extras of an audited change whose subject `load` reads (by the path's parameters, as the caller
 * sees it): the entry then holds each field before and after. Without it an entry holds what the answer
 * returned (a create's new subject) or, for an export, the filters it used.
 */
export function auditedSubject(
  load: (params: Record<string, string>, request: FastifyRequest) => Promise<unknown>,
): RouteExtras {
  return { config: { auditSubject: (request) => load(request.params as Record<string, string>, request) } };
}
