// Once per run: check the web build, start the SMTP listener and the real server, share their addresses.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { artifactsDir, webDist } from './paths';
import { startServer } from './server';
import { startSmtp } from './smtp';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build -w @sabai/web` before the journeys.');
  }
  mkdirSync(artifactsDir, { recursive: true });
  const runDir = mkdtempSync(join(tmpdir(), 'sabai-e2e-'));
  const mailDir = join(runDir, 'mail');
  const smtp = await startSmtp(mailDir);
  let server;
  try {
    server = await startServer({
      dataDir: join(runDir, 'data'),
      smtpPort: smtp.port,
      logFile: join(artifactsDir, 'server.log'),
    });
  } catch (error) {
    await smtp.close();
    rmSync(runDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', server.baseUrl);
  project.provide('mailDir', mailDir);
  return async () => {
    await server.stop();
    await smtp.close();
    rmSync(runDir, { recursive: true, force: true });
  };
}
