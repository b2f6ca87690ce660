// Real server processes (apps/server/src/main.ts) for the tests that need more than one node or a crash.
import type { ChildProcess } from 'node:child_process';
import { afterAll } from 'vitest';
import { spawnServer, type ServerProcess } from './spawn-server';

export { exited, freePort, type ServerProcess } from './spawn-server';

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

/**
 * Starts the server with `env` (on a free port unless it names one; NODE_ENV test, errors logged) and
 * resolves once /readyz answers. Every process is killed after the file's tests.
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  return spawnServer({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'error' }, (child) => children.push(child));
}

/** Stops every process started so far (SIGTERM: a graceful shutdown). */
export function stopServerProcesses() {
  for (const c of children.splice(0)) c.kill('SIGTERM');
}
