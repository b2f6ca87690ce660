// The durable inbox of raw webhook deliveries (architecture.md "Inbound events"): the webhook stores the
// verified body with one statement that also wakes the workers (NOTIFY) and answers 200; workers claim rows
// in batches under a lease with FOR UPDATE SKIP LOCKED, so several processes share the work and a crashed
// worker's rows are taken again once its lease lapses. Processing is idempotent, so a retake is harmless.
import type { Db, Executor } from './db';
import type { Logger } from './logger';
import { sql } from 'drizzle-orm';

export const INGEST_CHANNEL = 'sabai_ingest';
const MAX_ATTEMPTS = 10;

export type InboundRow = {
  id: number;
  provider: 'line' | 'meta';
  channelKey: string | null;
  body: string;
  attempts: number;
};

/** Stores one verified webhook body and wakes the ingest workers, in one round trip. */
export async function enqueueInbound(
  db: Db,
  provider: 'line' | 'meta',
  channelKey: string | null,
  body: string,
) {
  await db.query(
    `WITH stored AS (INSERT INTO inbound_events (provider, channel_key, body) VALUES ($1, $2, $3) RETURNING id)
     SELECT pg_notify('${INGEST_CHANNEL}', '') FROM stored`,
    [provider, channelKey, body],
  );
}

/** Claims up to `limit` unprocessed rows for `leaseMs`. */
export async function claimInbound(db: Db, limit: number, leaseMs: number): Promise<InboundRow[]> {
  const rows = await db.query<{
    id: string | number;
    provider: 'line' | 'meta';
    channel_key: string | null;
    body: string;
    attempts: number;
  }>(
    `UPDATE inbound_events SET locked_until = now() + ($2 || ' milliseconds')::interval, attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM inbound_events
       WHERE processed_at IS NULL AND attempts < ${MAX_ATTEMPTS} AND (locked_until IS NULL OR locked_until < now())
       ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING id, provider, channel_key, body, attempts`,
    [limit, String(leaseMs)],
  );
  return rows
    .map((r) => ({
      id: Number(r.id),
      provider: r.provider,
      channelKey: r.channel_key,
      body: r.body,
      attempts: r.attempts,
    }))
    .sort((a, b) => a.id - b.id);
}

/** Marks a row done inside the transaction that stored its effects. */
export async function completeInbound(ex: Executor, id: number) {
  await ex.execute(
    sql`UPDATE inbound_events SET processed_at = now(), locked_until = NULL, error = NULL WHERE id = ${id}`,
  );
}

/** Records a failure; the row is retried after its lease, up to MAX_ATTEMPTS. */
export async function failInbound(db: Db, id: number, error: string) {
  await db.query(
    "UPDATE inbound_events SET error = $2, locked_until = now() + interval '5 seconds' WHERE id = $1",
    [id, error.slice(0, 2000)],
  );
}

export type IngestWorker = { drain(): Promise<void>; stop(): Promise<void> };

/**
 * Runs `handle` over claimed batches whenever a webhook arrives (NOTIFY) and every `pollMs` (to pick up rows
 * whose lease lapsed). `concurrency` drain loops share the backlog through SKIP LOCKED (useful on a
 * PostgreSQL server; PGlite has one connection, so one loop).
 */
export async function startIngestWorker(
  db: Db,
  opts: {
    logger: Logger;
    handle: (row: InboundRow) => Promise<void>;
    batchSize?: number;
    leaseMs?: number;
    pollMs?: number;
    concurrency?: number;
  },
): Promise<IngestWorker> {
  const concurrency = opts.concurrency ?? 1;
  const batchSize = opts.batchSize ?? 100;
  // Long enough for a batch (milliseconds each), short enough that a crashed worker's rows return quickly.
  const leaseMs = opts.leaseMs ?? 15_000;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const loop = async () => {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const rows = await claimInbound(db, batchSize, leaseMs);
        if (rows.length === 0) break;
        for (const row of rows) {
          try {
            await opts.handle(row);
          } catch (err) {
            opts.logger.error({ err, inboundId: row.id }, 'inbound event failed');
            await failInbound(db, row.id, err instanceof Error ? err.message : String(err));
          }
        }
      }
    } while (again && !stopped);
  };
  const drain = () => {
    if (running) {
      again = true;
      return running;
    }
    running = Promise.all(Array.from({ length: concurrency }, () => loop()))
      .then(() => undefined)
      .catch((err: unknown) => opts.logger.error({ err }, 'ingest loop failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };

  // The embedded database has exactly one process: any lease found at start belongs to a dead one.
  if (db.kind === 'pglite')
    await db.query('UPDATE inbound_events SET locked_until = NULL WHERE processed_at IS NULL');
  const unlisten = await db.listen(INGEST_CHANNEL, () => void drain());
  const timer = setInterval(() => void drain(), opts.pollMs ?? 1000);
  void drain();
  return {
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await unlisten();
      await running;
    },
  };
}
