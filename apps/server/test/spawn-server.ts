// Starting a real server process (its build, else apps/server/src/main.ts) and waiting until it is ready:
// shared by the tests that need real processes (server-process.ts) and the benches that measure one
// (bench/soak.ts).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

// Ports for servers started as child processes. A port the system hands out for listen(0) may be handed out
// again while the child is still starting (other test files' in-process servers listen on port 0 in the same
// run), and the readiness poll then reaches that other server. So these come from below the system's
// ephemeral range (32768 and up on Linux), a block of its own per test worker, each checked free first.
// 200 ports a worker keeps the blocks below that range for up to 113 workers.
const PORT_BLOCK = 200;
const FIRST_PORT = 10_000;
const EPHEMERAL_PORTS = 32_768;
const portBlock = FIRST_PORT + Number(process.env.VITEST_POOL_ID ?? 0) * PORT_BLOCK;
if (portBlock + PORT_BLOCK > EPHEMERAL_PORTS)
  throw new Error(`too many test workers for the spawned servers' ports (block at ${portBlock})`);
let nextPort = Math.floor(Math.random() * PORT_BLOCK);

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** A loopback port nothing listens on now, and that no other test worker or listen(0) will take. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < PORT_BLOCK; tries++) {
    const port = portBlock + (nextPort++ % PORT_BLOCK);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${portBlock}–${portBlock + PORT_BLOCK - 1}`);
}

export type ServerProcess = { child: ChildProcess; url: string };

export type SpawnOptions = {
  /** Sees the child at once (to kill it on failure). */
  onSpawn?: (child: ChildProcess) => void;
  /**
   * Writes stdout and stderr (the log) there instead of passing stderr through. The child writes the file
   * itself: through a pipe, a parent too busy to read would stall its synchronous log writes.
   */
  logFile?: string;
  /** Node's own flags for the child (a bench's `--cpu-prof`, which NODE_OPTIONS may not carry). */
  nodeArgs?: string[];
};

type Output = 'inherit' | 'pipe' | { logFile: string };

/**
 * Builds the server for this process's spawns (tools/scripts/build-server.mjs, to a file of its own) and
 * has every later spawn run the build; without it they run the sources through tsx, about 3 s longer a
 * start. Returns the function that removes the build.
 */
export function useServerBuild(): () => void {
  const outfile = path.join(ROOT, 'apps/server/dist', `main-${process.pid}.mjs`);
  const built = spawnSync(process.execPath, ['tools/scripts/build-server.mjs', outfile], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('The server build failed');
  process.env.SERVER_BUILD = outfile;
  return () => {
    for (const file of [outfile, `${outfile}.map`]) rmSync(file, { force: true });
  };
}

/** What a child runs: the build useServerBuild made (in this process or its parent), else the sources. */
export const serverEntry = () =>
  process.env.SERVER_BUILD
    ? ['--enable-source-maps', process.env.SERVER_BUILD]
    : ['--import', 'tsx', 'apps/server/src/main.ts'];

/** Spawns the server; `env` wins over the defaults (NODE_ENV test, errors logged). */
function spawnMain(env: Record<string, string>, port: string, output: Output, nodeArgs: string[] = []) {
  const fd = typeof output === 'object' ? openSync(output.logFile, 'a') : null;
  try {
    return spawn(process.execPath, [...nodeArgs, ...serverEntry()], {
      cwd: ROOT,
      env: {
        ...process.env,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        NODE_ENV: 'test',
        LOG_LEVEL: 'error',
        ...env,
        PORT: port,
      },
      stdio:
        fd !== null
          ? ['ignore', fd, fd]
          : ['ignore', output === 'pipe' ? 'pipe' : 'ignore', output as 'pipe'],
    });
  } finally {
    // The child has its own copy of the descriptor.
    if (fd !== null) closeSync(fd);
  }
}

/**
 * Spawns the server with `env` (on a free port unless `env` names one) and resolves once /readyz answers.
 * Starts are given two minutes: a loaded 2-core machine has taken 140 s to migrate and seed.
 */
export async function spawnServer(
  env: Record<string, string>,
  opts: SpawnOptions = {},
): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawnMain(env, port, opts.logFile ? { logFile: opts.logFile } : 'inherit', opts.nodeArgs);
  opts.onSpawn?.(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200 && child.exitCode === null; i++) {
    const ok = await fetch(`${url}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { child, url };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start (exit code ${child.exitCode})`);
}

/**
 * Spawns a `ROLES=worker` node, logging to `logFile` at info level at least, and resolves once the log says
 * its workers started (it serves no HTTP, so there is no /readyz to poll). Given two minutes, like a server.
 */
export async function spawnWorker(
  env: Record<string, string>,
  opts: SpawnOptions & { logFile: string },
): Promise<{ child: ChildProcess }> {
  const child = spawnMain({ LOG_LEVEL: 'info', ...env, ROLES: 'worker' }, '0', { logFile: opts.logFile });
  opts.onSpawn?.(child);
  for (let i = 0; i < 1200 && child.exitCode === null && child.signalCode === null; i++) {
    const log = await readFile(opts.logFile, 'utf8').catch(() => '');
    if (log.includes('"worker started"')) return { child };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`worker did not start (exit code ${child.exitCode}); see ${opts.logFile}`);
}

/** Runs a server that is expected to refuse to start: its exit code and everything it printed. */
export async function runServerToExit(
  env: Record<string, string>,
  opts: { timeoutMs?: number; onSpawn?: (child: ChildProcess) => void } = {},
): Promise<{ code: number | null; output: string }> {
  const child = spawnMain(env, env.PORT ?? String(await freePort()), 'pipe');
  opts.onSpawn?.(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, output };
}

/** Resolves once the process has exited. */
export const exited = (child: ChildProcess) =>
  new Promise((r) =>
    // A child ended by a signal has no exit code, only its signal.
    child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r),
  );
