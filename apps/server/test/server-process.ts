// Real server processes (apps/server/src/main.ts) for the tests that need more than one node or a crash.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

/** A loopback port nothing listens on now. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

export type ServerProcess = { child: ChildProcess; url: string };

/** Spawns main.ts; `env` wins over the test defaults (NODE_ENV=test, LOG_LEVEL=error). */
function spawnServer(env: Record<string, string>, port: string, output: 'inherit' | 'pipe') {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      ...env,
      PORT: port,
    },
    stdio: ['ignore', output === 'pipe' ? 'pipe' : 'ignore', output],
  });
  children.push(child);
  return child;
}

/**
 * Starts the server with `env` (on a free port unless it names one) and resolves once /readyz answers. Every
 * process is killed after the file's tests. With `logFile`, stdout and stderr (the log) are written there.
 */
export async function startServerProcess(
  env: Record<string, string>,
  opts: { logFile?: string } = {},
): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawnServer(env, port, opts.logFile ? 'pipe' : 'inherit');
  if (opts.logFile) {
    const log = createWriteStream(opts.logFile);
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
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

/** Runs a server that is expected to refuse to start: its exit code and everything it printed. */
export async function runServerProcessToExit(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  const child = spawnServer(env, env.PORT ?? String(await freePort()), 'pipe');
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, output };
}

/** Stops every process started so far (SIGTERM: a graceful shutdown). */
export function stopServerProcesses() {
  for (const c of children.splice(0)) c.kill('SIGTERM');
}

/** Resolves once the process has exited. */
export const exited = (child: ChildProcess) =>
  new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
