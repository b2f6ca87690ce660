// What a log line is about, carried along the asynchronous work it belongs to: the request, the job or the
// ingest batch, and the organisation and issue once known. Services log through `deps.logger` and know none
// of it; the logger's mixin (logContextMixin) adds the fields of the work in progress to every line.
import { AsyncLocalStorage } from 'node:async_hooks';

/** Ids only: log lines carry no personal data (docs/operations.md "Logs"). */
export type LogContext = {
  /** The HTTP request (Fastify's request id, also in the request's own log lines). */
  reqId?: string;
  organizationId?: string;
  issueId?: number;
  /** A background job: its queue and id. */
  queue?: string;
  jobId?: string;
  /** An ingest batch: its first stored delivery and how many rows it holds. */
  inboundId?: number;
  inboundRows?: number;
};

const storage = new AsyncLocalStorage<LogContext>();

/**
 * Runs `fn` as a unit of work of its own (a request, a job, an ingest batch) with `fields` as its context:
 * nothing of the caller's context is inherited, since background work may be woken from inside a request.
 */
export function runWithLogContext<T>(fields: LogContext, fn: () => T): T {
  return storage.run(withoutUndefined(fields), fn);
}

/**
 * Runs `fn` outside any context: for callbacks of long-lived work that may fire while some request is
 * running (the embedded database delivers notifications inside whichever query is running), so that
 * request's ids never end up on lines about other work.
 */
export function outsideLogContext<T>(fn: () => T): T {
  return storage.exit(fn);
}

/** Adds fields to the context of the work in progress (a no-op outside any). */
export function addToLogContext(fields: LogContext): void {
  const store = storage.getStore();
  if (store) Object.assign(store, withoutUndefined(fields));
}

/** The context of the work in progress, if any. */
export function currentLogContext(): Readonly<LogContext> | undefined {
  return storage.getStore();
}

/** The organisation and issue a job's or an event's data names, if it names them. */
export function idsIn(data: unknown): Pick<LogContext, 'organizationId' | 'issueId'> {
  if (typeof data !== 'object' || data === null) return {};
  const { organizationId, issueId } = data as { organizationId?: unknown; issueId?: unknown };
  return {
    ...(typeof organizationId === 'string' ? { organizationId } : {}),
    ...(typeof issueId === 'number' ? { issueId } : {}),
  };
}

type BoundLogger = { bindings?: () => Record<string, unknown> };

/**
 * pino's `mixin`: the context's fields on every line, except those the logger has bound already (a
 * request's own logger binds its request id, organisation and issue; repeating them would duplicate keys).
 */
export function logContextMixin(_line: object, _level: number, logger: BoundLogger): object {
  const store = storage.getStore();
  if (!store) return {};
  const bound = logger.bindings?.() ?? {};
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(store)) if (!(key in bound)) fields[key] = value;
  return fields;
}

function withoutUndefined(fields: LogContext): LogContext {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as LogContext;
}
