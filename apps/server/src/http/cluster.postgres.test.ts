// Cluster proof (docs/operations.md "Scaled out"): Debian's HAProxy, configured as the
// operations guide says, in front of two ROLES=http nodes, with one ROLES=worker node, all on a fresh
// PostgreSQL database. Through the proxy only, the simulator sends LINE and Messenger webhooks continuously
// while agents hold 200 of the web app's sockets; one HTTP node is killed with SIGKILL mid-run and started
// again later. Then: every acknowledged webhook is exactly one stored message; every socket of the killed
// node came back, on the other node, and received every message announced after it did; no request was
// answered 5xx once HAProxy had marked the node down. The figures are printed ([figure] lines).
// CLUSTER_DEBUG=1 prints the phases, logs the nodes at info level and keeps their logs and HAProxy's.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startSimulator } from '@sabai/simulator';
import { createFreshPostgresDatabase } from '../../test/db';
import { AgentSocket, signInAgent } from '../../test/cluster/agents';
import { isRequest, isState, startHaproxy, type HaproxyLogLine } from '../../test/cluster/haproxy';
import { AGENT_PASSWORD, seedClusterOrg, type ClusterOrg } from '../../test/cluster/seed';
import { customerTraffic, type SentWebhook } from '../../test/cluster/traffic';
import {
  exited,
  freePort,
  startServerProcess,
  startWorkerProcess,
  type ServerProcess,
} from '../../test/server-process';
import { openDb, type Db } from '../platform/db';

/**
 * 200 sockets: 50 agents with the inbox open in 4 tabs each. A sign-in costs an argon2id verification
 * (~100 ms of a core) and a socket does not; the sockets are what the run is about.
 */
const AGENTS = 50;
const TABS = 4;
/** Webhooks a second, half LINE, half Messenger; each reaches all 200 sockets. */
const RATE = 20;
const META_APP_SECRET = 'cluster-meta-app-secret';
const VICTIM = 'http1';
const SURVIVOR = 'http2';
const DEBUG = Boolean(process.env.CLUSTER_DEBUG);

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}, 120_000);

const startedAt = Date.now();
function phase(what: string) {
  if (DEBUG) console.warn(`[cluster] ${((Date.now() - startedAt) / 1000).toFixed(1)} s: ${what}`);
}

/** Polls `probe` every 100 ms until it holds; fails naming `what` (and `explain()`) after `timeoutMs`. */
async function until(
  what: string,
  probe: () => boolean | Promise<boolean>,
  {
    timeoutMs = 60_000,
    explain = () => '',
  }: { timeoutMs?: number; explain?: () => string | Promise<string> } = {},
) {
  phase(`waiting for ${what}`);
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}. ${await explain()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs `task` over `items`, `concurrency` at a time. */
async function inBatches<T, R>(items: T[], concurrency: number, task: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += concurrency)
    results.push(...(await Promise.all(items.slice(i, i + concurrency).map(task))));
  return results;
}

describe('a cluster behind HAProxy', () => {
  it('loses no webhook, duplicates none and brings every socket back when an HTTP node dies', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sabai-cluster-'));
    if (DEBUG) phase(`logs in ${dir}`);
    else cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const fresh = await createFreshPostgresDatabase();
    cleanups.push(() => fresh.drop());
    // Dropped once every session has ended (the killed nodes' too): a forced drop would end the ones still
    // closing, and their clients would log the lost connection.
    cleanups.push(() =>
      until('the database’s sessions ended', () => sessionsEnded(fresh.url), { timeoutMs: 10_000 }),
    );
    const db = await openDb({ databaseUrl: fresh.url, poolSize: 2 });
    cleanups.push(() => db.close());
    await db.migrate();
    const org = await seedClusterOrg(db, AGENTS);
    // Webhooks wait up to 10 s for an answer (LINE gives up after 2 s): a redelivery proves nothing more,
    // and early ones pile onto a node that is slow for a moment on a busy machine.
    const sim = await startSimulator({ webhookTimeoutMs: 10_000 });
    cleanups.push(() => sim.close());

    const proxyPort = await freePort();
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const ports: Record<string, number> = { [VICTIM]: await freePort(), [SURVIVOR]: await freePort() };
    const nodeEnv = (name: string): Record<string, string> => ({
      DATABASE_URL: fresh.url,
      DATABASE_POOL_SIZE: '8',
      DATA_DIR: path.join(dir, name),
      PUBLIC_URL: proxyUrl,
      PROVIDER_BASE_URL: sim.url,
      META_APP_SECRET,
      META_VERIFY_TOKEN: 'cluster-verify-token',
      SEED_DEMO: 'never',
      TRUST_PROXY: 'true',
      LOGIN_IP_LIMIT_PER_MINUTE: '100000',
      ...(DEBUG ? { LOG_LEVEL: 'info' } : {}),
    });
    const logFile = (name: string) => path.join(dir, `${name}-${Date.now()}.log`);
    const startHttpNode = (name: string) =>
      startServerProcess(
        { ...nodeEnv(name), ROLES: 'http', PORT: String(ports[name]) },
        { logFile: logFile(name) },
      );
    phase('starting the nodes');
    const nodes: Record<string, ServerProcess> = {};
    const [first, second, worker] = await Promise.all([
      startHttpNode(VICTIM),
      startHttpNode(SURVIVOR),
      startWorkerProcess({ ...nodeEnv('worker'), INGEST_CONCURRENCY: '4' }, { logFile: logFile('worker') }),
    ]);
    nodes[VICTIM] = first;
    nodes[SURVIVOR] = second;
    // Killed, not stopped: nothing of theirs is checked after the run, and a graceful stop takes seconds.
    cleanups.push(async () => {
      for (const child of [nodes[VICTIM]!.child, nodes[SURVIVOR]!.child, worker.child]) {
        child.kill('SIGKILL');
        await exited(child);
      }
    });
    const proxy = await startHaproxy({
      dir,
      port: proxyPort,
      servers: [
        { name: VICTIM, port: ports[VICTIM]! },
        { name: SURVIVOR, port: ports[SURVIVOR]! },
      ],
    });
    cleanups.push(() => proxy.stop());

    phase('signing in');
    const tokens = await inBatches(org.agents, 8, (a) => signInAgent(proxyUrl, a.email, AGENT_PASSWORD));
    const agents = tokens.flatMap((token) =>
      Array.from({ length: TABS }, () => new AgentSocket(proxyUrl.replace('http', 'ws'), token)),
    );
    cleanups.push(async () => agents.forEach((a) => a.stop()));
    agents.forEach((a) => a.start());
    await until('every socket registered', () => agents.every((a) => a.isReady));
    const onVictim = agents.filter((a) => a.current!.node === VICTIM);
    expect(onVictim.length).toBeGreaterThan(0);
    expect(agents.filter((a) => a.current!.node === SURVIVOR).length).toBeGreaterThan(0);

    const traffic = customerTraffic(sim, org, proxyUrl, META_APP_SECRET);
    const acked = () => traffic.ended().filter((w) => w.ackedAt !== null);
    const ackedSince = (t: number) => acked().filter((w) => w.sentAt > t);
    traffic.start(RATE);
    await until('webhooks acknowledged before the kill', () => acked().length >= RATE * 3);

    // SIGKILL: no graceful close; the node's sockets and the requests it holds just end.
    const killedAt = Date.now();
    nodes[VICTIM]!.child.kill('SIGKILL');
    await proxy.waitForStatus(VICTIM, 'DOWN');
    const explainSockets = async () => {
      const away = agents.filter((a) => !a.isReady);
      const states = (await proxy.readLog()).filter(isState).map((l) => l.text);
      return `${away.length} sockets away (attempts: ${away[0]?.sessions.length}); HAProxy: ${states.join(' | ')}`;
    };
    await until('the killed node’s sockets back', () => agents.every((a) => a.isReady), {
      explain: explainSockets,
    });
    await until('traffic through the survivor', () => ackedSince(killedAt).length >= RATE * 2);

    // The node comes back on its port; HAProxy takes it in once /readyz answered twice.
    phase('restarting the killed node');
    const restartedAt = Date.now();
    nodes[VICTIM] = await startHttpNode(VICTIM);
    await proxy.waitForStatus(VICTIM, 'UP');
    const upAt = Date.now();
    const servedByRestarted = async () =>
      (await proxy.readLog())
        .filter(isRequest)
        .some((l) => l.server === VICTIM && l.at > upAt && l.path.startsWith('/webhooks'));
    await until('webhooks answered by the restarted node', servedByRestarted);
    await until('traffic after the restart', () => ackedSince(upAt).length >= RATE * 2);
    traffic.stop();
    await traffic.settled();

    const webhooks = traffic.ended();
    const ackedKeys = webhooks.filter((w) => w.ackedAt !== null).map(keyOf);
    let stored: StoredMessage[] = [];
    await until('every acknowledged message stored', async () => {
      stored = await storedMessages(db, org);
      const keys = new Set(stored.map(keyOf));
      return ackedKeys.every((k) => keys.has(k));
    });
    // Delivery to the sockets trails the commits a little; a notice still missing after this is lost.
    await until(
      'every notice delivered',
      () => noticeFigures(agents, webhooks, stored).noticesMissing === 0,
      {
        timeoutMs: 15_000,
      },
    ).catch(() => undefined);

    const figures = {
      ...webhookFigures(traffic.sent(), webhooks, stored),
      ...socketFigures(agents, onVictim, killedAt),
      ...noticeFigures(agents, webhooks, stored),
      ...proxyFigures(await proxy.readLog(), killedAt),
      firstAckAfterKillMs: Math.min(...ackedSince(killedAt).map((w) => w.ackedAt!)) - killedAt,
      /** Kill → every socket back and a webhook sent after the kill acknowledged. */
      recoveredMs: 0,
      /** From the restart to HAProxy's UP: the node's start and two health checks. */
      restartToUpMs: upAt - restartedAt,
    };
    figures.recoveredMs = Math.max(figures.allSocketsBackMs, figures.firstAckAfterKillMs);
    console.warn(
      `[figure] cluster: ${agents.length} sockets (${AGENTS} agents), ${RATE} webhooks/s, ` +
        `${((Date.now() - startedAt) / 1000).toFixed(0)} s\n${formatFigures(figures)}`,
    );

    expect(figures.acked).toBe(figures.sent);
    expect(figures.missing).toEqual([]);
    expect(figures.duplicates).toBe(0);
    expect(figures.unexpected).toBe(0);
    expect(figures.socketsReconnected).toBe(onVictim.length);
    expect(figures.reconnectedElsewhere).toEqual([]);
    expect(figures.survivorsDropped).toBe(0);
    expect(figures.noticesDelivered).toBe(figures.noticesExpected);
    expect(figures.fiveHundredsAfterDown).toEqual([]);
  }, 600_000);
});

/** Whether no session is connected to the database of `url` any more. */
async function sessionsEnded(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    return rows[0]!.n === 0;
  } finally {
    await admin.end();
  }
}

type StoredMessage = { id: number; channelId: string; providerMessageId: string };

/** The organisation's customer messages. */
async function storedMessages(db: Db, org: ClusterOrg): Promise<StoredMessage[]> {
  const rows = await db.query<{ id: string; channel_id: string; provider_message_id: string }>(
    `SELECT id, channel_id, provider_message_id FROM messages
      WHERE organization_id = $1 AND direction = 'inbound'`,
    [org.organizationId],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    channelId: r.channel_id,
    providerMessageId: r.provider_message_id,
  }));
}

const keyOf = (m: { channelId: string; providerMessageId: string }) =>
  `${m.channelId}/${m.providerMessageId}`;

/** Sent, acknowledged and stored webhooks; acknowledged ones stored never, or more than once. */
function webhookFigures(sent: number, webhooks: SentWebhook[], stored: StoredMessage[]) {
  const counts = new Map<string, number>();
  for (const m of stored) counts.set(keyOf(m), (counts.get(keyOf(m)) ?? 0) + 1);
  const sentKeys = new Set(webhooks.map(keyOf));
  const acked = webhooks.filter((w) => w.ackedAt !== null);
  return {
    sent,
    /** Attempts, redeliveries included. */
    attempts: webhooks.reduce((n, w) => n + w.attempts, 0),
    acked: acked.length,
    stored: stored.length,
    missing: acked.filter((w) => !counts.has(keyOf(w))).map(keyOf),
    duplicates: [...counts.values()].filter((n) => n > 1).length,
    /** Stored messages nobody sent. */
    unexpected: stored.filter((m) => !sentKeys.has(keyOf(m))).length,
  };
}

/** The killed node's sockets back (on the survivor, and when); the survivor's never dropped. */
function socketFigures(agents: AgentSocket[], onVictim: AgentSocket[], killedAt: number) {
  const back = onVictim.filter((a) => a.isReady && a.current!.readyAt! > killedAt);
  return {
    sockets: agents.length,
    socketsOnKilledNode: onVictim.length,
    socketsReconnected: back.length,
    reconnectedElsewhere: back.filter((a) => a.current!.node !== SURVIVOR).map((a) => a.current!.node),
    survivorsDropped: agents.filter((a) => !onVictim.includes(a) && a.sessions.length > 1).length,
    allSocketsBackMs: Math.max(...back.map((a) => a.current!.readyAt!)) - killedAt,
  };
}

/**
 * Notices on each socket as it is now: a message whose webhook was first sent after the socket was
 * registered was stored, and its `message.created` published, after that, so it must have arrived.
 */
function noticeFigures(agents: AgentSocket[], webhooks: SentWebhook[], stored: StoredMessage[]) {
  const sentAt = new Map(webhooks.map((w) => [keyOf(w), w.sentAt]));
  const messages = stored.map((m) => ({ id: m.id, sentAt: sentAt.get(keyOf(m)) ?? 0 }));
  let expected = 0;
  let delivered = 0;
  for (const agent of agents) {
    const { readyAt, messageIds } = agent.current!;
    for (const m of messages) {
      if (readyAt === null || m.sentAt <= readyAt) continue;
      expected++;
      if (messageIds.has(m.id)) delivered++;
    }
  }
  return { noticesExpected: expected, noticesDelivered: delivered, noticesMissing: expected - delivered };
}

/** HAProxy's view, in its log's order: when it marked the node down, and the 5xx before and after. */
function proxyFigures(log: HaproxyLogLine[], killedAt: number) {
  const down = log.findIndex(
    (l) => isState(l) && l.server === VICTIM && l.state === 'DOWN' && l.at > killedAt,
  );
  if (down < 0) throw new Error('HAProxy never logged the killed node down');
  const fiveHundreds = (lines: HaproxyLogLine[]) =>
    lines
      .filter(isRequest)
      .filter((l) => l.status >= 500)
      .map((l) => `${l.status} ${l.server} ${l.method} ${l.path}`);
  return {
    markedDownMs: log[down]!.at - killedAt,
    requestsThroughProxy: log.filter(isRequest).length,
    /** Requests the killed node held when it died (502): redelivered by the providers. */
    fiveHundredsBeforeDown: fiveHundreds(log.slice(0, down)).length,
    fiveHundredsAfterDown: fiveHundreds(log.slice(down + 1)),
  };
}

function formatFigures(figures: Record<string, unknown>) {
  return Object.entries(figures)
    .map(
      ([name, v]) =>
        `  ${name.padEnd(24)} ${Array.isArray(v) ? `${v.length} ${JSON.stringify(v.slice(0, 5))}` : String(v)}`,
    )
    .join('\n');
}
