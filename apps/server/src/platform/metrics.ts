// The Prometheus metrics of this process (docs/operations.md "Metrics"): one registry per app, recorded
// with one call each from where things happen (in memory, no database call), and the backlog, queue and
// pool gauges read when the metrics are scraped. Each node serves its own on METRICS_PORT
// (http/metrics-server.ts); the backlog and queue gauges describe the shared database, so every node
// reports the same values for them.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ChannelType } from '@sabai/domain';
import type { Db } from './db';
import { readIngestBacklog } from './ingest-queue';
import { readJobQueueStats } from './job-queue-stats';
import type { Logger } from './logger';

/** The providers of webhooks and deliveries: LINE, and Meta for Messenger and Instagram. */
export type Provider = 'line' | 'meta';

/** Why a webhook was refused (webhooks.routes.ts names each from its answer). */
export type WebhookRejection =
  'invalid_signature' | 'unknown_channel' | 'invalid_request' | 'too_large' | 'store_failed' | 'other';

export interface Metrics {
  /** The content type of `scrape`'s text. */
  readonly contentType: string;
  /** Every family in Prometheus' text format, the scrape-time gauges read now. */
  scrape(): Promise<string>;
  /** One answered HTTP request: the route's pattern (never the raw URL), the status and its duration. */
  httpRequest(method: string, route: string, statusCode: number, seconds: number): void;
  webhookAcknowledged(provider: Provider): void;
  webhookRejected(provider: Provider, reason: WebhookRejection): void;
  /** A message the provider accepted. */
  outboundSent(provider: Provider): void;
  /**
   * A delivery attempt that failed, by the provider's error code (`line.429`, `meta.10.2018278`,
   * `channel.token_invalid`, or `internal`); `final` when the message is given up as failed.
   */
  outboundFailed(provider: Provider, reason: string, final: boolean): void;
  /** A websocket registered on this node; call the answer when it closes. */
  websocketOpened(socketType: string): () => void;
}

export type MetricsOptions = {
  db: Db;
  logger: Logger;
  /** Also the process's own (CPU, memory, event loop lag, GC): only when the metrics are served. */
  processMetrics: boolean;
  /** The outgoing webhook deliveries due and not delivered yet (a module's table, so read through it). */
  readOutgoingWebhookBacklog: (db: Db) => Promise<Backlog>;
};

/** Work waiting: how many items, and how long the oldest has waited (0 when none). */
export type Backlog = { size: number; oldestSeconds: number };

/** The provider of a channel type. */
export const providerOf = (type: ChannelType): Provider => (type === 'line' ? 'line' : 'meta');

/** How long a scrape waits for a database read before leaving its gauges out (Prometheus waits 10 s). */
const SOURCE_TIMEOUT_MS = 3000;

// Request durations from 5 ms (a cached read) to 10 s (an export, a provider timing out).
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(opts: MetricsOptions): Metrics {
  const { db, logger } = opts;
  const registry = new Registry();
  if (opts.processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpDuration = new Histogram({
    name: 'sabai_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class (2xx, 4xx, …).',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const webhookAcks = new Counter({
    name: 'sabai_webhook_acknowledged_total',
    help: 'Webhook deliveries verified, stored and answered 200, by provider (line, meta).',
    labelNames: ['provider'] as const,
    registers,
  });
  const webhookRejections = new Counter({
    name: 'sabai_webhook_rejected_total',
    help: 'Webhook deliveries refused, by provider and reason (invalid_signature, unknown_channel, …).',
    labelNames: ['provider', 'reason'] as const,
    registers,
  });
  const backlogSize = new Gauge({
    name: 'sabai_ingest_backlog_events',
    help: 'Stored webhook deliveries not processed yet (dead letters aside), read at scrape time.',
    registers,
  });
  const backlogAge = new Gauge({
    name: 'sabai_ingest_backlog_oldest_age_seconds',
    help: 'Age of the oldest stored webhook delivery not processed yet (0 when none), read at scrape time.',
    registers,
  });
  const webhookBacklogSize = new Gauge({
    name: 'sabai_outgoing_webhook_backlog_deliveries',
    help: 'Outgoing webhook deliveries due and not delivered yet (endpoint enabled), read at scrape time.',
    registers,
  });
  const webhookBacklogAge = new Gauge({
    name: 'sabai_outgoing_webhook_backlog_oldest_age_seconds',
    help: 'How long the longest-waiting due outgoing webhook delivery has been due (0 when none), read at scrape time.',
    registers,
  });
  const queueDepth = new Gauge({
    name: 'sabai_job_queue_depth',
    help: 'Jobs not started, by queue and state (waiting: due now; deferred: due later), read at scrape time.',
    labelNames: ['queue', 'state'] as const,
    registers,
  });
  const queueAge = new Gauge({
    name: 'sabai_job_queue_oldest_age_seconds',
    help: 'How long the longest-waiting due job of each queue has been due (0 when none), read at scrape time.',
    labelNames: ['queue'] as const,
    registers,
  });
  const outboundSent = new Counter({
    name: 'sabai_outbound_deliveries_total',
    help: 'Outgoing messages the provider accepted, by provider.',
    labelNames: ['provider'] as const,
    registers,
  });
  const outboundFailures = new Counter({
    name: 'sabai_outbound_failures_total',
    help: 'Failed delivery attempts, by provider, reason (the provider error code) and final (given up).',
    labelNames: ['provider', 'reason', 'final'] as const,
    registers,
  });
  const websockets = new Gauge({
    name: 'sabai_websocket_connections',
    help: 'Websockets open on this node, by socket type (web, webNoti, live).',
    labelNames: ['type'] as const,
    registers,
  });
  const poolConnections = new Gauge({
    name: 'sabai_db_pool_connections',
    help: 'Database connections of this process, by pool and state (total: open; idle: open and unused).',
    labelNames: ['pool', 'state'] as const,
    registers,
  });
  const poolMax = new Gauge({
    name: 'sabai_db_pool_max_connections',
    help: 'The most connections each pool of this process opens.',
    labelNames: ['pool'] as const,
    registers,
  });
  const poolWaiting = new Gauge({
    name: 'sabai_db_pool_waiting_requests',
    help: 'Queries of this process waiting for a free connection, by pool (PostgreSQL only).',
    labelNames: ['pool'] as const,
    registers,
  });
  const sourceErrors = new Counter({
    name: 'sabai_metrics_source_errors_total',
    help: 'Scrapes whose database read failed (the gauges it feeds are left out), by source.',
    labelNames: ['source'] as const,
    registers,
  });
  // Known series start at 0, so rates and dashboards see them before the first event.
  for (const provider of ['line', 'meta'] as const) {
    webhookAcks.inc({ provider }, 0);
    outboundSent.inc({ provider }, 0);
  }

  /**
   * Reads one scrape-time source; a failure, or no answer within SOURCE_TIMEOUT_MS (a pool exhausted, the
   * database gone), leaves its gauges out and is counted, never failing the scrape.
   */
  const read = async (source: string, load: () => Promise<void>, clear: () => void) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${SOURCE_TIMEOUT_MS} ms`)),
        SOURCE_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([load(), timeout]);
    } catch (err) {
      clear();
      sourceErrors.inc({ source });
      logger.warn({ err, source }, 'metrics source not read');
    } finally {
      clearTimeout(timer);
    }
  };

  const readBacklog = (source: string, load: () => Promise<Backlog>, size: Gauge, age: Gauge) =>
    read(
      source,
      async () => {
        const backlog = await load();
        size.set(backlog.size);
        age.set(backlog.oldestSeconds);
      },
      () => {
        size.reset();
        age.reset();
      },
    );
  const readBacklogs = () =>
    Promise.all([
      readBacklog('ingest_backlog', () => readIngestBacklog(db), backlogSize, backlogAge),
      readBacklog(
        'outgoing_webhook_backlog',
        () => opts.readOutgoingWebhookBacklog(db),
        webhookBacklogSize,
        webhookBacklogAge,
      ),
    ]);

  const readQueues = () =>
    read(
      'job_queues',
      async () => {
        const stats = await readJobQueueStats(db);
        // Rebuilt at each scrape, so a removed queue disappears.
        queueDepth.reset();
        queueAge.reset();
        for (const s of stats) {
          queueDepth.set({ queue: s.queue, state: 'waiting' }, s.waiting);
          queueDepth.set({ queue: s.queue, state: 'deferred' }, s.deferred);
          queueAge.set({ queue: s.queue }, s.oldestWaitingSeconds);
        }
      },
      () => {
        queueDepth.reset();
        queueAge.reset();
      },
    );

  const readPools = () => {
    poolConnections.reset();
    poolWaiting.reset();
    for (const p of db.poolStats()) {
      poolMax.set({ pool: p.pool }, p.max);
      poolConnections.set({ pool: p.pool, state: 'total' }, p.total);
      if (p.idle !== undefined) poolConnections.set({ pool: p.pool, state: 'idle' }, p.idle);
      if (p.waiting !== undefined) poolWaiting.set({ pool: p.pool }, p.waiting);
    }
  };

  return {
    contentType: registry.contentType,
    async scrape() {
      readPools();
      await Promise.all([readBacklogs(), readQueues()]);
      return registry.metrics();
    },
    httpRequest(method, route, statusCode, seconds) {
      const statusClass = `${Math.floor(statusCode / 100)}xx`;
      httpDuration.observe({ method, route, status_class: statusClass }, seconds);
    },
    webhookAcknowledged: (provider) => webhookAcks.inc({ provider }),
    webhookRejected: (provider, reason) => webhookRejections.inc({ provider, reason }),
    outboundSent: (provider) => outboundSent.inc({ provider }),
    outboundFailed: (provider, reason, final) =>
      outboundFailures.inc({ provider, reason, final: String(final) }),
    websocketOpened(socketType) {
      websockets.inc({ type: socketType });
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        websockets.dec({ type: socketType });
      };
    },
  };
}
