// Fan-out across nodes: a notice raised on one server process reaches a webNoti socket
// held by another process through pg_notify. On PostgreSQL two real processes share the database: the
// socket connects to B (ROLES=http, so no ingest runs there) and the LINE webhook goes to A. PGlite has a
// single owner, so on it the same journey runs through one process.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TEST_DB_KIND, testDatabaseUrl } from '../../test/db';
import { signedLineText } from '../../test/line-webhook';
import { startServerProcess, stopServerProcesses } from '../../test/server-process';
import { DEMO_LINE, DEMO_PASSWORD } from '../db/seed';

describe('notification fan-out', () => {
  it('delivers a notice raised on process A to a socket held by process B', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabai-fanout-'));
    const common: Record<string, string> = {
      DATA_DIR: dataDir,
      SEED_DEMO: 'always',
      PROVIDER_BASE_URL: 'http://127.0.0.1:1',
      ...(TEST_DB_KIND === 'postgres' ? { DATABASE_URL: await testDatabaseUrl() } : {}),
    };
    try {
      const a = (await startServerProcess({ ...common, ROLES: 'all' })).url;
      const b =
        TEST_DB_KIND === 'postgres' ? (await startServerProcess({ ...common, ROLES: 'http' })).url : a;
      if (TEST_DB_KIND === 'postgres') expect(b).not.toBe(a);

      const login = await fetch(`${b}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'manager@demo.local', password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const { accessToken } = (await login.json()) as { accessToken: string };
      const socket = new WebSocket(`${b.replace('http', 'ws')}/ws?token=${accessToken}&socketType=webNoti`);
      const received: string[] = [];
      socket.on('message', (raw) => received.push(raw.toString()));
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      await new Promise((r) => setTimeout(r, 200));

      const marker = `fan-out ${randomUUID()}`;
      const { body, signature } = signedLineText(marker);
      const hook = await fetch(`${a}/webhooks/line/${DEMO_LINE.channelId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-line-signature': signature },
        body,
      });
      expect(hook.status).toBe(200);

      const until = Date.now() + 20_000;
      while (!received.some((m) => m.includes('"newIssue"')) && Date.now() < until)
        await new Promise((r) => setTimeout(r, 50));
      const notice = received
        .map((m) => JSON.parse(m) as Record<string, unknown>)
        .find((m) => m.type === 'newIssue');
      expect(notice).toMatchObject({
        type: 'newIssue',
        action: 'user',
        issueId: expect.any(Number),
        message: expect.stringMatching(/^New issue #\d+ from /),
      });
      socket.close();
    } finally {
      await stopServerProcesses();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
