// The durable inbox of raw webhook deliveries (docs/architecture.md "Inbound"): the webhook stores the
// verified body with one statement that also wakes the workers (NOTIFY) and answers 200; workers claim rows
// in batches under a lease with FOR UPDATE SKIP LOCKED, so several processes share the work and a crashed
// worker's rows are taken again once its lease lapses. Processing is idempotent, so a retake is harmless.
import type { Db } from './db';
import { runWithLogContext } from './log-context';
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

/** Databases whose ingest in this process last claimed a full batch: a backlog is being drained. */
const drainingBacklog = new WeakSet<Db>();

/**
 * Whether this process's ingest is draining a backlog on `db` (its last claim was a full batch): work that
 * can wait (the AI first responder's answers) steps back until the messages are stored.
 */
export function isDrainingBacklog(db: Db) {
  return drainingBacklog.has(db);
}

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
      await db.ackQuery(
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

/**
 * Claims up to `limit` unprocessed rows for `leaseMs`, oldest first, through `claim_inbound_events`,
 * which walks the pending index in order (see its migration: the claim's cost follows the backlog, not
 * the rows processed that day).
 */
export async function claimInbound(db: Db, limit: number, leaseMs: number): Promise<InboundRow[]> {
  const rows = await db.query<{
    id: string | number;
    provider: 'line' | 'meta';
    channel_key: string | null;
    body: string;
    attempts: number;
  }>(`SELECT * FROM claim_inbound_events($1, ($2 || ' milliseconds')::interval, ${MAX_ATTEMPTS})`, [
    limit,
    String(leaseMs),
  ]);
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

/**
 * The deliveries stored and not processed yet (dead letters aside) and the age of the oldest, for the
 * metrics: read through the partial index of unprocessed rows, so its cost follows the backlog.
 */
export async function readIngestBacklog(db: Db): Promise<{ size: number; oldestSeconds: number }> {
  const [row] = await db.query<{ size: number; oldest_seconds: number | string | null }>(
    `SELECT count(*)::int AS size, extract(epoch FROM now() - min(created_at))::float8 AS oldest_seconds
     FROM inbound_events WHERE processed_at IS NULL AND dead_at IS NULL`,
  );
  return { size: row?.size ?? 0, oldestSeconds: Math.max(0, Number(row?.oldest_seconds ?? 0)) };
}

/** PostgreSQL data exceptions (22) and integrity violations (23) fail the same way every time. */
function isPermanent(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, cause } = err as { code?: unknown; cause?: unknown };
  return /^2[23]/.test(typeof code === 'string' ? code : '') || (cause !== err && isPermanent(cause));
}

export type IngestWorker = { stop(): Promise<void> };

/**
 * The longest a loop that has work defers to arriving webhooks before it processes one batch. Acks come
 * first (LINE gives up after 2 s), but only for this long at a time: a burst of any length leaves
 * processing at least one batch per DEFER_LIMIT_MS, so a message is processed within about that plus one
 * batch's time whenever the rate is below what processing can do.
 */
export const DEFER_LIMIT_MS = 200;
/** Batches a loop has in flight at once. */
const PIPELINE = 2;

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
  let stopped = false;

  // Fair share between acks and processing (docs/decisions/channels.md "Processing shares
  // the process with webhook bursts"). PGlite runs on this process's one thread: its loop defers to a burst, for at most
  // DEFER_LIMIT_MS at a time. On PostgreSQL the first loop never defers, so traffic is processed as it
  // comes; the others defer to a burst entirely while the first keeps up, and join it (deferring at most
  // DEFER_LIMIT_MS between batches) once claims come back full.
  const yieldToWebhooks = async (loop: number, since: number) => {
    if (db.kind === 'postgres' && loop === 0) return;
    // Behind: the last claim found a full batch, more is waiting than one loop takes at a time.
    const bounded = () => db.kind === 'pglite' || isDrainingBacklog(db);
    const waits = () => isReceiving(db) && !(bounded() && performance.now() - since >= DEFER_LIMIT_MS);
    while (!stopped && waits()) await new Promise((r) => setTimeout(r, DEFER_LIMIT_MS / 8));
  };

  /** Handles rows; resolves to the ids done. */
  const handleRows = async (rows: InboundRow[], loop: number): Promise<number[]> => {
    try {
      // What the batch logs names it by its first delivery (the ids are consecutive in claim order).
      await runWithLogContext({ inboundId: rows[0]?.id, inboundRows: rows.length }, () => opts.handle(rows));
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
        await yieldToWebhooks(loop, performance.now());
        done.push(...(await handleRows([row], loop)));
      }
      return done;
    }
  };

  // Each loop has its own wake-up flag: a loop that found nothing and ended must be started again by the
  // next webhook even while another loop is still deferring (one shared flag lost that wake-up, and steady
  // traffic then waited for the deferring loops, which wait for the traffic to stop).
  const running: Array<Promise<void> | null> = Array.from({ length: concurrency }, () => null);
  const woken: boolean[] = Array.from({ length: concurrency }, () => false);
  // A loop claims its next batch while the last one is still being handled (PIPELINE at a time): a batch
  // waiting on the network (first contacts' profiles) then holds up neither the arrivals behind it nor the
  // loop; `handle` keeps each customer's events in order across the batches in flight.
  const wakers: Array<(() => void) | null> = Array.from({ length: concurrency }, () => null);
  const wokenOrDone = (index: number, handling: Set<Promise<void>>) =>
    Promise.race([...handling, new Promise<void>((resolve) => (wakers[index] = resolve))]);
  // The loops claim one at a time, each handing its batch over before the next claim starts: two claims at
  // once could split deliveries stored together, and the later ids, answered first, would be handed over
  // (and a customer's later message stored) first.
  let claiming: Promise<unknown> = Promise.resolve();
  const claimInTurn = () => {
    const claim = claiming.then(() => claimInbound(db, batchSize, leaseMs));
    claiming = claim.catch(() => undefined);
    return claim;
  };
  const loop = async (index: number) => {
    const handling = new Set<Promise<void>>();
    do {
      woken[index] = false;
      let since = performance.now();
      for (;;) {
        await yieldToWebhooks(index, since);
        while (handling.size >= PIPELINE) await Promise.race(handling);
        if (stopped) break;
        const rows = await claimInTurn();
        if (rows.length >= batchSize) drainingBacklog.add(db);
        else drainingBacklog.delete(db);
        if (rows.length === 0) break;
        const handled: Promise<void> = handleRows(rows, index)
          .then((done) => completeInbound(db, done))
          // Rows not marked processed are taken again when their lease lapses.
          .catch((err: unknown) => opts.logger.error({ err }, 'ingest batch not completed'))
          .finally(() => handling.delete(handled));
        handling.add(handled);
        since = performance.now();
      }
      // Nothing to claim but batches in flight: the loop stays (a wake-up meanwhile must not be lost) and
      // looks again when one ends or a webhook arrives.
      if (handling.size > 0 && !woken[index] && !stopped) await wokenOrDone(index, handling);
      wakers[index] = null;
    } while ((woken[index] || handling.size > 0) && !stopped);
    await Promise.all(handling);
  };
  // Called for every NOTIFY: it returns nothing, since a promise per call awaiting loops that run as long
  // as traffic lasts stays pending with them (the soak's server grew by 100 MB every few minutes so).
  const wake = () => {
    running.forEach((current, index) => {
      if (current) {
        woken[index] = true;
        wakers[index]?.();
        return;
      }
      running[index] = loop(index)
        .catch((err: unknown) => opts.logger.error({ err }, 'ingest loop failed'))
        .finally(() => {
          running[index] = null;
        });
    });
  };

  // The embedded database has exactly one process: any lease found at start belongs to a dead one.
  if (db.kind === 'pglite')
    await db.query('UPDATE inbound_events SET locked_until = NULL WHERE processed_at IS NULL');
  const unlisten = await db.listen(INGEST_CHANNEL, wake);
  const timer = setInterval(wake, opts.pollMs ?? 1000);
  wake();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await unlisten();
      await Promise.all(running);
      drainingBacklog.delete(db);
    },
  };
}
