// The AI first responder under load, on PostgreSQL: `npx tsx bench/first-responder.ts` (BENCH_BACKLOG
// deliveries per processing round, default 2,000; BENCH_ROUNDS rounds each way after a warm-up, default 3; BENCH_RATE new
// customers a second for the reply phase, default 10, for BENCH_DURATION seconds, default 20; BENCH_MODEL_MS
// the model's answering time, default 800). The server
// runs in its own process with the demo data (its knowledge base articles included); the demo LINE channel
// has a holiday today, so every customer writes outside business hours, and the demo team assigns by hand,
// so nobody takes the issues first. The simulator plays LINE and the model.
// Prints:
//  - inbound processing throughput (messages stored a second while the ingest drains a backlog of
//    deliveries from new customers asking about returns) with the responder off and on, rounds in
//    alternating order, and their ratio (the budget: on ≥ 95% of off);
//  - the time from a customer's message (its event timestamp) to the responder's answer reaching LINE
//    (the simulator's outbox), for new customers arriving as Poisson arrivals: p50, p99, max (budget: p99
//    < 2 s), and how many got no answer.
import { randomUUID } from 'node:crypto';
import { startSimulator } from '@sabai/simulator';
import { DEMO_LINE, DEMO_PASSWORD } from '../apps/server/src/db/seed';
import { signedLineText } from '../apps/server/test/line-webhook';
import { aiSettingsAllOn } from './busy-day';
import { percentile, sendPoisson, spawnBenchServer } from './support';

const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RATE = Number(process.env.BENCH_RATE ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const MODEL_MS = Number(process.env.BENCH_MODEL_MS ?? 800);
const KEY = 'sk-bench-first-responder-0123456789';
const QUESTION = 'อยากคืนสินค้าค่ะ ต้องทำยังไงคะ';
const ANSWER = 'คืนสินค้าได้ภายใน 7 วันค่ะ แจ้งเลขคำสั่งซื้อและรูปสินค้าทางแชทนี้ได้เลยค่ะ';

const sim = await startSimulator();
sim.addLineChannel({
  channelId: DEMO_LINE.channelId,
  channelSecret: DEMO_LINE.secret,
  accessToken: DEMO_LINE.accessToken,
  botUserId: DEMO_LINE.botUserId,
});
sim.ai.addKey(KEY);
sim.ai.answer('Summarise', 'The customer asks how to return an item.');
sim.ai.answer(QUESTION, ANSWER);
sim.ai.setConditions({ latencyMs: { min: MODEL_MS, max: MODEL_MS } });

const server = await spawnBenchServer(
  { PROVIDER_BASE_URL: sim.url, JWT_SECRET: `bench-${randomUUID()}`, AI_ENDPOINT_ALLOW_PRIVATE: 'true' },
  async (db) => {
    await db.query(`UPDATE teams SET assignment_mode = 'manual'`);
    // Today is a holiday of the demo LINE channel: every message arrives outside business hours.
    await db.query(
      `INSERT INTO channel_holidays (channel_id, name, date, auto_response_message)
       SELECT id, 'Bench holiday', (now() AT TIME ZONE 'Asia/Bangkok')::date, '' FROM channels
        WHERE external_id = $1`,
      [DEMO_LINE.channelId],
    );
  },
);

try {
  const api = await signIn(server.url, 'admin@demo.local');
  await api('PUT', '/ai/settings', aiSettingsAllOn(sim.ai.baseUrl, KEY));
  const channels = (await api('GET', '/channels')) as Array<{ id: string; externalId: string }>;
  const channel = channels.find((c) => c.externalId === DEMO_LINE.channelId)!;
  const responder = (enabled: boolean) =>
    api('PUT', `/channels/${channel.id}/first-responder`, {
      enabled,
      when: 'outsideHours',
      unassignedMinutes: 10,
      handOverWords: [],
      confidenceThreshold: 0.3,
      label: '🤖 ข้อความอัตโนมัติ / Automatic reply:',
    });

  const count = async (query: string) => Number((await server.db.query<{ n: string }>(query))[0]!.n);
  const backlog = () => count('SELECT count(*) AS n FROM inbound_events WHERE processed_at IS NULL');
  const waitingJobs = () =>
    count(`SELECT count(*) AS n FROM pgboss.job WHERE name = 'ai.first-responder' AND state < 'completed'`);
  /** Jobs due and not done (the answers' deliveries too), of any queue. */
  const dueJobs = () =>
    count(`SELECT count(*) AS n FROM pgboss.job WHERE state < 'completed' AND start_after < now()`);
  /** Stores `n` deliveries at once from brand-new customers, each asking about returns. */
  const storeBacklog = (n: number, prefix: string) =>
    server.db.query(
      `INSERT INTO inbound_events (provider, channel_key, body)
       SELECT 'line', $1, json_build_object('destination', $2::text, 'events', json_build_array(json_build_object(
         'type', 'message', 'mode', 'active', 'timestamp', (extract(epoch from now()) * 1000)::bigint + g,
         'source', json_build_object('type', 'user', 'userId', $3 || lpad(to_hex(g), 33 - length($3), '0')),
         'webhookEventId', $4 || g, 'deliveryContext', json_build_object('isRedelivery', false),
         'replyToken', md5($4 || g),
         'message', json_build_object('id', $4 || g, 'type', 'text', 'quoteToken', 'q', 'text', $5::text))))::text
       FROM generate_series(1, $6::int) AS g`,
      [DEMO_LINE.channelId, DEMO_LINE.botUserId, prefix, `${prefix}-${Date.now()}-`, QUESTION, n],
    );
  /** Messages stored a second while the ingest empties a backlog of `BACKLOG` new customers. */
  const drainRate = async (prefix: string) => {
    // Every round starts from a vacuumed, checkpointed database: a round's answers (thousands of messages
    // and deliveries) otherwise leave the next round autovacuum and a checkpoint to share the disk with.
    await server.db.query('VACUUM (ANALYZE)');
    await server.db.query('CHECKPOINT');
    await storeBacklog(BACKLOG, prefix);
    const t0 = performance.now();
    while ((await backlog()) > 0 && performance.now() - t0 < 300_000)
      await new Promise((r) => setTimeout(r, 100));
    return BACKLOG / ((performance.now() - t0) / 1000);
  };
  /**
   * Lets the responder's jobs of a round finish before the next one is measured; returns when (s). Then
   * waits for every due job (the answers' deliveries), so that the next round starts on a quiet server.
   */
  const jobsDone = async (t0: number) => {
    while ((await waitingJobs()) > 0 && performance.now() - t0 < 600_000)
      await new Promise((r) => setTimeout(r, 250));
    const at = (performance.now() - t0) / 1000;
    while ((await dueJobs()) > 0 && performance.now() - t0 < 600_000)
      await new Promise((r) => setTimeout(r, 250));
    return at;
  };
  const aiAnswers = () => count(`SELECT count(*) AS n FROM messages WHERE payload->>'ai' = 'answer'`);

  // Warm-up, not counted: a process's first batches (compiling, opening connections) are slower.
  await responder(false);
  await drainRate('Uwarm');
  await jobsDone(performance.now());
  const off: number[] = [];
  const on: number[] = [];
  const duringDrain: number[] = [];
  const allAnswered: number[] = [];
  const roundOff = async (round: number) => {
    await responder(false);
    off.push(await drainRate(`Uoff${round}`));
    await jobsDone(performance.now());
  };
  const roundOn = async (round: number) => {
    await responder(true);
    const answersBefore = await aiAnswers();
    const t0 = performance.now();
    on.push(await drainRate(`Uon${round}`));
    duringDrain.push((await aiAnswers()) - answersBefore);
    allAnswered.push(await jobsDone(t0));
  };
  // Off then on, then on then off: neither always follows the other (a round leaves work for the database).
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      await roundOff(round);
      await roundOn(round);
    } else {
      await roundOn(round);
      await roundOff(round);
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const fmt = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
  console.log(`\npostgres, ${BACKLOG} new customers per round, the model answering in ${MODEL_MS} ms:`);
  console.log(`  processing without the responder: ${fmt(off)} messages/s (mean ${mean(off).toFixed(0)})`);
  console.log(`  processing with the responder:    ${fmt(on)} messages/s (mean ${mean(on).toFixed(0)})`);
  console.log(`  with / without: ${((mean(on) / mean(off)) * 100).toFixed(1)}%`);
  console.log(
    `  AI answers written while the backlog drained: ${duringDrain.join(', ')}; ` +
      `the round's last answer ${allAnswered.map((x) => x.toFixed(1)).join(', ')} s after its backlog was stored`,
  );

  // Replies: new customers write at RATE a second; each answer is found in LINE's outbox by its customer.
  await responder(true);
  const sentAt = new Map<string, number>();
  let n = 0;
  const url = `${server.url}/webhooks/line/${DEMO_LINE.channelId}`;
  const { rate } = await sendPoisson(url, RATE, DURATION, () => {
    n += 1;
    const userId = `Ue${n.toString(16).padStart(31, '0')}`;
    sim.addLineUser(DEMO_LINE.channelId, { userId, displayName: `Customer ${n}` });
    const at = Date.now();
    sentAt.set(userId, at);
    const { body, signature } = signedLineText(QUESTION, { userId, messageId: `${at}${n}` });
    return { body, headers: { 'content-type': 'application/json', 'x-line-signature': signature } };
  });
  const answered = () =>
    sim
      .outbox(DEMO_LINE.channelId)
      .filter((e) => sentAt.has(e.userId) && JSON.stringify(e.message).includes(ANSWER));
  const t0 = Date.now();
  while (answered().length < sentAt.size && Date.now() - t0 < 60_000)
    await new Promise((r) => setTimeout(r, 200));
  const latencies = answered()
    .map((e) => e.at - sentAt.get(e.userId)!)
    .sort((a, b) => a - b);
  console.log(
    `  replies: ${rate.toFixed(1)} new customers/s for ${DURATION} s, ${latencies.length}/${sentAt.size} answered: ` +
      `message → AI answer at LINE p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p99 ${percentile(latencies, 0.99).toFixed(0)} ms, max ${latencies.at(-1)?.toFixed(0)} ms`,
  );
} finally {
  await server.close();
  await sim.close();
}

/** Signs in through the API; returns a caller that sends the XSRF header the server asks for. */
async function signIn(baseUrl: string, email: string) {
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  let xsrf = '';
  const call = async (method: string, path: string, body?: unknown, retried = false): Promise<unknown> => {
    const res = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json',
        'x-xsrf-token': xsrf,
        cookie: `XSRF-TOKEN=${xsrf}`,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const cookie = /XSRF-TOKEN=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    if (cookie) xsrf = cookie;
    if (res.status === 403 && cookie && !retried) return call(method, path, body, true);
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return res.status === 204 ? undefined : res.json();
  };
  return call;
}
