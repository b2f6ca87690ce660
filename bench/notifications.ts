// Live notifications (issue 7 budgets): `npx tsx bench/notifications.ts`.
// A server process (apps/server main.ts, ROLES=http) runs on a fresh PostgreSQL database (BENCH_DATABASE_URL,
// default the local server) with a known JWT secret; this process plays the clients.
// 1. Fan-out: BENCH_AGENTS (1,000) agents of one organisation each hold a webNoti socket; one transaction
//    notifies every one of them (one notice each, as a broadcast would) and commits; the figure is the time
//    from the commit to each socket's receipt, through pg_notify and the server's gateway. Budget p99 < 50 ms.
//    BENCH_ROUNDS (5) measured rounds after BENCH_WARMUP (2) warm-up rounds.
// 2. Idle sockets: BENCH_IDLE (15,000) more webNoti sockets are opened and left idle; it prints the server's
//    resident memory before and after, and per socket. Budget: the process holds them all.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { toRoleEntries, type PermissionMatrix } from '@sabai/domain';
import { loadCipher } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { DEMO_ORG, seedDemo } from '../apps/server/src/db/seed';
import { createTokenService } from '../apps/server/src/modules/auth';
import { notify } from '../apps/server/src/modules/notifications';
import { systemClock } from '../apps/server/src/platform/clock';
import { openDb } from '../apps/server/src/platform/db';
import { BENCH_PROVIDER_SECRETS } from './support';

const AGENTS = Number(process.env.BENCH_AGENTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
// A server's first fan-outs compile its code paths (284 ms and 58 ms p99 in the first two rounds of a run,
// 27–30 ms after): they are printed but left out of the figure, as the other benches' warm-up calls are.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const IDLE = Number(process.env.BENCH_IDLE ?? 15000);
const SECRET = `bench-secret-${randomUUID()}`;
const ROOT = path.resolve(import.meta.dirname, '..');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
};

async function main() {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `sabai_bench_noti_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabai-bench-noti-'));
  const db = await openDb({ databaseUrl, poolSize: 4 });
  const sockets: WebSocket[] = [];
  let child: ReturnType<typeof spawn> | null = null;
  try {
    await db.migrate();
    const config = loadConfig({
      NODE_ENV: 'production',
      ...BENCH_PROVIDER_SECRETS,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: SECRET,
    });
    await seedDemo(db, await loadCipher(config, db));

    // The agents: users with the organisation's Staff role (inserted set-based; they never sign in).
    const [org] = await db.query<{ id: string }>('select id from organizations where name = $1', [DEMO_ORG]);
    const [role] = await db.query<{ id: string; permissions: PermissionMatrix }>(
      `select id, permissions from roles where organization_id = $1 and name = 'Staff'`,
      [org!.id],
    );
    const tag = randomUUID().slice(0, 8);
    const agents = await db.query<{ id: string }>(
      `insert into users (email, username, first_name, last_name)
       select 'agent' || g || '-${tag}@bench.local', 'agent${tag}_' || g, 'Agent', g::text
         from generate_series(1, $1::int) g returning id`,
      [AGENTS],
    );
    await db.query(
      `insert into memberships (user_id, organization_id, role_id) select unnest($1::uuid[]), $2, $3`,
      [agents.map((a) => a.id), org!.id, role!.id],
    );
    const tokens = createTokenService(SECRET, systemClock);
    const tokenOf = (userId: string) =>
      tokens.signAccess({
        sub: userId,
        organizationId: org!.id,
        roleName: 'Staff',
        role: toRoleEntries(role!.permissions),
        sv: 0, // a new user's session version
        sid: randomUUID(),
      });

    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ...BENCH_PROVIDER_SECRETS,
        LOG_LEVEL: 'error',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        JWT_SECRET: SECRET,
        ROLES: 'http',
        SEED_DEMO: 'never',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const serverUrl = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if (
        await fetch(`${serverUrl}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 600) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
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
            organizationId: org!.id,
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
    const before = rssMb(child.pid!);
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
    const after = rssMb(child.pid!);
    console.log(
      `idle: opened ${held}/${IDLE} in ${((performance.now() - idleStart) / 1000).toFixed(1)} s, ${alive} still open after 3 s; server RSS ${before.toFixed(0)} MB -> ${after.toFixed(0)} MB, ${(((after - before) * 1024) / Math.max(alive, 1)).toFixed(1)} KB per socket: ${alive >= IDLE ? 'PASS' : 'FAIL'}`,
    );
  } finally {
    for (const s of sockets) s.terminate();
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
