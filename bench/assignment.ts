// Auto-assignment latency under webhook load: `npx tsx bench/assignment.ts` (BENCH_KINDS, BENCH_DURATION,
// BENCH_RATE as in ingest.ts). The demo team is switched to auto round robin with its members online and on
// shift around the clock; signed LINE deliveries from BENCH_USERS customers arrive at BENCH_RATE req/s. For
// every new issue it prints the time from the customer's message (the event timestamp, set when sent) to
// the issue's assignment: webhook, ingest, issue creation, the `issue.assign` job, the assignment itself.
import autocannon from 'autocannon';
import { DEMO_LINE } from '../apps/server/src/db/seed';
import { signedLineText } from '../apps/server/test/line-webhook';
import { startBenchServer } from './support';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const USERS = Number(process.env.BENCH_USERS ?? 1000);
let seq = 0;

/** One signed text from one of USERS customers, with a unique message id. */
function signedDelivery() {
  seq += 1;
  return signedLineText(`สวัสดีค่ะ ${seq}`, {
    userId: `U${(seq % USERS).toString(16).padStart(32, '0')}`,
    messageId: `${Date.now()}${seq}`,
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

const KINDS = (process.env.BENCH_KINDS ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
for (const kind of KINDS) {
  const server = await startBenchServer(kind, { PROVIDER_BASE_URL: 'http://127.0.0.1:9' });
  await server.db.query(
    `UPDATE teams SET assignment_mode = 'auto', assignment_method = 'round_robin', auto_reply_message = ''`,
  );
  await server.db.query(
    `UPDATE team_members SET work_start = '00:00', work_stop = '23:59', break_start = '23:58', break_stop = '23:59',
       working_days = '{1,2,3,4,5,6,7}'`,
  );
  await server.db.query(`UPDATE memberships SET availability = 'online'`);
  const since = new Date();

  const result = await autocannon({
    url: `${server.url}/webhooks/line/${DEMO_LINE.channelId}`,
    method: 'POST',
    connections: 16,
    duration: DURATION,
    overallRate: RATE,
    requests: [
      {
        setupRequest: (req) => {
          const { body, signature } = signedDelivery();
          return {
            ...req,
            body,
            headers: { 'content-type': 'application/json', 'x-line-signature': signature },
          };
        },
      },
    ],
  });

  // Wait until every new issue is assigned (or 60 s).
  const waiting = async () =>
    Number(
      (
        await server.db.query<{ n: string }>(
          `SELECT count(*) AS n FROM issues WHERE created_at >= $1 AND assignee_user_id IS NULL`,
          [since],
        )
      )[0]!.n,
    );
  const t0 = Date.now();
  while ((await waiting()) > 0 && Date.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 200));

  const rows = await server.db.query<{ ms: number }>(
    `SELECT extract(epoch FROM (i.assigned_at - m.first_at)) * 1000 AS ms
       FROM issues i
       JOIN LATERAL (SELECT min(created_at) AS first_at FROM messages WHERE issue_id = i.id AND direction = 'inbound') m ON true
      WHERE i.created_at >= $1 AND i.assigned_at IS NOT NULL`,
    [since],
  );
  const ms = rows.map((r) => Number(r.ms)).sort((a, b) => a - b);
  const unassigned = await waiting();
  console.log(
    `\n${kind}: ${result.requests.average.toFixed(0)} webhooks/s for ${DURATION} s, ${USERS} customers`,
  );
  console.log(
    `  ${ms.length} new issues assigned, ${unassigned} left: message → assigned p50 ${percentile(ms, 0.5).toFixed(0)} ms, p99 ${percentile(ms, 0.99).toFixed(0)} ms, max ${ms.at(-1)?.toFixed(0)} ms`,
  );
  const states = await server.db.query<{ name: string; state: string; n: string }>(
    `SELECT name, state, count(*) AS n FROM pgboss.job GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  console.log(`  jobs: ${states.map((r) => `${r.name} ${r.state} ${r.n}`).join(', ')}`);
  await server.close();
}
