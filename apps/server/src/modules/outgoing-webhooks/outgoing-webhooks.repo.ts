// The outgoing webhooks' endpoints, deliveries and attempts: the only file of the module, with
// resources.repo.ts (the bodies' resources), that touches the database.
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { WebhookDeliveryStatus, WebhookEventType } from '@sabai/contracts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { rowsOf, type Executor } from '../../platform/db';
import { sqlRows } from '../../platform/sql-rows';
import type { Backlog } from '../../platform/metrics';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

const lastDelivery = sql<{
  id: number;
  eventType: WebhookEventType;
  status: WebhookDeliveryStatus;
  attemptedAt: string | null;
  statusCode: number | null;
} | null>`(
  SELECT json_build_object('id', d.id, 'eventType', ev.type, 'status', d.status,
    'attemptedAt', a.attempted_at, 'statusCode', a.status_code)
  FROM ${webhookDeliveries} d
  JOIN ${webhookEvents} ev ON ev.id = d.event_id
  LEFT JOIN LATERAL (
    SELECT attempted_at, status_code FROM ${webhookAttempts} WHERE delivery_id = d.id ORDER BY id DESC LIMIT 1
  ) a ON true
  -- Qualified by hand: drizzle leaves a one-table select's columns unqualified.
  WHERE d.endpoint_id = webhook_endpoints.id
  ORDER BY d.id DESC LIMIT 1)`;

export type ListedEndpoint = EndpointRow & { lastDelivery: typeof lastDelivery._.type };

/** The organisation's endpoints, oldest first, each with its latest delivery. */
export async function listEndpoints(ex: Executor, organizationId: string): Promise<ListedEndpoint[]> {
  return ex
    .select({ endpoint: webhookEndpoints, lastDelivery })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id)
    .then((rows) => rows.map((r) => ({ ...r.endpoint, lastDelivery: r.lastDelivery })));
}

export async function findEndpoint(
  ex: Executor,
  organizationId: string,
  id: string,
): Promise<ListedEndpoint | null> {
  const [row] = await ex
    .select({ endpoint: webhookEndpoints, lastDelivery })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)));
  return row ? { ...row.endpoint, lastDelivery: row.lastDelivery } : null;
}

export async function insertEndpoint(ex: Executor, values: typeof webhookEndpoints.$inferInsert) {
  const [row] = await ex.insert(webhookEndpoints).values(values).returning({ id: webhookEndpoints.id });
  return row!.id;
}

export async function updateEndpoint(
  ex: Executor,
  id: string,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
) {
  await ex.update(webhookEndpoints).set(values).where(eq(webhookEndpoints.id, id));
}

/** Deletes an endpoint with its deliveries and attempts; the events nobody else receives go too. */
export async function deleteEndpoint(ex: Executor, id: string) {
  await ex.execute(sql`
    DELETE FROM ${webhookEvents} ev
    WHERE ev.id IN (SELECT event_id FROM ${webhookDeliveries} WHERE endpoint_id = ${id})
      AND NOT EXISTS (SELECT 1 FROM ${webhookDeliveries} d WHERE d.event_id = ev.id AND d.endpoint_id <> ${id})`);
  await ex.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** An endpoint stopped (disabled): its pending deliveries are given up, not kept for later. */
export async function stopPendingDeliveries(ex: Executor, endpointId: string) {
  await ex
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, lockedUntil: null })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
}

export type ClaimedDelivery = {
  id: number;
  attempts: number;
  retryingSince: Date | null;
  organizationId: string;
  endpoint: { id: string; url: string; secretEncrypted: string };
  event: {
    id: string;
    type: WebhookEventType;
    data: Record<string, unknown>;
    occurredAt: Date;
    payload: string | null;
  };
};

/**
 * Takes up to `limit` deliveries due at `now` (pending, their endpoint enabled, no lease running) under a
 * lease until `leaseUntil`: several workers share them through SKIP LOCKED, and a crashed worker's are
 * taken again once its lease lapses. Oldest first. `claim_webhook_deliveries` walks the first attempts and
 * the retries each in its own partial index, in order (see its migration: the claim's cost follows the
 * deliveries due, not those delivered that day).
 */
export async function claimDue(
  ex: Executor,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const claimed = rowsOf<{ id: string | number }>(
    await ex.execute(
      sql`SELECT id FROM claim_webhook_deliveries(${now}, ${leaseUntil}, ${limit}) AS claimed(id)`,
    ),
  ).map((r) => Number(r.id));
  return claimed.length === 0 ? [] : loadDeliveries(ex, claimed);
}

/**
 * The deliveries due now and not delivered yet (their endpoint enabled), and how long the oldest has been
 * due, for the metrics: read through the partial index of pending deliveries, so its cost follows them.
 */
export async function readDueBacklog(ex: Executor): Promise<Backlog> {
  const [row] = rowsOf<{ size: number; oldest_seconds: number | string | null }>(
    await ex.execute(sql`
      SELECT count(*)::int AS size,
        extract(epoch FROM now() - min(coalesce(d.next_attempt_at, d.created_at)))::float8 AS oldest_seconds
      FROM ${webhookDeliveries} d
      JOIN ${webhookEndpoints} e ON e.id = d.endpoint_id AND e.enabled
      WHERE d.status = 'pending' AND (d.next_attempt_at IS NULL OR d.next_attempt_at <= now())`),
  );
  return { size: row?.size ?? 0, oldestSeconds: Math.max(0, Number(row?.oldest_seconds ?? 0)) };
}

/** Deliveries with their endpoint and event, for attempting them. */
export async function loadDeliveries(ex: Executor, ids: number[]): Promise<ClaimedDelivery[]> {
  const rows = await ex
    .select({
      id: webhookDeliveries.id,
      attempts: webhookDeliveries.attempts,
      retryingSince: webhookDeliveries.retryingSince,
      organizationId: webhookDeliveries.organizationId,
      endpoint: {
        id: webhookEndpoints.id,
        url: webhookEndpoints.url,
        secretEncrypted: webhookEndpoints.secretEncrypted,
      },
      event: {
        id: webhookEvents.id,
        type: webhookEvents.type,
        data: webhookEvents.data,
        occurredAt: webhookEvents.occurredAt,
        payload: webhookEvents.payload,
      },
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    // One array parameter: a batch's ids as a list would be fifty to build and parse each time.
    .where(sql`${webhookDeliveries.id} = ANY(${sql.param(ids)}::bigint[])`)
    .orderBy(webhookDeliveries.id);
  return rows.map((r) => ({ ...r, event: { ...r.event, type: r.event.type as WebhookEventType } }));
}

/**
 * Keeps the first body built for each event (two workers may build one at once); resolves to the kept
 * bodies by event id, a batch's events in one statement.
 */
export async function keepPayloads(ex: Executor, built: Map<string, string>): Promise<Map<string, string>> {
  const ids = [...built.keys()];
  const rows = rowsOf<{ id: string; payload: string | null }>(
    await ex.execute(sql`
      WITH built AS (SELECT * FROM unnest(${sql.param(ids)}::uuid[], ${sql.param(ids.map((id) => built.get(id)!))}::text[]) AS b(id, payload)),
      kept AS (
        UPDATE ${webhookEvents} e SET payload = built.payload FROM built
        WHERE e.id = built.id AND e.payload IS NULL RETURNING e.id, e.payload
      )
      SELECT id::text, payload FROM kept
      UNION ALL
      SELECT e.id::text, e.payload FROM ${webhookEvents} e JOIN built ON built.id = e.id
      WHERE e.payload IS NOT NULL`),
  );
  // One built meanwhile by another worker is the one kept (and sent); a row gone keeps ours.
  const kept = new Map(rows.flatMap((r) => (r.payload === null ? [] : [[r.id, r.payload] as const])));
  return new Map(ids.map((id) => [id, kept.get(id) ?? built.get(id)!]));
}

export type AttemptRecord = {
  deliveryId: number;
  attemptedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  responseSnippet: string | null;
  error: string | null;
  resend: boolean;
};

/**
 * Records an attempt and the delivery's state after it; false when the delivery is gone (its endpoint was
 * deleted meanwhile), and nothing is written. A failed attempt leaves a delivery that was given up
 * meanwhile (its endpoint disabled) as it is.
 */
export async function recordAttempt(
  ex: Executor,
  attempt: AttemptRecord,
  next: { status: WebhookDeliveryStatus; nextAttemptAt: Date | null; retryingSince: Date | null },
): Promise<boolean> {
  const [row] = await ex
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lockedUntil: null,
      ...(next.status === 'delivered'
        ? { status: 'delivered', nextAttemptAt: null }
        : {
            status: sql`CASE WHEN ${webhookDeliveries.status} = 'pending' THEN ${next.status} ELSE ${webhookDeliveries.status} END`,
            nextAttemptAt: sql`CASE WHEN ${webhookDeliveries.status} = 'pending' THEN ${next.nextAttemptAt}::timestamptz END`,
            retryingSince: next.retryingSince,
          }),
    })
    .where(eq(webhookDeliveries.id, attempt.deliveryId))
    .returning({ id: webhookDeliveries.id });
  if (!row) return false;
  await ex.insert(webhookAttempts).values(attempt);
  return true;
}

/**
 * Successful attempts, in one statement: each delivery delivered, its attempt kept, and their endpoints not
 * failing any more. A delivery gone meanwhile (its endpoint deleted) is left out. The attempts travel as
 * one array per column: a batch's fifty rows are eight parameters, not four hundred.
 */
export async function recordDelivered(
  ex: Executor,
  done: Array<{ endpointId: string; attempt: AttemptRecord }>,
) {
  if (done.length === 0) return;
  await ex.execute(sql`
    WITH done AS (
      SELECT * FROM ${sqlRows(
        done.map(({ endpointId, attempt }) => ({ endpointId, ...attempt })),
        {
          deliveryId: 'bigint',
          endpointId: 'uuid',
          attemptedAt: 'timestamptz',
          statusCode: 'int',
          latencyMs: 'int',
          responseSnippet: 'text',
          error: 'text',
          resend: 'boolean',
        },
        'v',
      )}
    ), delivered AS (
      UPDATE ${webhookDeliveries} d SET attempts = d.attempts + 1, locked_until = NULL, status = 'delivered',
        next_attempt_at = NULL
      FROM done WHERE d.id = done."deliveryId"
      RETURNING done.*
    ), kept AS (
      INSERT INTO ${webhookAttempts}
        (delivery_id, attempted_at, status_code, latency_ms, response_snippet, error, resend)
      SELECT "deliveryId", "attemptedAt", "statusCode", "latencyMs", "responseSnippet", error, resend
      FROM delivered
    )
    UPDATE ${webhookEndpoints} e SET failing_since = NULL
    WHERE e.id IN (SELECT "endpointId" FROM delivered) AND e.failing_since IS NOT NULL`);
}

/** A failure at `at`: the endpoint fails since its first failure after its last success. */
export async function markEndpointFailing(ex: Executor, endpointId: string, at: Date) {
  const [row] = await ex
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at}::timestamptz)` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({
      enabled: webhookEndpoints.enabled,
      failingSince: webhookEndpoints.failingSince,
      url: webhookEndpoints.url,
    });
  return row ?? null;
}

export type DeliveryRow = {
  id: number;
  eventId: string;
  eventType: WebhookEventType;
  occurredAt: Date;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: Date | null;
};

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookEvents.id,
  eventType: sql<WebhookEventType>`${webhookEvents.type}`,
  occurredAt: webhookEvents.occurredAt,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
};

/** An endpoint's deliveries, newest first, after the delivery `cursor` (an id). */
export async function listDeliveries(
  ex: Executor,
  endpointId: string,
  q: { status?: WebhookDeliveryStatus | undefined; cursor?: number | undefined; limit: number },
): Promise<DeliveryRow[]> {
  return ex
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        q.status ? eq(webhookDeliveries.status, q.status) : undefined,
        q.cursor ? lt(webhookDeliveries.id, q.cursor) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(q.limit);
}

export async function findDelivery(
  ex: Executor,
  endpointId: string,
  id: number,
): Promise<DeliveryRow | null> {
  const [row] = await ex
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)));
  return row ?? null;
}

export type AttemptRow = typeof webhookAttempts.$inferSelect;

/** The latest `perDelivery` attempts of each delivery, newest first. */
export async function attemptsOf(ex: Executor, deliveryIds: number[], perDelivery: number) {
  if (deliveryIds.length === 0) return new Map<number, AttemptRow[]>();
  const rows = rowsOf<{
    id: string | number;
    delivery_id: string | number;
    attempted_at: string | Date;
    status_code: number | null;
    latency_ms: number;
    response_snippet: string | null;
    error: string | null;
    resend: boolean;
  }>(
    await ex.execute(sql`
      SELECT * FROM (
        SELECT a.*, row_number() OVER (PARTITION BY a.delivery_id ORDER BY a.id DESC) AS n
        FROM ${webhookAttempts} a WHERE a.delivery_id = ANY(${sql.param(deliveryIds)}::bigint[])
      ) ranked WHERE n <= ${perDelivery} ORDER BY delivery_id, id DESC`),
  );
  const byDelivery = new Map<number, AttemptRow[]>();
  for (const r of rows) {
    const deliveryId = Number(r.delivery_id);
    const list = byDelivery.get(deliveryId) ?? [];
    list.push({
      id: Number(r.id),
      deliveryId,
      attemptedAt: new Date(r.attempted_at),
      statusCode: r.status_code,
      latencyMs: r.latency_ms,
      responseSnippet: r.response_snippet,
      error: r.error,
      resend: r.resend,
    });
    byDelivery.set(deliveryId, list);
  }
  return byDelivery;
}

/**
 * Makes a delivery due now as a new series of retries (its next attempt is marked a resend: attempted
 * before, no series running).
 */
export async function resetForResend(ex: Executor, endpointId: string, id: number) {
  const [row] = await ex
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: null, lockedUntil: null, retryingSince: null })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)))
    .returning({ id: webhookDeliveries.id });
  return Boolean(row);
}

/** Deletes the events that occurred before `before`, with their deliveries and attempts. */
export async function purgeEvents(ex: Executor, before: Date) {
  await ex.delete(webhookEvents).where(lt(webhookEvents.occurredAt, before));
}
