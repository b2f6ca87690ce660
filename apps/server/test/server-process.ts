// Real server processes (apps/server/src/main.ts) for the tests that need more than one node or a crash.
import type { ChildProcess } from 'node:child_process';
import { closeAfterFile } from './file-resources';
import { exited, runServerToExit, spawnServer, spawnWorker, type ServerProcess } from './spawn-server';

export { exited, freePort, type ServerProcess } from './spawn-server';

const children: ChildProcess[] = [];
const track = (child: ChildProcess) => {
  children.push(child);
  closeAfterFile(() => {
    child.kill('SIGKILL');
    children.splice(children.indexOf(child) >>> 0, 1);
  });
};

/**
 * Starts the server with `env` (on a free port unless it names one; NODE_ENV test and errors logged unless
 * `env` says otherwise) and resolves once /readyz answers. Every process is killed after the file's tests.
 * With `logFile`, stdout and stderr (the log) are written there.
 */
export function startServerProcess(
  env: Record<string, string>,
  opts: { logFile?: string } = {},
): Promise<ServerProcess> {
  return spawnServer(env, { ...opts, onSpawn: track });
}

/** Starts a `ROLES=worker` node with `env`, logging to `logFile`; resolves once its workers run. */
export function startWorkerProcess(env: Record<string, string>, opts: { logFile: string }) {
  return spawnWorker(env, { ...opts, onSpawn: track });
}

/** Runs a server that is expected to refuse to start: its exit code and everything it printed. */
export function runServerProcessToExit(env: Record<string, string>, timeoutMs = 60_000) {
  return runServerToExit(env, { timeoutMs, onSpawn: track });
}

/**
 * Stops every process started so far (SIGTERM: a graceful shutdown) and resolves once they have exited: a
 * server still shutting down writes to its data directory, which the caller may remove next.
 */
export async function stopServerProcesses() {
  const stopping = children.splice(0);
  for (const c of stopping) c.kill('SIGTERM');
  await Promise.all(stopping.map(exited));
}
