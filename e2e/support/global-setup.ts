// Once per run: check the web build, start the SMTP listener, the LINE/Meta simulator and the real server
// (pointed at the simulator), share their addresses.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { scannedStatesFile } from './accessibility';
import { artifactsDir, webDist } from './paths';
import { startServer } from './server';
import { configureSimulator, startProviderSimulator } from './simulator';
import { startSmtp } from './smtp';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailDir: string;
    /** The LINE/Meta simulator (its admin API is under /__admin). */
    simulatorUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build -w @sabai/web` before the journeys.');
  }
  mkdirSync(artifactsDir, { recursive: true });
  // Each run checks every screen state afresh.
  rmSync(scannedStatesFile, { force: true });
  const runDir = mkdtempSync(join(tmpdir(), 'sabai-e2e-'));
  const mailDir = join(runDir, 'mail');
  // The server serves a copy of the build, so rebuilding apps/web during a run breaks nothing.
  const webDistDir = join(runDir, 'web');
  cpSync(webDist, webDistDir, { recursive: true });
  const smtp = await startSmtp(mailDir);
  const simulator = await startProviderSimulator();
  let server;
  try {
    server = await startServer({
      dataDir: join(runDir, 'data'),
      smtpPort: smtp.port,
      logFile: join(artifactsDir, 'server.log'),
      providerBaseUrl: simulator.url,
      webDistDir,
    });
  } catch (error) {
    await simulator.close();
    await smtp.close();
    rmSync(runDir, { recursive: true, force: true });
    throw error;
  }
  configureSimulator(simulator, server.baseUrl);
  project.provide('baseUrl', server.baseUrl);
  project.provide('mailDir', mailDir);
  project.provide('simulatorUrl', simulator.url);
  return async () => {
    await server.stop();
    await simulator.close();
    await smtp.close();
    rmSync(runDir, { recursive: true, force: true });
  };
}
