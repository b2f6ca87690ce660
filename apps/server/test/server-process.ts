// Real server processes (apps/server/src/main.ts) for the tests that need more than one node or a crash.
import { spawn, type ChildProcess } from 'node:child_process';
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

/**
 * Starts the server with `env` (on a free port unless it names one) and resolves once /readyz answers. Every
 * process is killed after the file's tests.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
      PORT: port,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${url}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { child, url };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/** Stops every process started so far (SIGTERM: a graceful shutdown). */
export function stopServerProcesses() {
  for (const c of children.splice(0)) c.kill('SIGTERM');
}

/** Resolves once the process has exited. */
export const exited = (child: ChildProcess) =>
  new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
