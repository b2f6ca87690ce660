// The per-request session check: latency of an authenticated GET on both databases,
// `npx tsx bench/session-check.ts`. The user's session version is cached in memory, so the check should
// add no database round trip: compare with the same bench on a commit before the check existed.
import autocannon from 'autocannon';
import { startBenchServer } from './support';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const PATH = '/api/v1/web-notification/count';

for (const kind of ['pglite', 'postgres'] as const) {
  const server = await startBenchServer(kind);
  const login = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'staff@demo.local', password: 'Sabai2026demo' }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  for (const connections of [1, 8]) {
    const result = await autocannon({
      url: `${server.url}${PATH}`,
      headers: { authorization: `Bearer ${accessToken}` },
      connections,
      duration: DURATION_S,
    });
    console.log(
      `${kind.padEnd(8)} GET ${PATH}, ${connections} connection(s): ${(result['2xx'] / DURATION_S).toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
    );
  }
  await server.close();
}
