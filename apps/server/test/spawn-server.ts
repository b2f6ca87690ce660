// Starting a real server process (apps/server/src/main.ts) and waiting until it is ready: shared by the
// tests that need real processes (server-process.ts) and the benches that measure one (bench/soak.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

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
 * Spawns the server with `env` over the defaults (NODE_ENV test, errors logged; on a free port unless `env`
 * names one) and resolves once /readyz answers. `onSpawn` sees the child at once (to kill it on failure).
 */
export async function spawnServer(
  env: Record<string, string>,
  onSpawn: (child: ChildProcess) => void = () => {},
): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
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
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  onSpawn(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${url}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { child, url };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/** Resolves once the process has exited. */
export const exited = (child: ChildProcess) =>
  new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
