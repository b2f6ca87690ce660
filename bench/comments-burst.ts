// A live-commerce burst on one post: `npx tsx bench/comments-burst.ts` (BENCH_KINDS default postgres,
// BENCH_COMMENTS 5000, BENCH_SECONDS 60, BENCH_COMMENTERS 4000). The simulator plays a Facebook Page whose
// viewers comment on one live post at an even pace, half of the comments holding "CF" (and some viewers
// commenting twice); the channel has a keyword rule (CF → a canned private reply) and the post collects
// orders. It prints the comments' processing throughput, the private replies (each CF commenter must get
// exactly one), the order list's size against the CF comments sent, and the time from a comment's webhook to
// its private reply at the simulator (p50, p95, p99).
import { startSimulator } from '@sabai/simulator';
import { DEMO_PAGE_ID, DEMO_PAGE_TOKEN } from '../apps/server/src/db/seed';
import { BENCH_PROVIDER_SECRETS, percentile, startBenchServer } from './support';

const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const COMMENTERS = Number(process.env.BENCH_COMMENTERS ?? 4000);
const KINDS = (process.env.BENCH_KINDS ?? 'postgres').split(',') as Array<'pglite' | 'postgres'>;

for (const kind of KINDS) {
  const sim = await startSimulator({ keepRecords: COMMENTS * 4 });
  const server = await startBenchServer(kind, { PROVIDER_BASE_URL: sim.url });
  sim.addMetaApp({
    appId: '100000000000000',
    appSecret: BENCH_PROVIDER_SECRETS.META_APP_SECRET,
    verifyToken: BENCH_PROVIDER_SECRETS.META_VERIFY_TOKEN,
    webhookUrl: `${server.url}/webhooks/meta`,
  });
  sim.addPage({ pageId: DEMO_PAGE_ID, name: 'Sabai Demo Page', pageToken: DEMO_PAGE_TOKEN });
  const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    server.db.query<T>(sql, params);
  const [channel] = await q<{ id: string; organization_id: string }>(
    `SELECT id, organization_id FROM channels WHERE type = 'facebook' AND external_id = $1`,
    [DEMO_PAGE_ID],
  );
  const [category] = await q<{ id: string }>(
    `INSERT INTO canned_categories (organization_id, name) VALUES ($1, 'Live') RETURNING id`,
    [channel!.organization_id],
  );
  const [canned] = await q<{ id: string }>(
    `INSERT INTO canned_responses (organization_id, category_id, name, message)
     VALUES ($1, $2, 'CF answer', 'รับออเดอร์แล้วค่ะ แจ้งที่อยู่จัดส่งในแชทนี้ได้เลย') RETURNING id`,
    [channel!.organization_id, category!.id],
  );
  await q(
    `INSERT INTO comment_rules (organization_id, channel_id, position, keywords, canned_response_id)
     VALUES ($1, $2, 0, '["CF"]'::jsonb, $3)`,
    [channel!.organization_id, channel!.id, canned!.id],
  );
  const post = sim.comments.publish(DEMO_PAGE_ID, { text: 'LIVE: linen shirts 590฿' });
  await q(
    `INSERT INTO social_posts (organization_id, channel_id, external_id, collects_orders) VALUES ($1, $2, $3, true)`,
    [channel!.organization_id, channel!.id, post.postId],
  );

  // Comment i comes from viewer i % COMMENTERS; every other comment is an order.
  const items = Array.from({ length: COMMENTS }, (_, i) => ({
    userId: String(9_000_000_000_000 + (i % COMMENTERS)),
    postId: post.postId,
    text: i % 2 === 0 ? `CF ${1 + (i % 3)} ตัวค่ะ` : `สวยมากค่ะ ${i}`,
    name: `Viewer ${i % COMMENTERS}`,
  }));
  const sentAt = new Map<string, number>();
  const started = performance.now();
  const perSecond = Math.ceil(COMMENTS / SECONDS);
  const sends: Array<Promise<unknown>> = [];
  for (let second = 0; second * perSecond < COMMENTS; second += 1) {
    const due = started + second * 1000;
    if (performance.now() < due) await new Promise((r) => setTimeout(r, due - performance.now()));
    const slice = items.slice(second * perSecond, (second + 1) * perSecond);
    const at = Date.now();
    sends.push(
      sim.comments.comments(DEMO_PAGE_ID, slice).then(({ commentIds }) => {
        for (const id of commentIds) sentAt.set(id, at);
      }),
    );
  }
  await Promise.all(sends);
  const sendSeconds = (performance.now() - started) / 1000;

  const count = async (sql: string, params: unknown[] = []) =>
    Number((await q<{ n: string }>(sql, params))[0]!.n);
  const stored = () =>
    count(`SELECT count(*) AS n FROM messages WHERE channel_id = $1 AND kind = 'comment'`, [channel!.id]);
  const cfCommenters = new Set(items.filter((i) => i.text.startsWith('CF')).map((i) => i.userId));
  const privateReplies = () => sim.outbox(DEMO_PAGE_ID).filter((o) => o.commentId);
  const t0 = performance.now();
  let storedSeconds = NaN;
  while (performance.now() - t0 < 300_000) {
    const all = (await stored()) >= COMMENTS;
    if (all && Number.isNaN(storedSeconds)) storedSeconds = (performance.now() - started) / 1000;
    if (all && privateReplies().length >= cfCommenters.size) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const processedSeconds = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 2000)); // any duplicate private reply would land by now
  const replies = privateReplies();
  const perCommenter = new Map<string, number>();
  for (const r of replies) perCommenter.set(r.userId, (perCommenter.get(r.userId) ?? 0) + 1);
  const duplicates = [...perCommenter.values()].filter((n) => n > 1).length;
  const missing = [...cfCommenters].filter((u) => !perCommenter.has(u)).length;
  const latencies = replies.map((r) => r.at - (sentAt.get(r.commentId!) ?? r.at)).sort((a, b) => a - b);
  const cfComments = items.filter((i) => i.text.startsWith('CF')).length;
  const orders = await count(
    `SELECT count(*) AS n FROM post_orders o JOIN social_posts p ON p.id = o.post_id WHERE p.external_id = $1`,
    [post.postId],
  );
  const issueCount = await count(`SELECT count(*) AS n FROM issues WHERE post_id IS NOT NULL`);

  console.log(`\n${kind}: ${COMMENTS} comments on one post over ${sendSeconds.toFixed(1)} s`);
  console.log(
    `  stored: ${await stored()} comments in ${issueCount} threads, the last ${storedSeconds.toFixed(1)} s after the first was sent`,
  );
  console.log(
    `  throughput: ${(COMMENTS / processedSeconds).toFixed(0)} comments/s (all stored and answered after ${processedSeconds.toFixed(1)} s)`,
  );
  console.log(
    `  private replies: ${replies.length} for ${cfCommenters.size} CF commenters (duplicates ${duplicates}, missing ${missing})`,
  );
  console.log(`  order list: ${orders} of ${cfComments} CF comments`);
  console.log(
    `  comment → private reply sent: p50 ${percentile(latencies, 0.5)} ms, p95 ${percentile(latencies, 0.95)} ms, p99 ${percentile(latencies, 0.99)} ms`,
  );
  await server.close();
  await sim.close();
}
