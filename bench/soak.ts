// Soak: `npx tsx bench/soak.ts`. A server process (apps/server main.ts) on a
// fresh database takes a realistic mix for SOAK_MINUTES (default 10 on PostgreSQL, 5 on PGlite; SOAK_KINDS
// picks the databases, default postgres,pglite; PostgreSQL at BENCH_DATABASE_URL, default the local server):
//  - signed LINE webhooks at SOAK_RATE per second (default 200 on PostgreSQL, 50 on PGlite): 70% texts from
//    customers with an open conversation, 25% from new customers, 5% images (sent by the simulator, which
//    then serves their content); one text in ten holds a word an automation rule tags;
//  - SOAK_AGENTS (200) live sockets: the demo admin's (sees every issue; the notices are timed on it) and
//    Staff agents' (the gateway checks each event against each of them);
//  - agent replies at SOAK_REPLIES per second (10) through the API, to conversations seen on the socket;
//  - the simulator answers every LINE API call after 20–200 ms, fails 1% of them with a 500, and one profile
//    lookup (the first after 30 s) hangs for 30 s;
//  - what a busy organisation has switched on (bench/busy-day.ts): 50 automation rules, a service level policy
//    in business hours, the AI first responder on the LINE channel (outside business hours or for issues
//    nobody took within a minute; the simulator plays the model, 800 ms an answer), and two outgoing webhook
//    endpoints receiving every event (local receivers answering after 20–100 ms).
// Each minute it prints a progress line (webhook ack p99, replies' receipt p99 so far, backlog = messages
// acknowledged but not yet on the admin's socket, server RSS) and reads the server's /metrics: each job
// queue's due jobs and how long the oldest has been due, the stored deliveries not processed yet, the
// outgoing webhook deliveries due (counted among the queues), the server's event-loop delay (p99 and max
// over the minute) and queries waiting for a pool connection.
// After the last minute the load stops, the backlog drains (up to 2 minutes), the server stops, and the
// database tells which message each notice was about: then a table per minute of sending (ack p99;
// customer message → socket notice p50/p99/max from the moment the simulator sent it; agent reply → at LINE
// p50/p99/max; backlog; the server's loop delay; RSS), the queues per minute, and the budgets: notice p99 <
// 500 ms on PostgreSQL and < 1 s on PGlite, reply → LINE p99 < 1 s on PostgreSQL and < 1.5 s on PGlite, no
// minute with a notice over 5 s, queues that keep up (no due job waiting 30 s or more at any minute's end),
// RSS flat after the first minute (the floor of the later half of the samples from minute 2 on, within 10%
// of the earlier half's: a garbage-collected heap saws between collections, and what a leak raises is the
// floor it returns to), 0 lost (acknowledged, never stored), 0 duplicated. The bench's own event-loop delay
// p99 is printed per minute: the notice times include it, so a busy bench shows there.
// SOAK_PROFILE=dir writes the server's CPU profile (.cpuprofile) there when it stops. SOAK_NODES=2 (PostgreSQL)
// runs an HTTP node and a worker node (ROLES=http, ROLES=worker) instead of one process with every role; the
// RSS and loop delay printed are then the HTTP node's.
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { WEBHOOK_EVENT_TYPES } from '@sabai/contracts';
import { startSimulator, type Simulator } from '@sabai/simulator';
import { loadCipher } from '../apps/server/src/platform/secrets';
import { loadConfig } from '../apps/server/src/config';
import { DEMO_LINE, DEMO_PASSWORD, seedDemo } from '../apps/server/src/db/seed';
import { openDb } from '../apps/server/src/platform/db';
import { signedLineText } from '../apps/server/test/line-webhook';
import { feedRegistered, signInOver, watchLiveMessages } from '../apps/server/test/live-messages';
import { exited, freePort, spawnServer } from '../apps/server/test/spawn-server';
import { addBenchRules, addBenchSlaPolicy, aiSettingsAllOn } from './busy-day';
import { addStaffAgents, createBenchDatabase, percentile, rssMb } from './support';

type Kind = 'postgres' | 'pglite';
const KINDS = (process.env.SOAK_KINDS ?? 'postgres,pglite').split(',') as Kind[];
const MINUTES: Record<Kind, number> = {
  postgres: Number(process.env.SOAK_MINUTES ?? 10),
  pglite: Number(process.env.SOAK_MINUTES ?? 5),
};
const RATE: Record<Kind, number> = {
  postgres: Number(process.env.SOAK_RATE ?? 200),
  pglite: Number(process.env.SOAK_RATE ?? 50),
};
const NOTICE_P99_BUDGET: Record<Kind, number> = { postgres: 500, pglite: 1000 };
const REPLY_P99_BUDGET: Record<Kind, number> = { postgres: 1000, pglite: 1500 };
/** A queue keeps up when no due job has waited this long at a minute's end. */
const QUEUE_AGE_BUDGET_S = 30;
/** The word of the rule that tags; one text in ten holds it. */
const RULE_WORD = 'ขอใบกำกับภาษี';
const AI_KEY = `sk-soak-${randomUUID()}`;
const AGENTS = Number(process.env.SOAK_AGENTS ?? 200);
const REPLIES = Number(process.env.SOAK_REPLIES ?? 10);
const OPEN_CUSTOMERS = 300;
const MINUTE_MS = 60_000;
const SECRET = `soak-secret-${randomUUID()}`;
// A few bytes that start like a JPEG: what the media download stores does not matter here.
const IMAGE = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2044)]);

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (ms: number) => (Number.isFinite(ms) ? `${ms.toFixed(0)}` : '–');
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

/** One webhook the simulator sent: when, and the LINE message id once acknowledged. */
type Sent = {
  at: number;
  minute: number;
  kind: 'open' | 'new' | 'image';
  ackMs: number | null;
  messageId: string | null;
};
type Reply = { at: number; minute: number; receivedAt: number | null };

/** What the server's /metrics said at a minute's end. */
type ServerGauges = {
  /** Per queue with due jobs: how many, and seconds the oldest has been due. */
  queues: Map<string, { waiting: number; oldestS: number }>;
  /** Stored deliveries not processed yet, and the oldest's age in seconds. */
  inbound: { waiting: number; oldestS: number };
  /** Outgoing webhook deliveries due and not delivered yet, and how long the oldest has been due. */
  outgoing: { waiting: number; oldestS: number };
  /** The server's event-loop delay since the previous scrape, ms. */
  loopP99: number;
  loopMax: number;
  /** Queries waiting for a pool connection. */
  poolWaiting: number;
};

/** Prometheus text lines `name{labels} value` of the families named. */
function samples(text: string, name: string): Array<{ labels: Record<string, string>; value: number }> {
  const found = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || (line[name.length] !== '{' && line[name.length] !== ' ')) continue;
    const labels: Record<string, string> = {};
    const labelText = line[name.length] === '{' ? line.slice(name.length + 1, line.lastIndexOf('}')) : '';
    for (const [, key, value] of labelText.matchAll(/(\w+)="([^"]*)"/g)) labels[key!] = value!;
    found.push({ labels, value: Number(line.slice(line.lastIndexOf(' ') + 1)) });
  }
  return found;
}

async function scrapeGauges(metricsUrl: string): Promise<ServerGauges> {
  const text = await (await fetch(metricsUrl)).text();
  const one = (name: string) => samples(text, name).reduce((sum, s) => sum + s.value, 0);
  const queues = new Map<string, { waiting: number; oldestS: number }>();
  for (const s of samples(text, 'sabai_job_queue_depth'))
    if (s.labels.state === 'waiting' && s.value > 0)
      queues.set(s.labels.queue!, { waiting: s.value, oldestS: 0 });
  for (const s of samples(text, 'sabai_job_queue_oldest_age_seconds')) {
    const queue = queues.get(s.labels.queue!);
    if (queue) queue.oldestS = s.value;
  }
  return {
    queues,
    inbound: {
      waiting: one('sabai_ingest_backlog_events'),
      oldestS: one('sabai_ingest_backlog_oldest_age_seconds'),
    },
    outgoing: {
      waiting: one('sabai_outgoing_webhook_backlog_deliveries'),
      oldestS: one('sabai_outgoing_webhook_backlog_oldest_age_seconds'),
    },
    loopP99: one('nodejs_eventloop_lag_p99_seconds') * 1000,
    loopMax: one('nodejs_eventloop_lag_max_seconds') * 1000,
    poolWaiting: one('sabai_db_pool_waiting_requests'),
  };
}

/** An outgoing webhook endpoint's receiver: answers 200 after 20–100 ms and counts what it got. */
async function startReceiver(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      setTimeout(() => res.end('ok'), 20 + Math.random() * 80);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The admin's API, over HTTP with a bearer token. */
function adminApi(serverUrl: string, token: string) {
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${serverUrl}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        cookie: 'XSRF-TOKEN=soak',
        'x-xsrf-token': 'soak',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : ((await res.json()) as unknown);
  };
}

/** Turns on the AI first responder of the LINE channel and two outgoing webhook endpoints. */
async function switchOnBusyDay(api: ReturnType<typeof adminApi>, sim: Simulator, receivers: string[]) {
  sim.ai.addKey(AI_KEY);
  sim.ai.setConditions({ latencyMs: { min: 800, max: 800 } });
  await api('PUT', '/ai/settings', aiSettingsAllOn(sim.ai.baseUrl, AI_KEY));
  const channels = (await api('GET', '/channels')) as Array<{ id: string; externalId: string }>;
  const line = channels.find((c) => c.externalId === DEMO_LINE.channelId)!;
  await api('PUT', `/channels/${line.id}/first-responder`, {
    enabled: true,
    when: 'both',
    unassignedMinutes: 1,
    handOverWords: [],
    confidenceThreshold: 0.3,
    label: '🤖 ข้อความอัตโนมัติ / Automatic reply:',
  });
  for (const [i, url] of receivers.entries())
    await api('POST', '/webhook-endpoints', {
      url,
      description: `Soak receiver ${i + 1}`,
      events: [...WEBHOOK_EVENT_TYPES],
    });
}

async function soak(kind: Kind) {
  const minutes = MINUTES[kind];
  const rate = RATE[kind];
  console.log(
    `\n${kind}: ${minutes} min, ${rate} webhooks/s (70% open conversations, 25% new customers, 5% images), ` +
      `${AGENTS} agent sockets, ${REPLIES} replies/s; load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabai-soak-'));
  const database = kind === 'postgres' ? await createBenchDatabase('sabai_soak') : null;
  const openDatabase = () =>
    database
      ? openDb({ databaseUrl: database.url, poolSize: 2 })
      : openDb({ dataDir: path.join(dataDir, 'pglite') });
  // The bench keeps its own record of replies (onCall below): the simulator keeps only recent calls, or a
  // long run would slow this process (and the provider it plays) down as its history grows.
  const sim: Simulator = await startSimulator({ keepRecords: 1000 });
  const sockets: WebSocket[] = [];
  const receivers = [await startReceiver(), await startReceiver()];
  let child: ChildProcess | null = null;
  let worker: ChildProcess | null = null;
  try {
    // The database: demo data and the agents, written before the server owns it (PGlite has one owner).
    const serverEnv: Record<string, string> = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      JWT_SECRET: SECRET,
      META_APP_SECRET: `soak-meta-${randomUUID()}`,
      META_VERIFY_TOKEN: `soak-verify-${randomUUID()}`,
      PUBLIC_URL: 'https://soak.sabai.test',
      SEED_DEMO: 'never',
      PROVIDER_BASE_URL: sim.url,
      LOGIN_IP_LIMIT_PER_MINUTE: '1000000',
      METRICS_PORT: String(await freePort()),
      OUTGOING_WEBHOOK_ALLOW_PRIVATE: 'true',
      AI_ENDPOINT_ALLOW_PRIVATE: 'true',
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    const agentTokens = await (async () => {
      const db = await openDatabase();
      try {
        await db.migrate();
        await seedDemo(db, await loadCipher(loadConfig(serverEnv), db));
        await addBenchRules(db, DEMO_LINE.channelId, RULE_WORD);
        await addBenchSlaPolicy(db, DEMO_LINE.channelId);
        const { agents, tokenOf } = await addStaffAgents(db, AGENTS - 1, SECRET);
        return Promise.all(agents.map((a) => tokenOf(a.id)));
      } finally {
        await db.close();
      }
    })();
    // SOAK_PROFILE=dir: the server's CPU profile, written there when it stops.
    const nodeArgs = process.env.SOAK_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SOAK_PROFILE}`]
      : [];
    // SOAK_NODES=2 (PostgreSQL): the deployment of docs/operations.md on one machine, an HTTP node (API,
    // webhooks, websockets) and a worker node (ingest, jobs, scheduler), each a process of its own.
    const split = database !== null && process.env.SOAK_NODES === '2';
    const server = await spawnServer(split ? { ...serverEnv, ROLES: 'http' } : serverEnv, {
      onSpawn: (spawned) => (child = spawned),
      nodeArgs,
    });
    if (split)
      await spawnServer(
        { ...serverEnv, ROLES: 'worker', METRICS_PORT: String(await freePort()) },
        { onSpawn: (spawned) => (worker = spawned), nodeArgs },
      );
    sim.addLineChannel({
      channelId: DEMO_LINE.channelId,
      channelSecret: DEMO_LINE.secret,
      accessToken: DEMO_LINE.accessToken,
      botUserId: DEMO_LINE.botUserId,
      webhookUrl: `${server.url}/webhooks/line/${DEMO_LINE.channelId}`,
    });

    const adminToken = await signInOver(server.url, 'admin@demo.local', DEMO_PASSWORD);
    const api = adminApi(server.url, adminToken);
    await switchOnBusyDay(
      api,
      sim,
      receivers.map((r) => r.url),
    );
    const metricsUrl = `http://127.0.0.1:${serverEnv.METRICS_PORT}/metrics`;
    await scrapeGauges(metricsUrl); // the first window of the loop delay starts now
    const live = await watchLiveMessages(server.url, adminToken);
    sockets.push(live.socket);
    const wsUrl = server.url.replace(/^http/, 'ws');
    for (let i = 0; i < agentTokens.length; i += 50) {
      const opened = await Promise.all(
        agentTokens.slice(i, i + 50).map(
          (token) =>
            new Promise<WebSocket>((resolve, reject) => {
              const socket = new WebSocket(`${wsUrl}/ws?token=${token}&socketType=live`, {
                perMessageDeflate: false,
              });
              feedRegistered(socket).then(() => resolve(socket), reject);
            }),
        ),
      );
      sockets.push(...opened);
    }

    // Warm-up (not measured): the customers of the open conversations write first.
    const customers: string[] = [];
    const newCustomer = () => {
      const userId = `U${randomBytes(16).toString('hex')}`;
      sim.addLineUser(DEMO_LINE.channelId, { userId, displayName: `Soak ${userId.slice(1, 7)}` });
      customers.push(userId);
      return userId;
    };
    const webhookUrl = `${server.url}/webhooks/line/${DEMO_LINE.channelId}`;
    // Texts go straight to the server over kept-alive connections (the simulator opens one connection per
    // webhook, which at these rates costs this process more than the server); images through the simulator,
    // which then serves their content.
    const postText = async (userId: string, text: string, messageId: string) => {
      const { body, signature } = signedLineText(text, { userId, messageId });
      const started = performance.now();
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-line-signature': signature },
        body,
      });
      await res.arrayBuffer();
      return {
        ok: res.ok,
        outcome: res.ok ? 'ok' : `status_${res.status}`,
        latencyMs: performance.now() - started,
      };
    };
    const run = `${Date.now()}`;
    for (let i = 0; i < OPEN_CUSTOMERS; i++) {
      void postText(newCustomer(), `hello ${i}`, `${run}1${i}`);
      await pause(1000 / Math.min(rate, 50));
    }
    const warmUntil = Date.now() + 60_000;
    while (live.arrivals.size < OPEN_CUSTOMERS && Date.now() < warmUntil) await pause(100);
    const warmNotices = live.arrivals.size;
    console.log(`  warm-up: ${OPEN_CUSTOMERS} conversations opened, ${warmNotices} notices`);

    // The provider: realistic latency, 1% errors, and one profile lookup that hangs for 30 s.
    sim.line.setConditions({ latencyMs: { min: 20, max: 200 }, errorRate: 0.01 });
    const hang = setTimeout(
      () => sim.line.failNext(1, { delayMs: 30_000 }, { pathIncludes: '/v2/bot/profile/' }),
      30_000,
    );

    const start = performance.now();
    const minuteOf = (t: number) => Math.floor((t - start) / MINUTE_MS);
    const sent: Sent[] = [];
    const replies = new Map<string, Reply>();
    const rss: number[] = [];
    const benchLag: number[] = [];
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const backlogs: number[] = [];
    const gauges: ServerGauges[] = [];
    const failedAcks = new Map<string, number>(); // by the simulator's outcome
    let failedReplies = 0;
    const inFlight = new Set<Promise<void>>();
    let acked = 0;
    const backlog = () => acked - (live.arrivals.size - warmNotices);

    const sendOne = (n: number) => {
      const r = Math.random();
      const record: Sent = {
        at: performance.now(),
        minute: minuteOf(performance.now()),
        kind: r >= 0.95 ? 'image' : r < 0.25 ? 'new' : 'open',
        ackMs: null,
        messageId: null,
      };
      sent.push(record);
      const customer = r < 0.25 ? newCustomer() : customers[Math.floor(Math.random() * customers.length)]!;
      const delivery =
        r >= 0.95
          ? sim.line
              .image(DEMO_LINE.channelId, customer, { content: IMAGE, contentType: 'image/jpeg' })
              .then((d) => ({ ...d, messageId: d.body.events[0]?.message?.id ?? null }))
          : postText(customer, `soak ${kind} ${n}${n % 10 === 0 ? ` ${RULE_WORD}` : ''}`, `${run}2${n}`).then(
              (d) => ({
                ...d,
                messageId: `${run}2${n}`,
              }),
            );
      const done = delivery
        .then((d) => {
          if (d.ok && d.messageId) {
            record.ackMs = d.latencyMs;
            record.messageId = d.messageId;
            acked += 1;
          } else void failedAcks.set(d.outcome, (failedAcks.get(d.outcome) ?? 0) + 1);
        })
        .catch(() => void failedAcks.set('error', (failedAcks.get('error') ?? 0) + 1))
        .finally(() => inFlight.delete(done));
      inFlight.add(done);
    };

    // Agents reply to conversations they saw arrive.
    let replySeq = 0;
    const replyTimer = setInterval(() => {
      const issueId = live.issueList[Math.floor(Math.random() * live.issueList.length)];
      if (issueId === undefined) return;
      const text = `reply ${kind} ${++replySeq}`;
      const reply: Reply = { at: Date.now(), minute: minuteOf(performance.now()), receivedAt: null };
      replies.set(text, reply);
      // Refused or failed: counted (a reply the API accepted answers 201).
      api('POST', `/issues/${issueId}/messages`, { text, clientId: randomUUID() }).catch(
        () => void (failedReplies += 1),
      );
    }, 1000 / REPLIES);
    // LINE's reply and push calls, as it accepts them: each reply's receipt.
    const stopReceipts = sim.onCall((call) => {
      if (call.status !== 200 || !/^\/v2\/bot\/message\/(reply|push)$/.test(call.path)) return;
      const messages = (call.body as { messages?: Array<{ text?: string }> } | null)?.messages ?? [];
      for (const m of messages) {
        const reply = m.text ? replies.get(m.text) : undefined;
        if (reply && reply.receivedAt === null) reply.receivedAt = call.at;
      }
    });

    /** Agent reply → at LINE, ms, of the replies sent in a minute (ascending; unreceived ones left out). */
    const replyTimes = (minute: number) =>
      sorted(
        [...replies.values()]
          .filter((r) => r.minute === minute && r.receivedAt !== null)
          .map((r) => r.receivedAt! - r.at),
      );
    const replyP99 = (minute: number) => percentile(replyTimes(minute), 0.99);
    const ackP99 = (minute: number) =>
      percentile(
        sorted(sent.filter((s) => s.minute === minute && s.ackMs !== null).map((s) => s.ackMs!)),
        0.99,
      );

    // The load, paced against the start; each minute a progress line.
    const interval = 1000 / rate;
    for (let minute = 0; minute < minutes; minute++) {
      const minuteEnd = start + (minute + 1) * MINUTE_MS;
      while (performance.now() < minuteEnd) {
        sendOne(sent.length);
        await pause(Math.max(0, start + sent.length * interval - performance.now()));
      }
      rss.push(rssMb(server.child.pid!));
      backlogs.push(backlog());
      benchLag.push(loopDelay.percentile(99) / 1e6);
      loopDelay.reset();
      gauges.push(await scrapeGauges(metricsUrl));
      const count = sent.filter((s) => s.minute === minute).length;
      console.log(
        `  minute ${minute + 1}: sent ${count} (${(count / 60).toFixed(0)}/s), ack p99 ${fmt(ackP99(minute))} ms, ` +
          `reply receipt p99 ${fmt(replyP99(minute))} ms so far, backlog ${backlogs.at(-1)}, RSS ${rss.at(-1)!.toFixed(0)} MB, ` +
          `bench loop delay p99 ${fmt(benchLag.at(-1)!)} ms`,
      );
    }
    clearInterval(replyTimer);
    clearTimeout(hang);
    await Promise.all(inFlight);
    const drainStart = performance.now();
    while (backlog() > 0 && performance.now() - drainStart < 120_000) await pause(200);
    await pause(3000); // the last replies reach the simulator
    stopReceipts();
    const leftOver = backlog();

    // Which message each notice was about, from the stored messages.
    for (const spawned of [server.child, worker] as Array<ChildProcess | null>) {
      spawned?.kill('SIGTERM');
      if (spawned) await exited(spawned);
    }
    const db = await openDatabase();
    const stored = new Map<string, number>();
    let duplicated = 0;
    let queued = 0;
    try {
      // Deliveries acknowledged but not processed when the drain ended: still queued, not lost (they are
      // processed on the next start); a backlog that does not drain is a failed budget of its own.
      const [pending] = await db.query<{ n: string | number }>(
        'SELECT count(*) AS n FROM inbound_events WHERE processed_at IS NULL AND dead_at IS NULL',
      );
      queued = Number(pending?.n ?? 0);
      const rows = await db.query<{ id: string | number; provider_message_id: string }>(
        "SELECT id, provider_message_id FROM messages WHERE direction = 'inbound' AND provider_message_id IS NOT NULL",
      );
      for (const row of rows) {
        if (stored.has(row.provider_message_id)) duplicated += 1;
        else stored.set(row.provider_message_id, Number(row.id));
      }
    } finally {
      await db.close();
    }
    const ackedSent = sent.filter((s) => s.messageId !== null);
    // Lost: acknowledged, never stored, and no delivery left that could still store it.
    const notStored = ackedSent.filter((s) => !stored.has(s.messageId!)).length;
    const lost = queued > 0 ? null : notStored;
    const noticeMs = (s: Sent) => {
      const arrival = live.arrivals.get(stored.get(s.messageId!) ?? -1);
      return arrival === undefined ? Infinity : arrival - s.at;
    };
    const unnoticed = ackedSent.filter((s) => !Number.isFinite(noticeMs(s))).length;

    console.log(
      `  after the load: backlog ${leftOver} after the drain; webhooks not acknowledged: ${JSON.stringify(Object.fromEntries(failedAcks))}, ` +
        `${failedReplies} replies refused; ${ackedSent.length} acknowledged, ${notStored} not stored ` +
        `(${queued} deliveries still queued), ${lost ?? 'unknown'} lost, ${duplicated} duplicated, ` +
        `${unnoticed} without a notice`,
    );
    loopDelay.disable();
    console.log(
      '  minute | ack p99 | notice p50 / p99 / max (ms) | reply → LINE p50 / p99 / max | backlog | server loop p99 / max | pool waits | RSS MB | bench lag p99',
    );
    let worstP99 = 0;
    let worstMax = 0;
    let worstReplyP99 = 0;
    const triple = (values: number[]) =>
      `${fmt(percentile(values, 0.5))} / ${fmt(percentile(values, 0.99))} / ${fmt(values.at(-1) ?? NaN)}`;
    for (let minute = 0; minute < minutes; minute++) {
      const notices = sorted(ackedSent.filter((s) => s.minute === minute).map(noticeMs));
      const [p99, max] = [percentile(notices, 0.99), notices.at(-1) ?? NaN];
      const replyTimesOf = replyTimes(minute);
      // A reply never received counts as over budget.
      const unreceived = [...replies.values()].some((r) => r.minute === minute && r.receivedAt === null);
      worstP99 = Math.max(worstP99, p99);
      worstMax = Math.max(worstMax, max);
      worstReplyP99 = Math.max(worstReplyP99, unreceived ? Infinity : percentile(replyTimesOf, 0.99));
      const g = gauges[minute]!;
      console.log(
        `  ${String(minute + 1).padStart(6)} | ${fmt(ackP99(minute)).padStart(7)} | ` +
          `${triple(notices).padStart(27)} | ${triple(replyTimesOf).padStart(28)} | ` +
          `${String(backlogs[minute]).padStart(7)} | ${`${fmt(g.loopP99)} / ${fmt(g.loopMax)}`.padStart(21)} | ` +
          `${String(g.poolWaiting).padStart(10)} | ${rss[minute]!.toFixed(0).padStart(6)} | ${fmt(benchLag[minute]!)}`,
      );
    }
    // Each queue at each minute's end: due jobs (oldest due, s); the stored deliveries as "inbound", the
    // outgoing webhook deliveries due as "outgoing webhooks".
    const queueNames = [...new Set(gauges.flatMap((g) => [...g.queues.keys()]))].sort();
    const oldestDue = Math.max(
      0,
      ...gauges.flatMap((g) => [
        g.inbound.oldestS,
        g.outgoing.oldestS,
        ...[...g.queues.values()].map((q) => q.oldestS),
      ]),
    );
    console.log(`  due jobs at each minute's end (oldest due, s): ${queueNames.length === 0 ? 'none' : ''}`);
    for (const [name, of] of [
      ['inbound', (g: ServerGauges) => g.inbound] as const,
      ['outgoing webhooks', (g: ServerGauges) => g.outgoing] as const,
      ...queueNames.map((q) => [q, (g: ServerGauges) => g.queues.get(q)] as const),
    ])
      console.log(
        `    ${name.padEnd(28)} ${gauges
          .map((g) => {
            const at = of(g);
            return at && at.waiting > 0 ? `${at.waiting} (${at.oldestS.toFixed(0)})` : '0';
          })
          .map((cell) => cell.padStart(12))
          .join('')}`,
      );
    console.log(
      `  busy day: ${receivers.map((r) => r.received()).join(' and ')} webhook deliveries received by the two endpoints`,
    );
    const byKind = (['open', 'new', 'image'] as const).map((k) => {
      const notices = sorted(ackedSent.filter((s) => s.kind === k).map(noticeMs));
      return `${k} ${fmt(percentile(notices, 0.5))} / ${fmt(percentile(notices, 0.99))}`;
    });
    console.log(`  notice p50 / p99 (ms) by message: ${byKind.join('; ')}`);
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    const afterFirst = rss.slice(1);
    const half = Math.ceil(afterFirst.length / 2);
    const [earlyFloor, lateFloor] = [
      Math.min(...afterFirst.slice(0, half)),
      Math.min(...afterFirst.slice(half)),
    ];
    const rssFlat = afterFirst.length < 2 || lateFloor <= earlyFloor * 1.1;
    console.log(
      `  budgets: notice p99 < ${NOTICE_P99_BUDGET[kind]} ms every minute (worst ${fmt(worstP99)}): ` +
        `${verdict(worstP99 < NOTICE_P99_BUDGET[kind])}; max < 5 s every minute (worst ${fmt(worstMax)}): ` +
        `${verdict(worstMax < 5000)}; reply → LINE p99 < ${REPLY_P99_BUDGET[kind]} ms every minute (worst ${Number.isFinite(worstReplyP99) ? fmt(worstReplyP99) : 'a reply never arrived'}): ` +
        `${verdict(worstReplyP99 < REPLY_P99_BUDGET[kind])}; queues keep up (oldest due job at a minute's end ` +
        `${oldestDue.toFixed(0)} s, budget < ${QUEUE_AGE_BUDGET_S} s): ${verdict(oldestDue < QUEUE_AGE_BUDGET_S)}; RSS flat after the first minute (floor ${earlyFloor.toFixed(0)} → ` +
        `${lateFloor.toFixed(0)} MB, peak ${Math.max(...rss).toFixed(0)} MB): ${verdict(rssFlat)}; drained: ${verdict(queued === 0)}; ` +
        `0 lost: ${verdict(lost === 0)}; ` +
        `0 duplicated: ${verdict(duplicated === 0)}`,
    );
  } finally {
    for (const socket of sockets) socket.terminate();
    // Assigned by spawnServer's callbacks.
    for (const spawned of [child, worker] as Array<ChildProcess | null>)
      if (spawned && spawned.exitCode === null) {
        spawned.kill('SIGTERM');
        await exited(spawned);
      }
    await sim.close();
    for (const receiver of receivers) await receiver.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

for (const kind of KINDS) await soak(kind);
