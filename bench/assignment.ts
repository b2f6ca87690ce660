// Auto-assignment latency under webhook load: `npx tsx bench/assignment.ts` (BENCH_KINDS, BENCH_DURATION,
// BENCH_RATE as in ingest.ts). The demo team is switched to auto round robin with its members online and on
// shift around the clock. Signed LINE deliveries arrive as customers write, at random moments (Poisson
// arrivals) averaging BENCH_RATE a second. For every new issue it prints the time from the customer's
// message (the event timestamp, set when sent) to the issue's assignment: webhook, ingest, issue creation,
// the hand-out. Three traffics, BENCH_DURATION seconds each:
// - first contacts: BENCH_USERS customers never seen before write in turn, so for the first BENCH_USERS
//   messages every message opens an issue (a burst of new conversations at the full rate);
// - mixed: a share BENCH_NEW_SHARE (default 0.1) of the messages comes from new customers, the rest from
//   customers whose conversation is open (a support inbox's usual day);
// - first contacts in per-second bursts: as the first, sent by autocannon, whose rate sends each second's
//   BENCH_RATE requests together at its start (a harsher burst, kept for comparison with earlier figures).
// The simulator plays LINE, so first contacts' profile lookups are answered as LINE answers its friends. A
// warm-up (BENCH_WARMUP seconds at the same rate, other customers) comes first and is not counted: a
// process's first seconds (compiling, opening pool connections) are not what a customer meets. On
// PostgreSQL the server runs in its own process, as in production (the traffic and the simulator here would
// otherwise share its event loop); the embedded database has one owner, so there it runs in this process.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { startSimulator } from '@sabai/simulator';
import { DEMO_LINE } from '../apps/server/src/db/seed';
import { signedLineText } from '../apps/server/test/line-webhook';
import type { Db } from '../apps/server/src/platform/db';
import { percentile, sendPoisson, spawnBenchServer, startBenchServer } from './support';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const USERS = Number(process.env.BENCH_USERS ?? 1000);
const NEW_SHARE = Number(process.env.BENCH_NEW_SHARE ?? 0.1);
let seq = 0;
type Arrivals = 'poisson' | 'bursts';

/** The LINE user id of customer `n` of a group (warm-up, first contacts, newcomers of the mixed traffic). */
const customerId = (group: string, n: number) => `U${group}${n.toString(16).padStart(31, '0')}`;

/** Customers in turn: each group's first USERS messages are all first contacts. */
const inTurn = (group: string) => () => customerId(group, seq % USERS);

/** Mostly customers already in a conversation (the first-contact group's), now and then a new one. */
function mixed() {
  let newcomers = 0;
  return () =>
    Math.random() < NEW_SHARE
      ? customerId('c', newcomers++ % USERS)
      : customerId('b', Math.floor(Math.random() * USERS));
}

/** A signed LINE text from `customer()`. */
function lineText(customer: () => string) {
  seq += 1;
  const { body, signature } = signedLineText(`สวัสดีค่ะ ${seq}`, {
    userId: customer(),
    messageId: `${Date.now()}${seq}`,
  });
  return { body, headers: { 'content-type': 'application/json', 'x-line-signature': signature } };
}

/**
 * Sends signed texts from `customer()` at RATE for `seconds`, as Poisson arrivals or in autocannon's
 * per-second bursts; resolves to the achieved rate.
 */
async function send(url: string, customer: () => string, seconds: number, arrivals: Arrivals) {
  if (arrivals === 'poisson') {
    const { rate, failed } = await sendPoisson(url, RATE, seconds, () => lineText(customer));
    if (failed > 0) console.log(`  ${failed} webhooks not acknowledged`);
    return rate;
  }
  const result = await autocannon({
    url,
    method: 'POST',
    connections: 16,
    duration: seconds,
    overallRate: RATE,
    requests: [{ setupRequest: (req) => ({ ...req, ...lineText(customer) }) }],
  });
  return result.requests.average;
}

/** The demo team assigns automatically, round robin, and its members are online and on shift all day. */
async function autoAssignAllDay(db: Db) {
  await db.query(
    `UPDATE teams SET assignment_mode = 'auto', assignment_method = 'round_robin', auto_reply_message = ''`,
  );
  await db.query(
    `UPDATE team_members SET work_start = '00:00', work_stop = '23:59', break_start = '23:58', break_stop = '23:59',
       working_days = '{1,2,3,4,5,6,7}'`,
  );
  await db.query(`UPDATE memberships SET availability = 'online'`);
}

const KINDS = (process.env.BENCH_KINDS ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
for (const kind of KINDS) {
  const sim = await startSimulator();
  // Warnings too: a failed hand-out is logged at that level.
  const env = { PROVIDER_BASE_URL: sim.url, JWT_SECRET: `bench-${randomUUID()}`, LOG_LEVEL: 'warn' };
  const server =
    kind === 'postgres'
      ? await spawnBenchServer(env, autoAssignAllDay)
      : await startBenchServer(kind, env, (_app, db) => autoAssignAllDay(db));
  sim.addLineChannel({
    channelId: DEMO_LINE.channelId,
    channelSecret: DEMO_LINE.secret,
    accessToken: DEMO_LINE.accessToken,
    botUserId: DEMO_LINE.botUserId,
  });
  for (const group of ['a', 'b', 'c', 'd'])
    for (let n = 0; n < USERS; n++)
      sim.addLineUser(DEMO_LINE.channelId, { userId: customerId(group, n), displayName: `Customer ${n}` });
  const url = `${server.url}/webhooks/line/${DEMO_LINE.channelId}`;

  const unassignedSince = async (since: Date) =>
    Number(
      (
        await server.db.query<{ n: string }>(
          `SELECT count(*) AS n FROM issues WHERE created_at >= $1 AND assignee_user_id IS NULL`,
          [since],
        )
      )[0]!.n,
    );
  /** Waits until every issue created since `since` is assigned (or 60 s). */
  const settled = async (since: Date) => {
    const t0 = Date.now();
    while ((await unassignedSince(since)) > 0 && Date.now() - t0 < 60_000)
      await new Promise((r) => setTimeout(r, 200));
  };

  /** Prints the issues still unassigned after the wait, for diagnosis (none is the expected outcome). */
  const describeLeftovers = async (since: Date) => {
    const rows = await server.db.query<Record<string, unknown>>(
      `SELECT i.id, i.status, i.team_id, i.created_at, i.updated_at,
              (SELECT count(*) FROM messages m WHERE m.issue_id = i.id) AS messages
         FROM issues i WHERE i.created_at >= $1 AND i.assignee_user_id IS NULL`,
      [since],
    );
    for (const row of rows) console.log('  left unassigned:', JSON.stringify(row));
  };
  /** The message → assignment times (ms, ascending) of the issues created since `since`. */
  const latencies = async (since: Date) => {
    const rows = await server.db.query<{ ms: number }>(
      `SELECT extract(epoch FROM (i.assigned_at - m.first_at)) * 1000 AS ms
         FROM issues i
         JOIN LATERAL (SELECT min(created_at) AS first_at FROM messages WHERE issue_id = i.id AND direction = 'inbound') m ON true
        WHERE i.created_at >= $1 AND i.assigned_at IS NOT NULL`,
      [since],
    );
    return rows.map((r) => Number(r.ms)).sort((a, b) => a - b);
  };
  /** Sends one kind of traffic and prints its new issues' figures. */
  const measure = async (label: string, customer: () => string, arrivals: Arrivals = 'poisson') => {
    const since = new Date();
    const rate = await send(url, customer, DURATION, arrivals);
    await settled(since);
    const ms = await latencies(since);
    await describeLeftovers(since);
    console.log(
      `  ${label}: ${rate.toFixed(0)} webhooks/s for ${DURATION} s, ${ms.length} new issues assigned, ${await unassignedSince(since)} left: message → assigned p50 ${percentile(ms, 0.5).toFixed(0)} ms, p99 ${percentile(ms, 0.99).toFixed(0)} ms, max ${ms.at(-1)?.toFixed(0)} ms`,
    );
  };

  const warmupStart = new Date();
  await send(url, inTurn('a'), WARMUP, 'poisson');
  await settled(warmupStart);
  console.log(`\n${kind} (after ${WARMUP} s of warm-up), ${USERS} customers per group:`);
  await measure('first contacts', inTurn('b'));
  await measure(`mixed (${NEW_SHARE * 100}% new)`, mixed());
  await measure('first contacts in per-second bursts', inTurn('d'), 'bursts');
  const states = await server.db.query<{ name: string; state: string; n: string }>(
    `SELECT name, state, count(*) AS n FROM pgboss.job GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  console.log(`  jobs: ${states.map((r) => `${r.name} ${r.state} ${r.n}`).join(', ')}`);
  await server.close();
  await sim.close();
}
