// Webhook ingest on both databases: `npx tsx bench/ingest.ts` (PostgreSQL at BENCH_DATABASE_URL, default the
// local test server; BENCH_DURATION seconds per phase, default 10). Prints, per database:
//  - the bare ceiling: a route that checks an HMAC and inserts one row, at full speed;
//  - the webhook's ack throughput and p50/p99 at full speed, and its p99 at a fixed 1,000 req/s;
//  - end-to-end processing: messages stored per second while the ingest workers drain the backlog.
import { createHmac, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { DEMO_LINE } from '../apps/server/src/db/seed';
import { startSimulator } from '@sabai/simulator';
import { startBenchServer } from './support';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const USERS = 1000;
let seq = 0;

/** One signed LINE webhook with a unique event and message id, from one of USERS customers. */
function signedDelivery() {
  seq += 1;
  const userId = `U${(seq % USERS).toString(16).padStart(32, '0')}`;
  const body = JSON.stringify({
    destination: DEMO_LINE.botUserId,
    events: [
      {
        type: 'message',
        mode: 'active',
        timestamp: Date.now(),
        source: { type: 'user', userId },
        webhookEventId: randomUUID(),
        deliveryContext: { isRedelivery: false },
        replyToken: randomUUID().replaceAll('-', ''),
        message: { id: `${Date.now()}${seq}`, type: 'text', quoteToken: 'q', text: `สวัสดีค่ะ ข้อความที่ ${seq}` },
      },
    ],
  });
  const signature = createHmac('sha256', DEMO_LINE.secret).update(body).digest('base64');
  return { body, signature };
}

function signedRequest() {
  const { body, signature } = signedDelivery();
  return { body, headers: { 'content-type': 'application/json', 'x-line-signature': signature } };
}

async function load(url: string, opts: { connections: number; overallRate?: number }) {
  return autocannon({
    url,
    method: 'POST',
    connections: opts.connections,
    duration: DURATION,
    ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
    requests: [{ setupRequest: (req) => ({ ...req, ...signedRequest() }) }],
  });
}

const KINDS = (process.env.BENCH_KINDS ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
for (const kind of KINDS) {
  // The simulator plays LINE, so automatic replies and profile lookups get real answers.
  const sim = await startSimulator();
  const server = await startBenchServer(kind, { PROVIDER_BASE_URL: sim.url }, async (app, db) => {
    await db.query('CREATE TABLE IF NOT EXISTS bench_rows (id bigserial PRIMARY KEY, body text NOT NULL)');
    app.post('/webhooks/bench-bare', { config: { access: { public: true } } }, async (req) => {
      const raw = JSON.stringify(req.body);
      createHmac('sha256', DEMO_LINE.secret).update(raw).digest('base64');
      await db.query('INSERT INTO bench_rows (body) VALUES ($1)', [raw]);
      return { ok: true };
    });
  });
  sim.addLineChannel({
    channelId: DEMO_LINE.channelId,
    channelSecret: DEMO_LINE.secret,
    accessToken: DEMO_LINE.accessToken,
    botUserId: DEMO_LINE.botUserId,
  });
  const count = async (sql: string) => Number((await server.db.query<{ n: string }>(sql))[0]!.n);
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
    requests: [{ setupRequest: (req) => ({ ...req, ...signedRequest() }) }],
  });
  const newConversations = await drain();

  const bare = await load(`${server.url}/webhooks/bench-bare`, { connections });
  const ack = await load(`${server.url}/webhooks/line/${DEMO_LINE.channelId}`, { connections });
  const steady =
    kind === 'postgres'
      ? await load(`${server.url}/webhooks/line/${DEMO_LINE.channelId}`, {
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
  console.log(`  ${line('bare ceiling (HMAC + 1 insert)', bare)}`);
  console.log(
    `  ${line('webhook ack', ack)}  = ${((ack.requests.average / bare.requests.average) * 100).toFixed(0)}% of the ceiling`,
  );
  if (steady) console.log(`  ${line('webhook ack at 1,000 req/s', steady)}`);
  const rate = (d: { processed: number; seconds: number }) =>
    `${(d.processed / d.seconds).toFixed(0)} messages/s (${d.processed} in ${d.seconds.toFixed(1)} s)`;
  console.log(
    `  processed, new conversations (warm-up, ${warmup['2xx']} webhooks): ${rate(newConversations)}`,
  );
  console.log(`  processed, open conversations (backlog after the load): ${rate(steadyDrain)}`);
  console.log(`  ${messages} messages stored, ${errors} events with errors`);
  await server.close();
  await sim.close();
}
