// Realtime fan-out (docs/architecture.md, "Realtime"): a service publishes a domain event with pg_notify
// inside the transaction that made the change, so PostgreSQL delivers it only if that transaction commits,
// and to every process LISTENing, whichever node raised it. No Redis, and the same code on PGlite.
// An event integrators may also receive (outgoing webhooks, @sabai/contracts outgoingEventOf) is recorded by
// the database function webhook_record() in the same statement: one delivery per subscribed endpoint, stored
// exactly when the change commits, whatever happens to this process afterwards (migration 0028).
import { sql, type SQL } from 'drizzle-orm';
import { DomainEventSchema, outgoingEventOf, type DomainEvent, type OutgoingEvent } from '@sabai/contracts';
import type { Db, Executor } from './db';
import type { Logger } from './logger';

/** The one pg_notify channel all domain events travel on. */
export const EVENTS_CHANNEL = 'sabai_events';
/** The channel webhook_record() wakes the outgoing webhooks' workers on (migration 0028). */
const OUTGOING_WEBHOOKS_CHANNEL = 'sabai_outgoing_webhooks';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more (default build). */
export const MAX_EVENT_BYTES = 7999;

// The events and their payloads are one discriminated union in @sabai/contracts (live-events.ts): a publisher
// whose payload disagrees with its event's schema does not compile, and the bus reads events back by it.
export type { DomainEvent, LiveEventName as DomainEventName } from '@sabai/contracts';

export type EventHandler = (event: DomainEvent) => void | Promise<void>;

/** Queues `event` on `executor`'s transaction; it is delivered to every node only if that transaction commits. */
export async function publishEvent(executor: Executor, event: DomainEvent): Promise<void> {
  await executor.execute(sql`select ${eventNotification(event)}`);
}

/**
 * The `pg_notify` call that publishes `event`, for a statement that makes the change and publishes it in one
 * round trip (select it once per changed row, so nothing is published when nothing changed).
 */
export function eventNotification(event: DomainEvent): SQL {
  const outgoing = outgoingEventOf(event);
  if (!outgoing) return sql`pg_notify(${EVENTS_CHANNEL}, ${payloadOf(event)})`;
  return sql`publish_event(${EVENTS_CHANNEL}, ${payloadOf(event)}, ${outgoing.organizationId}::uuid, ${outgoing.type}, ${JSON.stringify(outgoing.data)}::jsonb)`;
}

/**
 * Queues several events in one statement (an ingest batch's, a batch of assignments); same delivery rule
 * as publishEvent. The outgoing ones are recorded set-based, as webhook_record() records one: an event where
 * an enabled endpoint of its organisation subscribes to its type, a delivery per such endpoint, and the
 * workers woken once: a call of webhook_record() per event made the statement a third slower (busy-day soak).
 */
export async function publishEvents(executor: Executor, events: readonly DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  const outgoing = events.map(outgoingEventOf);
  // One pg_notify per element, in order, from a single round trip; the outgoing ones recorded beside.
  await executor.execute(
    sql`WITH e AS MATERIALIZED (
          SELECT * FROM unnest(${sql.param(events.map(payloadOf))}::text[], ${sql.param(outgoing.map((o) => o?.organizationId ?? null))}::text[],
            ${sql.param(outgoing.map((o) => o?.type ?? null))}::text[], ${sql.param(outgoing.map((o) => (o ? JSON.stringify(o.data) : null)))}::text[])
            WITH ORDINALITY AS e(p, o, t, d, n)
        ), recorded AS (
          INSERT INTO webhook_events (organization_id, type, data)
          SELECT e.o::uuid, e.t, e.d::jsonb FROM e
          WHERE e.t IS NOT NULL AND EXISTS (SELECT 1 FROM webhook_endpoints w
            WHERE w.organization_id = e.o::uuid AND w.enabled AND e.t = ANY(w.events))
          ORDER BY e.n
          RETURNING id, organization_id, type
        ), delivered AS (
          INSERT INTO webhook_deliveries (organization_id, endpoint_id, event_id)
          SELECT r.organization_id, w.id, r.id FROM recorded r
          JOIN webhook_endpoints w ON w.organization_id = r.organization_id AND w.enabled AND r.type = ANY(w.events)
          RETURNING 1
        )
        SELECT pg_notify(${EVENTS_CHANNEL}, e.p) FROM e
        UNION ALL
        SELECT pg_notify(${OUTGOING_WEBHOOKS_CHANNEL}, '') FROM (SELECT 1 FROM delivered LIMIT 1) AS any_delivery`,
  );
}

/**
 * Records an event for outgoing webhooks only, not for the live feed (a contact created or changed, a
 * satisfaction rating), through `executor`'s transaction: delivered only if that transaction commits.
 */
export async function recordOutgoingEvent(executor: Executor, event: OutgoingEvent): Promise<void> {
  await executor.execute(sql`select ${outgoingEventRecord(event)}`);
}

/** The webhook_record() call of `event`. */
function outgoingEventRecord(event: OutgoingEvent): SQL {
  return sql`webhook_record(${event.organizationId}::uuid, ${event.type}, ${JSON.stringify(event.data)}::jsonb)`;
}

/**
 * The webhook_record() call of an outgoing event for a set-based statement that makes the change and records
 * it at once: the organisation and the data (a jsonb object of the event's ids) are SQL over its rows.
 * Selected once per row changed (in the statement's final select list: a CTE nobody reads never runs).
 */
export function outgoingEventRecordOf(type: OutgoingEvent['type'], organizationId: SQL, data: SQL): SQL {
  return sql`webhook_record(${organizationId}, ${type}, ${data})`;
}

function payloadOf(event: DomainEvent): string {
  const payload = JSON.stringify(event);
  const bytes = Buffer.byteLength(payload, 'utf8');
  // Checked here rather than left to PostgreSQL so the error names the event instead of aborting the
  // caller's transaction with "payload string too long".
  if (bytes > MAX_EVENT_BYTES) {
    throw new Error(`event ${event.name} is ${bytes} bytes; pg_notify takes at most ${MAX_EVENT_BYTES}`);
  }
  return payload;
}

/** This process's subscription to all domain events. */
export interface EventBus {
  /** Calls `handler` for every event received; returns the unsubscribe function. */
  subscribe(handler: EventHandler): () => void;
  /** Stops listening; handlers receive nothing afterwards. */
  close(): Promise<void>;
}

/** Starts the one LISTEN of this process and dispatches parsed events to subscribers. */
export async function startEventBus(db: Db, opts: { logger: Logger }): Promise<EventBus> {
  const { logger } = opts;
  const handlers = new Set<EventHandler>();

  const dispatch = (event: DomainEvent, handler: EventHandler) => {
    // One failing subscriber (a websocket that just closed) must not stop delivery to the others.
    try {
      const result = handler(event);
      if (result instanceof Promise) result.catch((err: unknown) => logEventHandlerError(logger, event, err));
    } catch (err) {
      logEventHandlerError(logger, event, err);
    }
  };

  const unlisten = await db.listen(EVENTS_CHANNEL, (payload) => {
    const event = parseEvent(payload);
    if (!event) {
      // Its size only: a payload may carry a notification's text.
      logger.warn({ payloadBytes: Buffer.byteLength(payload) }, 'ignored an unparseable domain event');
      return;
    }
    for (const handler of [...handlers]) dispatch(event, handler);
  });

  return {
    subscribe(handler) {
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
      };
    },
    async close() {
      handlers.clear();
      await unlisten();
    },
  };
}

function parseEvent(payload: string): DomainEvent | null {
  try {
    const parsed = DomainEventSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function logEventHandlerError(logger: Logger, event: DomainEvent, err: unknown) {
  logger.error({ err, event: event.name }, 'domain event handler failed');
}
