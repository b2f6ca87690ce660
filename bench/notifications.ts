// Live notifications: `npx tsx bench/notifications.ts`.
// A server process (apps/server main.ts, ROLES=http) runs on a fresh PostgreSQL database (BENCH_DATABASE_URL,
// default the local server) with a known JWT secret; this process plays the clients.
// 1. Fan-out: BENCH_AGENTS (1,000) agents of one organisation each hold a webNoti socket; one transaction
//    notifies every one of them (one notice each, as a broadcast would) and commits; the figure is the time
//    from the commit to each socket's receipt, through pg_notify and the server's gateway. Budget p99 < 50 ms.
//    BENCH_ROUNDS (5) measured rounds after BENCH_WARMUP (2) warm-up rounds.
// 2. Idle sockets: BENCH_IDLE (15,000) more webNoti sockets are opened and left idle; it prints the server's
//    resident memory before and after, and per socket. Budget: the process holds them all.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { loadCipher } from '../apps/server/src/platform/secrets';
import { loadConfig } from '../apps/server/src/config';
import { seedDemo } from '../apps/server/src/db/seed';
import { notify } from '../apps/server/src/modules/notifications';
import { openDb } from '../apps/server/src/platform/db';
import { spawnServer } from '../apps/server/test/spawn-server';
import { addStaffAgents, BENCH_PRODUCTION_ENV, createBenchDatabase, percentile, rssMb } from './support';

const AGENTS = Number(process.env.BENCH_AGENTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
// A server's first fan-outs compile its code paths (284 ms and 58 ms p99 in the first two rounds of a run,
// 27–30 ms after): they are printed but left out of the figure, as the other benches' warm-up calls are.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const IDLE = Number(process.env.BENCH_IDLE ?? 15000);
const SECRET = `bench-secret-${randomUUID()}`;

async function main() {
  const { url: databaseUrl, drop } = await createBenchDatabase('sabai_bench_noti');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabai-bench-noti-'));
  const db = await openDb({ databaseUrl, poolSize: 4 });
  const sockets: WebSocket[] = [];
  let child: ChildProcess | null = null;
  try {
    await db.migrate();
    const config = loadConfig({
      NODE_ENV: 'production',
      ...BENCH_PRODUCTION_ENV,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: SECRET,
    });
    await seedDemo(db, await loadCipher(config, db));

    // The agents: users with the organisation's Staff role (inserted set-based; they never sign in).
    const { organizationId, agents, tokenOf } = await addStaffAgents(db, AGENTS, SECRET);

    const server = await spawnServer(
      {
        NODE_ENV: 'production',
        ...BENCH_PRODUCTION_ENV,
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        JWT_SECRET: SECRET,
        ROLES: 'http',
        SEED_DEMO: 'never',
      },
      { onSpawn: (spawned) => (child = spawned) },
    );
    const port = new URL(server.url).port;
    const wsUrl = (token: string) => `ws://127.0.0.1:${port}/ws?token=${token}&socketType=webNoti`;
    const open = (token: string, onMessage?: (data: string) => void) =>
      new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(wsUrl(token), { perMessageDeflate: false });
        socket.once('open', () => resolve(socket)).once('error', reject);
        if (onMessage) socket.on('message', (raw) => onMessage(raw.toString()));
        sockets.push(socket);
      });

    // 1. Fan-out.
    let commitAt = 0;
    let latencies: number[] = [];
    const agentTokens = await Promise.all(agents.map((a) => tokenOf(a.id)));
    for (let i = 0; i < agentTokens.length; i += 200) {
      await Promise.all(
        agentTokens
          .slice(i, i + 200)
          .map((token) => open(token, () => latencies.push(performance.now() - commitAt))),
      );
    }
    await new Promise((r) => setTimeout(r, 1000)); // registrations read team memberships after the handshake
    console.log(
      `fan-out: ${AGENTS} agents connected; ${WARMUP} warm-up and ${ROUNDS} measured rounds, one notice per agent per round`,
    );
    const all: number[] = [];
    for (let round = 1 - WARMUP; round <= ROUNDS; round++) {
      latencies = [];
      const startedAt = performance.now();
      await db.orm.transaction(async (tx) => {
        for (const agent of agents)
          await notify(tx, {
            organizationId,
            userId: agent.id,
            type: 'broadcast',
            content: `Bench notice ${round}`,
          });
        commitAt = performance.now(); // the commit follows; receipts can only come after it
      });
      const committedAt = performance.now();
      const until = Date.now() + 10_000;
      while (latencies.length < AGENTS && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
      const sorted = [...latencies].sort((a, b) => a - b);
      if (round > 0) all.push(...sorted);
      console.log(
        `  ${round > 0 ? `round ${round}` : 'warm-up'}: received ${sorted.length}/${AGENTS}; writing ${(commitAt - startedAt).toFixed(0)} ms, commit ${(committedAt - commitAt).toFixed(1)} ms; from commit p50 ${percentile(sorted, 0.5).toFixed(1)} ms p99 ${percentile(sorted, 0.99).toFixed(1)} ms max ${sorted.at(-1)!.toFixed(1)} ms`,
      );
    }
    all.sort((a, b) => a - b);
    const p99 = percentile(all, 0.99);
    console.log(
      `fan-out p50 ${percentile(all, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (budget < 50 ms): ${p99 < 50 ? 'PASS' : 'FAIL'}`,
    );

    // 2. Idle sockets: all as one signed-in agent (their cost is the socket, not the user).
    const before = rssMb(server.child.pid!);
    const idleToken = agentTokens[0]!;
    const idleStart = performance.now();
    let held = 0;
    for (let i = 0; i < IDLE; i += 250) {
      const batch = await Promise.allSettled(
        Array.from({ length: Math.min(250, IDLE - i) }, () => open(idleToken)),
      );
      held += batch.filter((r) => r.status === 'fulfilled').length;
    }
    await new Promise((r) => setTimeout(r, 3000));
    const alive = sockets.filter((s) => s.readyState === WebSocket.OPEN).length - AGENTS;
    const after = rssMb(server.child.pid!);
    console.log(
      `idle: opened ${held}/${IDLE} in ${((performance.now() - idleStart) / 1000).toFixed(1)} s, ${alive} still open after 3 s; server RSS ${before.toFixed(0)} MB -> ${after.toFixed(0)} MB, ${(((after - before) * 1024) / Math.max(alive, 1)).toFixed(1)} KB per socket: ${alive >= IDLE ? 'PASS' : 'FAIL'}`,
    );
  } finally {
    for (const s of sockets) s.terminate();
    const spawned = child as ChildProcess | null; // assigned by spawnServer's callback
    if (spawned && spawned.exitCode === null) {
      const exited = new Promise((r) => spawned.once('exit', r));
      spawned.kill('SIGTERM');
      await exited;
    }
    await db.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
