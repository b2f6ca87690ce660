// Login throughput and latency on both databases: `npx tsx bench/login.ts` (PostgreSQL at
// BENCH_DATABASE_URL, default the local test server). argon2id dominates, by design.
import autocannon from 'autocannon';
import { startBenchServer } from './support';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

// One connection shows a single login's latency (the 50–150 ms target); eight show throughput, which two
// cores cap at roughly cores / argon2 time.
for (const kind of ['pglite', 'postgres'] as const) {
  const server = await startBenchServer(kind);
  for (const connections of [1, 8]) {
    const result = await autocannon({
      url: `${server.url}/api/v1/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'staff@demo.local', password: 'Sabai2026demo' }),
      connections,
      duration: DURATION_S,
    });
    console.log(
      `${kind.padEnd(8)} login, ${connections} connection(s): ${(result['2xx'] / DURATION_S).toFixed(1)} logins/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
    );
  }
  await server.close();
}
