// Once per run: check the web build, and for each worker start the SMTP listener, the LINE/Meta simulator
// and the real server (pointed at the simulator); share their addresses (stack.ts).
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { scannedStatesFile } from './accessibility';
import { artifactsDir, webDist } from './paths';
import { startServer, type StartedServer } from './server';
import { configureSimulator, FILES_PUBLIC_URL, startProviderSimulator } from './simulator';
import { startSmtp } from './smtp';
import type { Stack } from './stack';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build -w @sabai/web` before the journeys.');
  }
  mkdirSync(artifactsDir, { recursive: true });
  // Each run checks every screen state afresh.
  rmSync(scannedStatesFile, { force: true });
  const runDir = mkdtempSync(join(tmpdir(), 'sabai-e2e-'));
  // The servers serve a copy of the build, so rebuilding apps/web during a run breaks nothing.
  const webDistDir = join(runDir, 'web');
  cpSync(webDist, webDistDir, { recursive: true });
  const started: StartedStack[] = [];
  try {
    // A product for each worker (e2e/vitest.config.ts maxWorkers).
    for (let worker = 1; worker <= project.globalConfig.maxWorkers; worker++)
      started.push(await startStack(join(runDir, `worker-${worker}`), webDistDir, worker));
  } catch (error) {
    await Promise.all(started.map((stack) => stack.stop()));
    rmSync(runDir, { recursive: true, force: true });
    throw error;
  }
  project.provide(
    'stacks',
    started.map(({ stack }) => stack),
  );
  return async () => {
    await Promise.all(started.map((stack) => stack.stop()));
    rmSync(runDir, { recursive: true, force: true });
  };
}

type StartedStack = { stack: Stack; stop: () => Promise<void> };

/** A mail catcher, the LINE/Meta simulator and the real server pointed at both, with the demo data. */
async function startStack(dir: string, webDistDir: string, worker: number): Promise<StartedStack> {
  const mailDir = join(dir, 'mail');
  const smtp = await startSmtp(mailDir);
  let server: StartedServer | undefined;
  const simulator = await startProviderSimulator(() => server?.baseUrl ?? '');
  try {
    server = await startServer({
      dataDir: join(dir, 'data'),
      smtpPort: smtp.port,
      logFile: join(artifactsDir, `server-${worker}.log`),
      providerBaseUrl: simulator.url,
      webDistDir,
      filesPublicUrl: FILES_PUBLIC_URL,
    });
  } catch (error) {
    await simulator.close();
    await smtp.close();
    throw error;
  }
  const running = server;
  configureSimulator(simulator, running.baseUrl);
  return {
    stack: { baseUrl: running.baseUrl, mailDir, simulatorUrl: simulator.url },
    stop: async () => {
      await running.stop();
      await simulator.close();
      await smtp.close();
    },
  };
}
