// What PostgreSQL's sessions are doing, sampled: run it beside a bench (the soak) to see which statements
// the database spends its time on and what they wait for. Reads pg_stat_activity every 20 ms for
// PG_ACTIVITY_SECONDS (default 40) and prints, per statement (its first 150 characters) and wait kind
// (`cpu` when it waits for nothing, else PostgreSQL's wait_event_type: Lock, LWLock, IO, Client…), how
// many samples found a session running it: a sampling profile of the database, across every database of
// the server at PG_ACTIVITY_URL (default the local server's `postgres` database).
//   npx tsx bench/pg-activity.ts
import pg from 'pg';

const URL = process.env.PG_ACTIVITY_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.PG_ACTIVITY_SECONDS ?? 40);
const INTERVAL_MS = 20;
const TOP = 30;

const client = new pg.Client({ connectionString: URL });
await client.connect();
const counts = new Map<string, number>();
let samples = 0;
const end = Date.now() + SECONDS * 1000;
try {
  while (Date.now() < end) {
    const { rows } = await client.query<{ statement: string; wait: string | null }>(
      `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 150) AS statement, wait_event_type AS wait
       FROM pg_stat_activity
       WHERE state = 'active' AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    );
    samples++;
    for (const { statement, wait } of rows) {
      const key = `${(wait ?? 'cpu').padEnd(6)} | ${statement.trim()}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
  }
} finally {
  await client.end();
}

const busy = [...counts.values()].reduce((sum, n) => sum + n, 0);
console.log(
  `${samples} samples over ${SECONDS} s: ${(busy / samples).toFixed(2)} sessions active on average`,
);
console.log('samples  share  wait   | statement');
for (const [key, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
  console.log(`${String(n).padStart(7)}  ${((100 * n) / samples).toFixed(0).padStart(4)}%  ${key}`);
}
