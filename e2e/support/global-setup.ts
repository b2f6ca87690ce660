// Once per run: check the web build, and for each worker start the SMTP listener, the LINE/Meta simulator
// and the real server (pointed at the simulator); share their addresses (stack.ts).
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { useServerBuild } from '../../apps/server/test/spawn-server';
import { scannedStatesFile } from './accessibility';
import { journeyDatabases } from './databases';
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
  // The workers' servers run one build of the server, made here.
  const removeBuild = useServerBuild();
  const started: StartedStack[] = [];
  // A product for each worker (e2e/vitest.config.ts maxWorkers).
  const workers = project.globalConfig.maxWorkers;
  const databases = await journeyDatabases(workers);
  const stopAll = async () => {
    await Promise.all(started.map((stack) => stack.stop()));
    await databases.drop();
    rmSync(runDir, { recursive: true, force: true });
    removeBuild();
  };
  try {
    for (let worker = 1; worker <= workers; worker++)
      started.push(
        await startStack(join(runDir, `worker-${worker}`), webDistDir, worker, databases.urls[worker - 1]),
      );
  } catch (error) {
    await stopAll();
    throw error;
  }
  project.provide(
    'stacks',
    started.map(({ stack }) => stack),
  );
  return stopAll;
}

type StartedStack = { stack: Stack; stop: () => Promise<void> };

/**
 * A mail catcher, the LINE/Meta simulator and the real server pointed at both, with the demo data: seeded on
 * its first start in the embedded database, or already in its copy on the PostgreSQL server.
 */
async function startStack(
  dir: string,
  webDistDir: string,
  worker: number,
  databaseUrl: string | undefined,
): Promise<StartedStack> {
  const mailDir = join(dir, 'mail');
  const smtp = await startSmtp(mailDir);
  let server: StartedServer | undefined;
  const simulator = await startProviderSimulator(() => server?.baseUrl ?? '');
  try {
    server = await startServer({
      dataDir: join(dir, 'data'),
      databaseUrl,
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
