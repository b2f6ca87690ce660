// Webhook ingest on both databases: `npx tsx bench/ingest.ts` (PostgreSQL at BENCH_DATABASE_URL, default the
// local test server; BENCH_DURATION seconds per phase, default 10; BENCH_BACKLOG deliveries per processing
// phase, default 10,000). Prints, per database:
//  - the bare ceiling: a route that checks an HMAC and inserts one row, at full speed;
//  - the webhook's ack throughput and p50/p99 at full speed, and its p99 at a fixed 1,000 req/s;
//  - processing throughput: messages stored per second while the ingest workers drain a backlog of stored
//    deliveries that appeared at once (one INSERT), from brand-new customers and from customers with an
//    open conversation, and from those again under a service level policy, and with 50 automation rules. Measured apart from the webhook
//    phases: when the workers keep up with the load, the backlog left after it is only the last few
//    batches, and its drain time says little;
//  - what was left to drain after the warm-up and after each load phase (processing runs during them, and
//    mostly steps aside during a full-speed burst, so the 1,000 req/s phase starts after that backlog).
// On PostgreSQL the server (apps/server main.ts) and the bare ceiling (bare-webhook-server.ts) each run in a
// process of their own, the load and the simulator in this one; BENCH_PROFILE=dir writes the server's CPU
// profile there when it stops.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import { DEMO_LINE } from '../apps/server/src/db/seed';
import { startSimulator, type Simulator } from '@sabai/simulator';
import { addBenchRules, addBenchSlaPolicy, removeBenchRules, removeBenchSlaPolicy } from './busy-day';
import { exited, freePort } from '../apps/server/test/spawn-server';
import { createBenchDatabase, spawnBenchServer, startBenchServer } from './support';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 10_000);
const USERS = 1000;
/** Rounds of the rules comparison (without, then with 50 rules). */
const RULE_ROUNDS = Number(process.env.BENCH_RULE_ROUNDS ?? 4);
/** Only the processing phases (no webhook load): BENCH_PROCESSING_ONLY=1. */
const PROCESSING_ONLY = process.env.BENCH_PROCESSING_ONLY === '1';
type Drained = { processed: number; seconds: number };
/**
 * Waits until the workers see settings written here with SQL: they hold service level policies and automation
 * rules for 5 seconds (sla.settings-cache.ts, automation.rules-cache.ts).
 */
const settingsSeen = () => new Promise((resolve) => setTimeout(resolve, 5_500));
let seq = 0;
/** A customer's LINE user id: U and 32 hex digits, `n` in the last ones after `prefix`. */
const lineUserId = (prefix: string, n: number) =>
  `U${prefix}${n.toString(16).padStart(32 - prefix.length, '0')}`;

/**
 * One signed LINE webhook as the simulator builds it: a customer it knows (one of USERS) and a reply token it
 * issued, so the server's automatic replies and profile lookups get LINE's real answers.
 */
function signedRequest(sim: Simulator) {
  seq += 1;
  const body = JSON.stringify(
    sim.line.held(DEMO_LINE.channelId, [
      { type: 'text', userId: lineUserId('', seq % USERS), text: `สวัสดีค่ะ ข้อความที่ ${seq}` },
    ]),
  );
  const signature = createHmac('sha256', DEMO_LINE.secret).update(body).digest('base64');
  return { body, headers: { 'content-type': 'application/json', 'x-line-signature': signature } };
}

async function load(sim: Simulator, url: string, opts: { connections: number; overallRate?: number }) {
  return autocannon({
    url,
    method: 'POST',
    connections: opts.connections,
    duration: DURATION,
    ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
    requests: [{ setupRequest: (req) => ({ ...req, ...signedRequest(sim) }) }],
  });
}

const KINDS = (process.env.BENCH_KINDS ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
for (const kind of KINDS) {
  // The simulator plays LINE, so automatic replies and profile lookups get real answers.
  const sim = await startSimulator();
  const env = { PROVIDER_BASE_URL: sim.url };
  // On PostgreSQL the server and the bare ceiling run in processes of their own, as in production: the load
  // and the simulator's answers, made here, then do not share their event loops. The embedded database
  // lives in the server's process, so on PGlite the server and the ceiling's route run in this one.
  const server =
    kind === 'postgres'
      ? await spawnBenchServer(env, undefined, { nodeArgs: profileArgs('server') })
      : await startBenchServer(kind, env, async (app, db) => {
          await db.query(
            'CREATE TABLE IF NOT EXISTS bench_rows (id bigserial PRIMARY KEY, body text NOT NULL)',
          );
          app.post('/webhooks/bench-bare', { config: { access: { public: true } } }, async (req) => {
            const raw = JSON.stringify(req.body);
            createHmac('sha256', DEMO_LINE.secret).update(raw).digest('base64');
            await db.query('INSERT INTO bench_rows (body) VALUES ($1)', [raw]);
            return { ok: true };
          });
        });
  const bare = kind === 'postgres' ? await spawnBareServer() : { url: server.url, close: async () => {} };
  sim.addLineChannel({
    channelId: DEMO_LINE.channelId,
    channelSecret: DEMO_LINE.secret,
    accessToken: DEMO_LINE.accessToken,
    botUserId: DEMO_LINE.botUserId,
  });
  const count = async (sql: string) => Number((await server.db.query<{ n: string }>(sql))[0]!.n);
  /** Waits for the jobs the new conversations queued (assignment, automatic replies) to finish. */
  const jobsSettled = async () => {
    const t0 = performance.now();
    while (performance.now() - t0 < 120_000) {
      const pending = await count(
        "SELECT count(*) AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND start_after <= now()",
      );
      if (pending === 0) return;
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const connections = kind === 'pglite' ? 16 : 64;
  const backlog = () => count('SELECT count(*) AS n FROM inbound_events WHERE processed_at IS NULL');
  /** Waits for the ingest workers to empty the backlog; resolves to (messages, seconds). */
  const drain = async () => {
    const start = await backlog();
    const t0 = performance.now();
    let left = start;
    while (left > 0 && performance.now() - t0 < 300_000) {
      await new Promise((r) => setTimeout(r, 100));
      left = await backlog();
    }
    return { processed: start - left, seconds: (performance.now() - t0) / 1000 };
  };

  // Warm-up: every customer opens a conversation (routing, issue, auto-reply, assignment); measured apart.
  const warmup = await autocannon({
    url: `${server.url}/webhooks/line/${DEMO_LINE.channelId}`,
    method: 'POST',
    connections: 8,
    amount: USERS,
    requests: [{ setupRequest: (req) => ({ ...req, ...signedRequest(sim) }) }],
  });
  const newConversations = await drain();
  await jobsSettled();

  /**
   * Stores `count` deliveries at once (one INSERT), one text message each, from `users` customers whose ids
   * start with `prefix`: bodies the simulator built, so their customers and reply tokens are LINE's.
   */
  const storeBacklog = (count: number, users: number, prefix: string) => {
    const bodies = Array.from({ length: count }, (_, i) => {
      const userId = lineUserId(prefix, i % users);
      // Numbered from 1 in each backlog: one in nine holds "ที่ 1", the rules' firing word.
      const text = `สวัสดีค่ะ ข้อความที่ ${i + 1}`;
      return JSON.stringify(sim.line.held(DEMO_LINE.channelId, [{ type: 'text', userId, text }]));
    });
    return server.db.query(
      `INSERT INTO inbound_events (provider, channel_key, body) SELECT 'line', $1, unnest($2::text[])`,
      [DEMO_LINE.channelId, bodies],
    );
  };
  // Brand-new customers (contact, identity with profile, routed issue, auto-reply, assignment each), then
  // the warm-up's customers, whose conversations are open.
  await storeBacklog(BACKLOG, BACKLOG, 'bac');
  const newBacklog = await drain();
  await jobsSettled();
  await storeBacklog(BACKLOG, USERS, '');
  const openBacklog = await drain();
  // The same with a service level policy in business hours (every batch computes its issues' clocks).
  await addBenchSlaPolicy(server.db, DEMO_LINE.channelId);
  await settingsSeen();
  await storeBacklog(BACKLOG, USERS, '');
  const slaBacklog = await drain();
  await removeBenchSlaPolicy(server.db);
  await settingsSeen();
  // The same with 50 active automation rules (addBenchRules), alternately with none, so both figures see
  // the same machine: the ratio is of the rounds' totals.
  const withoutRules: Drained[] = [];
  const withRules: Drained[] = [];
  let firings = 0;
  for (let round = 0; round < RULE_ROUNDS; round++) {
    await storeBacklog(BACKLOG, USERS, '');
    withoutRules.push(await drain());
    // One message in nine holds "ที่ 1": about a tenth of the messages fire a rule.
    await addBenchRules(server.db, DEMO_LINE.channelId, process.env.BENCH_FIRING_WORD ?? 'ที่ 1');
    await settingsSeen();
    await storeBacklog(BACKLOG, USERS, '');
    withRules.push(await drain());
    firings += await count('SELECT count(*) AS n FROM automation_firings');
    await removeBenchRules(server.db);
    await settingsSeen();
  }
  const total = (runs: Drained[]) => ({
    processed: runs.reduce((n, r) => n + r.processed, 0),
    seconds: runs.reduce((n, r) => n + r.seconds, 0),
  });
  const [rulesOff, rulesOn] = [total(withoutRules), total(withRules)];
  const rate = (d: Drained) =>
    `${(d.processed / d.seconds).toFixed(0)} messages/s (${d.processed} in ${d.seconds.toFixed(1)} s)`;
  const share = (a: Drained, b: Drained) =>
    ((a.processed / a.seconds / (b.processed / b.seconds)) * 100).toFixed(0);
  const processingLines = () => {
    console.log(`  processed, new conversations (backlog of ${BACKLOG}): ${rate(newBacklog)}`);
    console.log(`  processed, open conversations (backlog of ${BACKLOG}): ${rate(openBacklog)}`);
    console.log(
      `  processed, open conversations with an SLA policy (backlog of ${BACKLOG}): ${rate(slaBacklog)} = ${share(slaBacklog, openBacklog)}% of the figure without`,
    );
    console.log(
      `  processed, open conversations, ${RULE_ROUNDS} rounds of ${BACKLOG} without rules: ${rate(rulesOff)}; with 50 automation rules: ${rate(rulesOn)} = ${share(rulesOn, rulesOff)}% of the figure without (${firings} firings; per round ${withRules.map((r, i) => `${share(r, withoutRules[i]!)}%`).join(', ')})`,
    );
  };
  if (PROCESSING_ONLY) {
    console.log(`\n${kind}: processing only`);
    processingLines();
    await Promise.all([server.close(), bare.close()]);
    await sim.close();
    continue;
  }

  const ceiling = await load(sim, `${bare.url}/webhooks/bench-bare`, { connections });
  const ack = await load(sim, `${server.url}/webhooks/line/${DEMO_LINE.channelId}`, { connections });
  // Processing steps aside during a burst (ingest-queue.ts): the steady phase starts once it caught up.
  const burstDrain = await drain();
  const steady =
    kind === 'postgres'
      ? await load(sim, `${server.url}/webhooks/line/${DEMO_LINE.channelId}`, {
          connections: 32,
          overallRate: 1000,
        })
      : null;

  // Steady state: messages in open conversations, drained after the load phases.
  const steadyDrain = await drain();
  const messages = await count(
    "SELECT count(*) AS n FROM messages WHERE direction = 'inbound' AND provider_message_id NOT LIKE 'seed-%'",
  );
  const errors = await count('SELECT count(*) AS n FROM inbound_events WHERE error IS NOT NULL');

  const line = (name: string, r: autocannon.Result) =>
    `${name}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`;
  console.log(`\n${kind} (${connections} connections, ${DURATION} s per phase)`);
  console.log(`  ${line('bare ceiling (HMAC + 1 insert)', ceiling)}`);
  console.log(
    `  ${line('webhook ack', ack)}  = ${((ack.requests.average / ceiling.requests.average) * 100).toFixed(0)}% of the ceiling`,
  );
  if (steady) console.log(`  ${line('webhook ack at 1,000 req/s', steady)}`);
  processingLines();
  console.log(
    `  left after the warm-up (${warmup['2xx']} webhooks, new conversations): ${rate(newConversations)}`,
  );
  console.log(`  left after the full-speed burst (open conversations): ${rate(burstDrain)}`);
  console.log(`  left after the 1,000 req/s phase (open conversations): ${rate(steadyDrain)}`);
  console.log(`  ${messages} messages stored, ${errors} events with errors`);
  await Promise.all([server.close(), bare.close()]);
  await sim.close();
}

/**
 * BENCH_PROFILE=dir: node's flags that write a process's CPU profile there when it stops (the server's
 * on PostgreSQL, where it has a process of its own).
 */
function profileArgs(name: string) {
  const dir = process.env.BENCH_PROFILE;
  return dir
    ? ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${name}-${Date.now()}.cpuprofile`]
    : [];
}

/** The bare ceiling (bare-webhook-server.ts) in a process of its own, on a database of its own. */
async function spawnBareServer() {
  const database = await createBenchDatabase('sabai_bare');
  const port = String(await freePort());
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'bare-webhook-server.ts')],
    {
      env: { ...process.env, DATABASE_URL: database.url, PORT: port, CHANNEL_SECRET: DEMO_LINE.secret },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    child.kill('SIGTERM');
    await exited(child);
    await database.drop();
  };
  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, close };
    await new Promise((r) => setTimeout(r, 100));
  }
  await close();
  throw new Error('the bare ceiling server did not start');
}
