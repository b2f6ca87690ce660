// Each node serves its own metrics: an HTTP node and a worker node, real processes on one
// PostgreSQL database, each on its own metrics port. The webhook and the websocket count on the HTTP node
// that took them; the worker, which serves no HTTP at all, still serves its metrics, and both read the
// shared backlog and queues.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { testDatabaseUrl } from '../../test/db';
import { signedLineText } from '../../test/line-webhook';
import { feedRegistered, signInOver } from '../../test/live-messages';
import { freePort, startServerProcess, startWorkerProcess } from '../../test/server-process';
import { DEMO_LINE, DEMO_PASSWORD } from '../db/seed';

const TOKEN = 'node-metrics-token-0123456789';
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function scrape(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.status).toBe(200);
  return res.text();
}

/** The value of one sample (exact name and labels as printed), or null when the node has none. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

describe('metrics of a scaled-out installation', () => {
  it('are served by every node, the HTTP and the worker ones, each counting what it did', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sabai-node-metrics-'));
    dirs.push(dir);
    const databaseUrl = await testDatabaseUrl();
    const [httpMetrics, workerMetrics] = [await freePort(), await freePort()];
    const common = {
      DATABASE_URL: databaseUrl,
      METRICS_TOKEN: TOKEN,
      PROVIDER_BASE_URL: 'http://127.0.0.1:1',
    };
    const http = await startServerProcess({
      ...common,
      ROLES: 'http',
      SEED_DEMO: 'always',
      METRICS_PORT: String(httpMetrics),
    });
    await startWorkerProcess(
      { ...common, METRICS_PORT: String(workerMetrics) },
      { logFile: path.join(dir, 'worker.log') },
    );

    const { body, signature } = signedLineText('hello, which node counts me?');
    const hook = await fetch(`${http.url}/webhooks/line/${DEMO_LINE.channelId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-line-signature': signature },
      body,
    });
    expect(hook.status).toBe(200);
    const token = await signInOver(http.url, 'admin@demo.local', DEMO_PASSWORD);
    const socket = new WebSocket(`${http.url.replace('http', 'ws')}/ws?token=${token}&socketType=live`);
    await feedRegistered(socket);

    const [httpText, workerText] = [await scrape(httpMetrics), await scrape(workerMetrics)];
    expect(sample(httpText, 'sabai_webhook_acknowledged_total{provider="line"}')).toBe(1);
    expect(sample(workerText, 'sabai_webhook_acknowledged_total{provider="line"}')).toBe(0);
    expect(sample(httpText, 'sabai_websocket_connections{type="live"}')).toBe(1);
    expect(workerText).not.toMatch(/^sabai_websocket_connections\{/m);
    for (const text of [httpText, workerText]) {
      expect(sample(text, 'sabai_job_queue_depth{queue="message.deliver",state="waiting"}')).not.toBeNull();
      expect(sample(text, 'sabai_ingest_backlog_events')).not.toBeNull();
      expect(sample(text, 'sabai_db_pool_max_connections{pool="main"}')).toBe(20);
      expect(sample(text, 'nodejs_eventloop_lag_seconds')).not.toBeNull();
    }
    // The API's port has no metrics (the web app, when built, answers its page for any other path).
    const main = await fetch(`${http.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(await main.text()).not.toContain('sabai_');
    socket.close();
  }, 300_000);
});
