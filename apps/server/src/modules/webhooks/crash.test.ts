// Durability: a real server process is killed with SIGKILL right after it answered 200 to a burst of LINE
// webhooks; after a restart every event becomes exactly one message (architecture.md "Inbound events").
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDb, type Db } from '../../platform/db';
import { TEST_DB_KIND } from '../../../test/db';
import { DEMO_LINE } from '../../db/seed';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const EVENTS = 40;
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

async function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, NODE_ENV: 'test', LOG_LEVEL: 'error', SEED_DEMO: 'always', ROLES: 'all' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const url = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${url}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { child, url };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

const stopped = (child: ChildProcess) =>
  new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));

function signedDelivery(messageId: string) {
  const body = JSON.stringify({
    destination: DEMO_LINE.botUserId,
    events: [
      {
        type: 'message',
        mode: 'active',
        timestamp: Date.now(),
        source: { type: 'user', userId: `U${randomUUID().replaceAll('-', '')}` },
        webhookEventId: randomUUID(),
        deliveryContext: { isRedelivery: false },
        replyToken: randomUUID().replaceAll('-', ''),
        message: { id: messageId, type: 'text', quoteToken: 'q', text: `crash test ${messageId}` },
      },
    ],
  });
  return { body, signature: createHmac('sha256', DEMO_LINE.secret).update(body).digest('base64') };
}

async function countStored(db: Db, ids: string[]) {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM messages WHERE provider_message_id = ANY($1)',
    [ids],
  );
  return row!.n;
}

describe('a server killed right after acknowledging webhooks', () => {
  it('loses nothing and duplicates nothing after a restart', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabai-crash-'));
    const port = String(await freePort());
    const env: Record<string, string> = {
      PORT: port,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      PROVIDER_BASE_URL: 'http://127.0.0.1:1',
      ...(TEST_DB_KIND === 'postgres' ? { DATABASE_URL: inject('postgresUrl') } : {}),
    };
    try {
      const first = await startServer(env);
      const ids = Array.from({ length: EVENTS }, (_, i) => `${Date.now()}${String(i).padStart(3, '0')}`);
      const statuses = await Promise.all(
        ids.map(async (id) => {
          const { body, signature } = signedDelivery(id);
          const res = await fetch(`${first.url}/webhooks/line/${DEMO_LINE.channelId}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-line-signature': signature },
            body,
          });
          return res.status;
        }),
      );
      first.child.kill('SIGKILL');
      await stopped(first.child);
      expect(statuses.every((s) => s === 200)).toBe(true);

      const second = await startServer(env);
      if (TEST_DB_KIND === 'postgres') {
        const db = await openDb({ databaseUrl: env.DATABASE_URL, poolSize: 1 });
        try {
          // Rows the killed process had claimed come back when its lease (15 s) lapses.
          for (let i = 0; i < 150 && (await countStored(db, ids)) < EVENTS; i++)
            await new Promise((r) => setTimeout(r, 200));
          expect(await countStored(db, ids)).toBe(EVENTS);
        } finally {
          await db.close();
        }
        second.child.kill('SIGTERM');
        await stopped(second.child);
      } else {
        // PGlite has one owner: let the restarted server drain, stop it, then read its data directory.
        await new Promise((r) => setTimeout(r, 4000));
        second.child.kill('SIGTERM');
        await stopped(second.child);
        const db = await openDb({ dataDir: path.join(dataDir, 'pglite') });
        try {
          expect(await countStored(db, ids)).toBe(EVENTS);
          const [pending] = await db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM inbound_events WHERE processed_at IS NULL',
          );
          expect(pending!.n).toBe(0);
        } finally {
          await db.close();
        }
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
