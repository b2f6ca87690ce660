// The durable inbox of raw webhook deliveries (architecture.md "Inbound events"): the webhook stores the
// verified body with one statement that also wakes the workers (NOTIFY) and answers 200; workers claim rows
// in batches under a lease with FOR UPDATE SKIP LOCKED, so several processes share the work and a crashed
// worker's rows are taken again once its lease lapses. Processing is idempotent, so a retake is harmless.
import type { Db } from './db';
import type { Logger } from './logger';

export const INGEST_CHANNEL = 'sabai_ingest';
const MAX_ATTEMPTS = 10;

export type InboundRow = {
  id: number;
  provider: 'line' | 'meta';
  channelKey: string | null;
  body: string;
  attempts: number;
};

type Pending = {
  provider: 'line' | 'meta';
  channelKey: string | null;
  body: string;
  done: (err?: unknown) => void;
};

// Group commit: webhooks arriving together are stored by one multi-row INSERT, and each is answered only
// after that INSERT committed. Durability per request is unchanged; the database does one round trip per
// burst instead of one per webhook, which matters most on PGlite's single connection.
const batches = new WeakMap<Db, { pending: Pending[]; flushing: boolean }>();
const MAX_BATCH = 500;

/** Stores one verified webhook body durably (resolves after commit) and wakes the ingest workers. */
export function enqueueInbound(db: Db, provider: 'line' | 'meta', channelKey: string | null, body: string) {
  let batch = batches.get(db);
  if (!batch) {
    batch = { pending: [], flushing: false };
    batches.set(db, batch);
  }
  const queue = batch;
  lastWriteAt.set(db, performance.now());
  return new Promise<void>((resolve, reject) => {
    queue.pending.push({ provider, channelKey, body, done: (err) => (err ? reject(err) : resolve()) });
    if (!queue.flushing) void flush(db, queue);
  });
}

const lastWriteAt = new WeakMap<Db, number>();
const QUIET_MS = 50;

/** Whether webhooks are arriving now (the embedded worker steps aside for them). */
export function isReceiving(db: Db) {
  const queue = batches.get(db);
  const recent = performance.now() - (lastWriteAt.get(db) ?? -Infinity) < QUIET_MS;
  return recent || Boolean(queue && (queue.flushing || queue.pending.length > 0));
}

async function flush(db: Db, queue: { pending: Pending[]; flushing: boolean }) {
  queue.flushing = true;
  // Let the requests of this tick join the batch.
  await new Promise((r) => setImmediate(r));
  while (queue.pending.length > 0) {
    const items = queue.pending.splice(0, MAX_BATCH);
    try {
      await db.query(
        `WITH stored AS (
           INSERT INTO inbound_events (provider, channel_key, body)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) RETURNING id)
         SELECT pg_notify('${INGEST_CHANNEL}', '') FROM (SELECT 1 FROM stored LIMIT 1) AS any_row`,
        [items.map((i) => i.provider), items.map((i) => i.channelKey), items.map((i) => i.body)],
      );
      items.forEach((i) => i.done());
    } catch (err) {
      items.forEach((i) => i.done(err));
    }
  }
  queue.flushing = false;
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
       WHERE processed_at IS NULL AND dead_at IS NULL AND attempts < ${MAX_ATTEMPTS} AND (locked_until IS NULL OR locked_until < now())
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

/** Marks rows done (processing is idempotent, so a crash before this only means doing them again). */
export async function completeInbound(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db.query(
    'UPDATE inbound_events SET processed_at = now(), locked_until = NULL, error = NULL WHERE id = ANY($1)',
    [ids],
  );
}

/**
 * Records a failure; the row is retried after its lease, up to MAX_ATTEMPTS. A failure that will not
 * improve (bad data, a broken constraint), or the last attempt, makes it a dead letter (dead-letters.ts).
 */
export async function failInbound(db: Db, id: number, err: unknown) {
  const message = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
  await db.query(
    `UPDATE inbound_events SET error = $2, locked_until = now() + interval '5 seconds',
       dead_at = CASE WHEN $3 OR attempts >= ${MAX_ATTEMPTS} THEN now() END,
       dead_reason = CASE WHEN $3 OR attempts >= ${MAX_ATTEMPTS} THEN $2 END
     WHERE id = $1`,
    [id, message, isPermanent(err)],
  );
}

/** PostgreSQL data exceptions (22) and integrity violations (23) fail the same way every time. */
function isPermanent(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, cause } = err as { code?: unknown; cause?: unknown };
  return /^2[23]/.test(typeof code === 'string' ? code : '') || (cause !== err && isPermanent(cause));
}

export type IngestWorker = { drain(): Promise<void>; stop(): Promise<void> };

/**
 * Runs `handle` over claimed batches whenever a webhook arrives (NOTIFY) and every `pollMs` (to pick up rows
 * whose lease lapsed). `handle` applies a whole batch (in one transaction); when it fails, the batch's rows
 * are handled one at a time, so one bad delivery fails alone and the others go through. `concurrency` drain
 * loops share the backlog through SKIP LOCKED (useful on a PostgreSQL server; PGlite has one connection, so
 * one loop).
 */
export async function startIngestWorker(
  db: Db,
  opts: {
    logger: Logger;
    handle: (rows: InboundRow[]) => Promise<void>;
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

  // Acknowledging webhooks comes first (LINE gives up after 2 s): while a burst arrives, processing steps
  // aside and catches up once the burst pauses for QUIET_MS. PGlite runs on this process's one thread, so
  // its worker waits entirely; on PostgreSQL one loop goes on (steady traffic is processed as it comes)
  // and the others wait.
  const yieldToWebhooks = async (loop: number) => {
    const waits = () => (db.kind === 'pglite' || loop > 0) && isReceiving(db);
    while (waits() && !stopped) await new Promise((r) => setTimeout(r, QUIET_MS));
  };

  /** Handles rows; resolves to the ids done. */
  const handleRows = async (rows: InboundRow[], loop: number): Promise<number[]> => {
    try {
      await opts.handle(rows);
      return rows.map((r) => r.id);
    } catch (err) {
      if (rows.length === 1) {
        opts.logger.error({ err, inboundId: rows[0]!.id }, 'inbound event failed');
        await failInbound(db, rows[0]!.id, err);
        return [];
      }
      opts.logger.warn({ err, rows: rows.length }, 'inbound batch failed; handling its rows one by one');
      const done: number[] = [];
      for (const row of rows) {
        await yieldToWebhooks(loop);
        done.push(...(await handleRows([row], loop)));
      }
      return done;
    }
  };

  const loop = async (index: number) => {
    do {
      again = false;
      for (;;) {
        await yieldToWebhooks(index);
        if (stopped) return;
        const rows = await claimInbound(db, batchSize, leaseMs);
        if (rows.length === 0) break;
        await completeInbound(db, await handleRows(rows, index));
      }
    } while (again && !stopped);
  };
  const drain = () => {
    if (running) {
      again = true;
      return running;
    }
    running = Promise.all(Array.from({ length: concurrency }, (_, index) => loop(index)))
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
