// The Prometheus endpoint: on its own port behind a bearer token, never on the API's
// port, and every family moves under real traffic: signed LINE and Meta webhooks from the simulator, an
// agent's replies (one refused by LINE), a live socket, stuck deliveries (in and out) and waiting jobs, a busy pool and a
// blocked event loop.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
import { call } from '../../test/app';
import { eventually, startChannelHarness, storedMessage, type ChannelHarness } from '../../test/channels';
import { TEST_DB_KIND } from '../../test/db';
import { feedRegistered } from '../../test/live-messages';
import { freePort } from '../../test/spawn-server';
import { defineJob } from './jobs';

const TOKEN = `metrics-${randomUUID()}`;
/** A queue no worker takes: its jobs stay waiting. */
const PROBE_JOB = defineJob('test.metrics-probe', z.object({ n: z.number() }));

let h: ChannelHarness;
let metricsUrl: string;

beforeAll(async () => {
  const port = await freePort();
  h = await startChannelHarness({ METRICS_PORT: String(port), METRICS_TOKEN: TOKEN });
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
});

type Sample = { name: string; labels: Record<string, string>; value: number };

/** One scrape with the token, parsed into samples. */
async function scrape(): Promise<{ text: string; samples: Sample[] }> {
  const res = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  const text = await res.text();
  const samples = text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line): Sample => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`unreadable sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
  return { text, samples };
}

/** The sum of the samples of `name` whose labels include `labels`. */
function sum(samples: Sample[], name: string, labels: Record<string, string> = {}) {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((total, s) => total + s.value, 0);
}

const has = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.some((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

describe('the metrics endpoint', () => {
  it('answers only with the token, only on its own port', async () => {
    expect((await fetch(metricsUrl)).status).toBe(401);
    const wrong = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('sabai_');
    const other = await fetch(metricsUrl.replace('/metrics', '/healthz'), {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(other.status).toBe(404);
    // The API's port (behind the load balancer) has no such route.
    const main = await fetch(`${h.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(main.status).toBe(404);
    expect(await main.text()).not.toContain('sabai_');
  });

  it('describes every family with a help text, each charted by the Grafana dashboard', async () => {
    const { text } = await scrape();
    const families = [
      'sabai_http_request_duration_seconds',
      'sabai_webhook_acknowledged_total',
      'sabai_webhook_rejected_total',
      'sabai_ingest_backlog_events',
      'sabai_ingest_backlog_oldest_age_seconds',
      'sabai_outgoing_webhook_backlog_deliveries',
      'sabai_outgoing_webhook_backlog_oldest_age_seconds',
      'sabai_job_queue_depth',
      'sabai_job_queue_oldest_age_seconds',
      'sabai_outbound_deliveries_total',
      'sabai_outbound_failures_total',
      'sabai_websocket_connections',
      'sabai_db_pool_connections',
      'sabai_db_pool_max_connections',
      'sabai_db_pool_waiting_requests',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_max_seconds',
    ];
    for (const family of families) expect(text).toMatch(new RegExp(`^# HELP ${family} \\S`, 'm'));

    const dashboard = JSON.parse(
      await readFile(path.join(h.t.deps.config.ROOT_DIR, 'docs/grafana-dashboard.json'), 'utf8'),
    ) as {
      templating: { list: Array<{ type: string }> };
      panels: Array<{ targets: Array<{ expr: string }> }>;
    };
    expect(dashboard.templating.list.map((v) => v.type)).toContain('datasource');
    const queries = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)).join('\n');
    for (const family of families) expect(queries, family).toContain(family);
  });
});

describe('under traffic', () => {
  let line: Awaited<ReturnType<ChannelHarness['createLineChannel']>>;
  let facebook: Awaited<ReturnType<ChannelHarness['connectMeta']>>;

  beforeAll(async () => {
    line = await h.createLineChannel();
    facebook = await h.connectMeta('facebook');
  });

  it('counts webhook acknowledgements and rejections per provider and reason, and request latency per route', async () => {
    const before = (await scrape()).samples;
    const userId = `U${randomUUID().replaceAll('-', '')}`;
    const lineIn = await h.sim.line.text(line.externalId, userId, 'hello from LINE');
    await storedMessage(h.t, line.id, String(lineIn.body.events[0]!.message!.id));
    const psid = `${Date.now()}7`;
    const metaIn = await h.sim.messenger.text(facebook.pageId, psid, 'hello from Messenger');
    await storedMessage(h.t, facebook.id, String(metaIn.body.entry[0]!.messaging[0]!.message!.mid));
    const body = JSON.stringify({ destination: 'x', events: [{ type: 'message' }] });
    const post = (path: string, headers: Record<string, string>) =>
      fetch(`${h.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    expect((await post(`/webhooks/line/${line.externalId}`, { 'x-line-signature': 'bad' })).status).toBe(401);
    expect((await post('/webhooks/line/123', { 'x-line-signature': 'bad' })).status).toBe(404);
    expect((await post('/webhooks/meta', { 'x-hub-signature-256': 'sha256=00' })).status).toBe(401);

    const { samples: after, text } = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      sum(after, name, labels) - sum(before, name, labels);
    expect(delta('sabai_webhook_acknowledged_total', { provider: 'line' })).toBeGreaterThanOrEqual(1);
    expect(delta('sabai_webhook_acknowledged_total', { provider: 'meta' })).toBeGreaterThanOrEqual(1);
    expect(delta('sabai_webhook_rejected_total', { provider: 'line', reason: 'invalid_signature' })).toBe(1);
    expect(delta('sabai_webhook_rejected_total', { provider: 'line', reason: 'unknown_channel' })).toBe(1);
    expect(delta('sabai_webhook_rejected_total', { provider: 'meta', reason: 'invalid_signature' })).toBe(1);

    const route = '/webhooks/line/:channelId';
    const count = 'sabai_http_request_duration_seconds_count';
    expect(delta(count, { method: 'POST', route, status_class: '2xx' })).toBeGreaterThanOrEqual(1);
    expect(delta(count, { method: 'POST', route, status_class: '4xx' })).toBe(2);
    expect(
      delta(count, { method: 'POST', route: '/webhooks/meta', status_class: '2xx' }),
    ).toBeGreaterThanOrEqual(1);
    expect(has(after, 'sabai_http_request_duration_seconds_bucket', { route, le: '+Inf' })).toBe(true);
    // Routes are patterns: no channel id, page id or issue id becomes a series of its own.
    expect(text).not.toContain(line.externalId);
    expect(text).not.toContain(facebook.pageId);
  });

  it('counts outbound deliveries and failures per provider and reason', async () => {
    const userId = `U${randomUUID().replaceAll('-', '')}`;
    const inbound = await h.sim.line.text(line.externalId, userId, 'can you answer?');
    const { issueId } = await storedMessage(h.t, line.id, String(inbound.body.events[0]!.message!.id));
    const before = (await scrape()).samples;

    const reply = async (text: string) => {
      const res = await call(h.t.app, 'POST', `/api/v1/issues/${issueId}/messages`, {
        token: h.admin,
        body: { text },
      });
      expect(res.statusCode).toBe(201);
      const id = res.json<{ id: number }>().id;
      return eventually(async () => {
        const [row] = await h.t.db.query<{ delivery_status: string }>(
          'SELECT delivery_status FROM messages WHERE id = $1',
          [id],
        );
        return row && row.delivery_status !== 'pending' ? row.delivery_status : null;
      });
    };
    expect(await reply('here is the answer')).toBe('sent');
    // LINE refuses the next send for good (a 400 is not retried).
    h.sim.line.failNext(1, { status: 400 }, { pathIncludes: '/v2/bot/message/' });
    expect(await reply('this one is refused')).toBe('failed');

    const after = (await scrape()).samples;
    const delta = (name: string, labels: Record<string, string>) =>
      sum(after, name, labels) - sum(before, name, labels);
    expect(delta('sabai_outbound_deliveries_total', { provider: 'line' })).toBe(1);
    expect(
      delta('sabai_outbound_failures_total', { provider: 'line', reason: 'line.400', final: 'true' }),
    ).toBe(1);
  });

  it('counts the websockets open on the node', async () => {
    const labels = { type: 'live' };
    const before = sum((await scrape()).samples, 'sabai_websocket_connections', labels);
    const socket = new WebSocket(`${h.url.replace('http', 'ws')}/ws?token=${h.admin}&socketType=live`);
    await feedRegistered(socket);
    expect(sum((await scrape()).samples, 'sabai_websocket_connections', labels)).toBe(before + 1);
    socket.close();
    await eventually(
      async () => sum((await scrape()).samples, 'sabai_websocket_connections', labels) === before,
    );
  });
});

describe('read at scrape time', () => {
  it('reports the ingest backlog and the age of its oldest delivery', async () => {
    // A delivery stored an hour ago whose worker crashed holding its lease: still unprocessed.
    const [stuck] = await h.t.db.query<{ id: string }>(
      `INSERT INTO inbound_events (provider, channel_key, body, created_at, locked_until)
       VALUES ('line', '1', '{"events":[]}', now() - interval '1 hour', now() + interval '1 hour')
       RETURNING id`,
    );
    try {
      const during = (await scrape()).samples;
      expect(sum(during, 'sabai_ingest_backlog_events')).toBeGreaterThanOrEqual(1);
      expect(sum(during, 'sabai_ingest_backlog_oldest_age_seconds')).toBeGreaterThanOrEqual(3600);
    } finally {
      await h.t.db.query('DELETE FROM inbound_events WHERE id = $1', [stuck!.id]);
    }
    const after = (await scrape()).samples;
    expect(sum(after, 'sabai_ingest_backlog_oldest_age_seconds')).toBeLessThan(3600);
  });

  it('reports the outgoing webhook deliveries due and how long the oldest has waited', async () => {
    // A delivery due an hour ago whose worker crashed holding its lease: still not delivered.
    const [endpoint] = await h.t.db.query<{ id: string }>(
      `INSERT INTO webhook_endpoints (organization_id, url, events, secret_encrypted)
       VALUES ($1, 'https://hooks.example.test/sabai', '{issue.created}', 'unused') RETURNING id`,
      [h.org.id],
    );
    const [event] = await h.t.db.query<{ id: string }>(
      `INSERT INTO webhook_events (organization_id, type, data) VALUES ($1, 'issue.created', '{}') RETURNING id`,
      [h.org.id],
    );
    await h.t.db.query(
      `INSERT INTO webhook_deliveries (organization_id, endpoint_id, event_id, next_attempt_at, locked_until)
       VALUES ($1, $2, $3, now() - interval '1 hour', now() + interval '1 hour')`,
      [h.org.id, endpoint!.id, event!.id],
    );
    try {
      const during = (await scrape()).samples;
      expect(sum(during, 'sabai_outgoing_webhook_backlog_deliveries')).toBeGreaterThanOrEqual(1);
      expect(sum(during, 'sabai_outgoing_webhook_backlog_oldest_age_seconds')).toBeGreaterThanOrEqual(3600);
    } finally {
      await h.t.db.query('DELETE FROM webhook_endpoints WHERE id = $1', [endpoint!.id]);
      await h.t.db.query('DELETE FROM webhook_events WHERE id = $1', [event!.id]);
    }
    const after = (await scrape()).samples;
    expect(sum(after, 'sabai_outgoing_webhook_backlog_oldest_age_seconds')).toBeLessThan(3600);
  });

  it('reports each job queue: jobs waiting and deferred, and how long the oldest has waited', async () => {
    const queue = { queue: PROBE_JOB.name };
    const ids = [
      await h.t.deps.jobs.send(PROBE_JOB, { n: 1 }),
      await h.t.deps.jobs.send(PROBE_JOB, { n: 2 }),
      await h.t.deps.jobs.send(PROBE_JOB, { n: 3 }, { startAfter: 3600 }),
    ];
    try {
      const { samples } = await scrape();
      expect(sum(samples, 'sabai_job_queue_depth', { ...queue, state: 'waiting' })).toBe(2);
      expect(sum(samples, 'sabai_job_queue_depth', { ...queue, state: 'deferred' })).toBe(1);
      expect(sum(samples, 'sabai_job_queue_oldest_age_seconds', queue)).toBeGreaterThan(0);
      // Every queue is listed, also those with nothing waiting.
      expect(has(samples, 'sabai_job_queue_depth', { queue: 'message.deliver', state: 'waiting' })).toBe(
        true,
      );
    } finally {
      for (const id of ids) if (id) await h.t.deps.jobs.cancel(PROBE_JOB, id);
    }
    const { samples } = await scrape();
    expect(sum(samples, 'sabai_job_queue_depth', { ...queue, state: 'waiting' })).toBe(0);
    expect(sum(samples, 'sabai_job_queue_oldest_age_seconds', queue)).toBe(0);
  });

  it('reports the database pool of this process', async () => {
    if (TEST_DB_KIND === 'pglite') {
      // One embedded connection, shared by everything: no idle or waiting counts.
      const { samples } = await scrape();
      expect(sum(samples, 'sabai_db_pool_max_connections', { pool: 'embedded' })).toBe(1);
      expect(sum(samples, 'sabai_db_pool_connections', { pool: 'embedded', state: 'total' })).toBe(1);
      return;
    }
    // The test pool has 5 connections: 7 slow queries hold them all and 2 wait.
    const slow = Array.from({ length: 7 }, () => h.t.db.query('SELECT pg_sleep(1)'));
    try {
      const { samples } = await scrape();
      expect(sum(samples, 'sabai_db_pool_max_connections', { pool: 'main' })).toBe(5);
      expect(sum(samples, 'sabai_db_pool_connections', { pool: 'main', state: 'total' })).toBe(5);
      expect(sum(samples, 'sabai_db_pool_connections', { pool: 'main', state: 'idle' })).toBe(0);
      expect(sum(samples, 'sabai_db_pool_waiting_requests', { pool: 'main' })).toBeGreaterThanOrEqual(2);
      expect(has(samples, 'sabai_db_pool_connections', { pool: 'jobs', state: 'total' })).toBe(true);
    } finally {
      await Promise.all(slow);
    }
    await eventually(async () => {
      const { samples } = await scrape();
      return sum(samples, 'sabai_db_pool_waiting_requests', { pool: 'main' }) === 0;
    });
  });

  it('reports the event loop lag of the process', async () => {
    await scrape(); // the lag's maximum starts again after each scrape
    const until = performance.now() + 300;
    while (performance.now() < until); // blocks the app's event loop (it runs in this process)
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { samples } = await scrape();
    // Only that a delay was measured: on Node 24 a 300 ms block showed as 0.3 s in some runs and as ~20 ms
    // in others (the sampler's histogram), so its size is not asserted.
    expect(sum(samples, 'nodejs_eventloop_lag_max_seconds')).toBeGreaterThan(0);
    expect(sum(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThan(0);
  });
});
