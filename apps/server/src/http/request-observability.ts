// What every request leaves behind besides its answer: its duration in the metrics, by route pattern, and
// its log context (request id, then the caller's organisation and the issue the route is about), which
// every line logged while it is handled carries, also from services that log through `deps.logger`.
import { AsyncResource } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { addToLogContext, runWithLogContext, type LogContext } from '../platform/log-context';
import type { Metrics } from '../platform/metrics';

/** Where each request's context was made, to return to it after the body was read. */
const contexts = new WeakMap<FastifyRequest, AsyncResource>();

/** Registered before the access guard, so authentication already logs in the request's context. */
export function registerRequestObservability(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onRequest', (request, _reply, done) => {
    runWithLogContext({ reqId: request.id }, () => {
      contexts.set(request, new AsyncResource('sabai.request'));
      done();
    });
  });

  // After the access guard (onRequest) has authenticated the caller, and after the body was read: its
  // stream's events run outside the request's context, so the rest of the request goes back into it.
  app.addHook('preValidation', (request, _reply, done) => {
    const next = () => {
      bindIds(request);
      done();
    };
    const context = contexts.get(request);
    if (context) context.runInAsyncScope(next);
    else next();
  });

  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern, never the URL (ids and query strings would make a series per request).
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

type BindableLogger = FastifyBaseLogger & { setBindings?(bindings: Record<string, unknown>): void };

/** Names the caller's organisation and the route's issue in the context and in the request's own logger. */
function bindIds(request: FastifyRequest) {
  const fields: LogContext = {};
  if (request.auth) fields.organizationId = request.auth.organizationId;
  const issueId = issueIdOf(request);
  if (issueId !== null) fields.issueId = issueId;
  if (Object.keys(fields).length === 0) return;
  addToLogContext(fields);
  // The request's own lines ("request completed") come from its logger, outside this context.
  (request.log as BindableLogger).setBindings?.(fields);
}

const ISSUE_ROUTE = /^\/api\/v1\/issues\/:id(\/|$)/;

/** The issue a route is about: `/issues/:id…`, or any route with an `:issueId` parameter. */
function issueIdOf(request: FastifyRequest): number | null {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const raw = ISSUE_ROUTE.test(request.routeOptions.url ?? '') ? params.id : params.issueId;
  const id = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
  return id;
}
