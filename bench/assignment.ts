// Auto-assignment latency under webhook load: `npx tsx bench/assignment.ts` (BENCH_KINDS, BENCH_DURATION,
// BENCH_RATE as in ingest.ts). The demo team is switched to auto round robin with its members online and on
// shift around the clock; signed LINE deliveries from BENCH_USERS customers arrive at BENCH_RATE req/s. For
// every new issue it prints the time from the customer's message (the event timestamp, set when sent) to
// the issue's assignment: webhook, ingest, issue creation, the `issue.assign` job, the assignment itself.
// The simulator plays LINE, so first contacts' profile lookups are answered as LINE answers its friends. A
// warm-up (BENCH_WARMUP seconds at the same rate, other customers) comes first and is not counted: a
// process's first seconds (compiling, opening pool connections) are not what a customer meets.
import autocannon from 'autocannon';
import { startSimulator } from '@sabai/simulator';
import { DEMO_LINE } from '../apps/server/src/db/seed';
import { signedLineText } from '../apps/server/test/line-webhook';
import { percentile, startBenchServer } from './support';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const USERS = Number(process.env.BENCH_USERS ?? 1000);
let seq = 0;

const customerId = (phase: string, n: number) => `U${phase}${n.toString(16).padStart(31, '0')}`;

/** One signed text from one of USERS customers of a phase, with a unique message id. */
function signedDelivery(phase: string) {
  seq += 1;
  return signedLineText(`สวัสดีค่ะ ${seq}`, {
    userId: customerId(phase, seq % USERS),
    messageId: `${Date.now()}${seq}`,
  });
}

/** Sends signed deliveries from `phase`'s customers at RATE for `seconds`; resolves to the achieved rate. */
async function sendPhase(url: string, phase: string, seconds: number) {
  const result = await autocannon({
    url,
    method: 'POST',
    connections: 16,
    duration: seconds,
    overallRate: RATE,
    requests: [
      {
        setupRequest: (req) => {
          const { body, signature } = signedDelivery(phase);
          return {
            ...req,
            body,
            headers: { 'content-type': 'application/json', 'x-line-signature': signature },
          };
        },
      },
    ],
  });
  return result.requests.average;
}

const KINDS = (process.env.BENCH_KINDS ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
for (const kind of KINDS) {
  const sim = await startSimulator();
  const server = await startBenchServer(kind, { PROVIDER_BASE_URL: sim.url });
  sim.addLineChannel({
    channelId: DEMO_LINE.channelId,
    channelSecret: DEMO_LINE.secret,
    accessToken: DEMO_LINE.accessToken,
    botUserId: DEMO_LINE.botUserId,
  });
  for (const phase of ['a', 'b'])
    for (let n = 0; n < USERS; n++)
      sim.addLineUser(DEMO_LINE.channelId, { userId: customerId(phase, n), displayName: `Customer ${n}` });
  await server.db.query(
    `UPDATE teams SET assignment_mode = 'auto', assignment_method = 'round_robin', auto_reply_message = ''`,
  );
  await server.db.query(
    `UPDATE team_members SET work_start = '00:00', work_stop = '23:59', break_start = '23:58', break_stop = '23:59',
       working_days = '{1,2,3,4,5,6,7}'`,
  );
  await server.db.query(`UPDATE memberships SET availability = 'online'`);
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

  const warmupStart = new Date();
  await sendPhase(url, 'a', WARMUP);
  await settled(warmupStart);

  const since = new Date();
  const rate = await sendPhase(url, 'b', DURATION);
  await settled(since);

  const rows = await server.db.query<{ ms: number }>(
    `SELECT extract(epoch FROM (i.assigned_at - m.first_at)) * 1000 AS ms
       FROM issues i
       JOIN LATERAL (SELECT min(created_at) AS first_at FROM messages WHERE issue_id = i.id AND direction = 'inbound') m ON true
      WHERE i.created_at >= $1 AND i.assigned_at IS NOT NULL`,
    [since],
  );
  const ms = rows.map((r) => Number(r.ms)).sort((a, b) => a - b);
  const unassigned = await unassignedSince(since);
  console.log(
    `\n${kind}: ${rate.toFixed(0)} webhooks/s for ${DURATION} s (after ${WARMUP} s of warm-up), ${USERS} customers`,
  );
  console.log(
    `  ${ms.length} new issues assigned, ${unassigned} left: message → assigned p50 ${percentile(ms, 0.5).toFixed(0)} ms, p99 ${percentile(ms, 0.99).toFixed(0)} ms, max ${ms.at(-1)?.toFixed(0)} ms`,
  );
  const states = await server.db.query<{ name: string; state: string; n: string }>(
    `SELECT name, state, count(*) AS n FROM pgboss.job GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  console.log(`  jobs: ${states.map((r) => `${r.name} ${r.state} ${r.n}`).join(', ')}`);
  await server.close();
  await sim.close();
}
