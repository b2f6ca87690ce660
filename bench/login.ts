// Login throughput and latency on both databases: `npx tsx bench/login.ts` (PostgreSQL at
// BENCH_DATABASE_URL, default the local test server). argon2id dominates, by design.
import autocannon from 'autocannon';
import { startBenchServer } from './support';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

for (const kind of ['pglite', 'postgres'] as const) {
  const server = await startBenchServer(kind);
  const result = await autocannon({
    url: `${server.url}/api/v1/auth/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'staff@demo.local', password: 'Sabai2026demo' }),
    connections: 8,
    duration: DURATION_S,
  });
  const ok = result['2xx'];
  console.log(
    `${kind.padEnd(8)} login: ${(ok / DURATION_S).toFixed(1)} logins/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
  await server.close();
}
