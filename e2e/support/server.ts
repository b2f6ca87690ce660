// Starts the real API server (apps/server) as a child process on a free port with a fresh data dir.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { freePort, serverEntry } from '../../apps/server/test/spawn-server';
import { repoRoot } from './paths';

export type StartedServer = { baseUrl: string; process: ChildProcess; stop: () => Promise<void> };

export async function startServer(options: {
  dataDir: string;
  /** A PostgreSQL database, migrated and seeded; the embedded one under dataDir when not given. */
  databaseUrl?: string | undefined;
  smtpPort: number;
  logFile: string;
  readyTimeoutMs?: number;
  /** The LINE/Meta simulator's URL: every provider call goes there instead of LINE and Meta. */
  providerBaseUrl?: string;
  /** The built web app to serve (default apps/web/dist). */
  webDistDir?: string;
  /** The address file links given to customers' platforms start with (default the server's own). */
  filesPublicUrl?: string;
}): Promise<StartedServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = createWriteStream(options.logFile);
  // The server built by global-setup, else its sources.
  const child = spawn(process.execPath, serverEntry(), {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: options.dataDir,
      PUBLIC_URL: baseUrl,
      SMTP_URL: `smtp://127.0.0.1:${options.smtpPort}`,
      WEB_DIST_DIR: options.webDistDir ?? 'apps/web/dist',
      LOG_LEVEL: 'warn',
      // The journeys sign in far more often than a person: keep the per-IP sign-in limit out of their way.
      LOGIN_IP_LIMIT_PER_MINUTE: '10000',
      // The webhooks journey's receiver listens on 127.0.0.1.
      OUTGOING_WEBHOOK_ALLOW_PRIVATE: 'true',
      // The AI journeys' model endpoint is the simulator's, on 127.0.0.1.
      AI_ENDPOINT_ALLOW_PRIVATE: 'true',
      ...(options.providerBaseUrl ? { PROVIDER_BASE_URL: options.providerBaseUrl } : {}),
      ...(options.filesPublicUrl ? { FILES_PUBLIC_URL: options.filesPublicUrl } : {}),
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exitCode: number | null = null;
  child.once('exit', (code) => {
    exitCode = code ?? -1;
  });

  const stop = async () => {
    if (exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (exitCode !== null) throw new Error(`The server exited with code ${exitCode}; see ${options.logFile}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.status === 200) return { baseUrl, process: child, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The server was not ready within the timeout; see ${options.logFile}`);
}
