// Durability: a real server process is killed with SIGKILL right after it answered 200 to a burst of LINE
// webhooks; after a restart every event becomes exactly one message (docs/architecture.md "Inbound").
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openDb, type Db } from '../../platform/db';
import { TEST_DB_KIND, testDatabaseUrl } from '../../../test/db';
import { signedLineText } from '../../../test/line-webhook';
import { exited, freePort, startServerProcess } from '../../../test/server-process';
import { signInOver } from '../../../test/live-messages';
import { DEMO_LINE, DEMO_PASSWORD } from '../../db/seed';

const EVENTS = 40;

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
      SEED_DEMO: 'always',
      ROLES: 'all',
      ...(TEST_DB_KIND === 'postgres' ? { DATABASE_URL: await testDatabaseUrl() } : {}),
    };
    try {
      const first = await startServerProcess(env);
      const run = `crash test ${randomUUID()}`;
      const ids = Array.from({ length: EVENTS }, (_, i) => `${Date.now()}${String(i).padStart(3, '0')}`);
      const statuses = await Promise.all(
        ids.map(async (id) => {
          const { body, signature } = signedLineText(`${run} ${id}`, { messageId: id });
          const res = await fetch(`${first.url}/webhooks/line/${DEMO_LINE.channelId}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-line-signature': signature },
            body,
          });
          return res.status;
        }),
      );
      first.child.kill('SIGKILL');
      await exited(first.child);
      expect(statuses.every((s) => s === 200)).toBe(true);

      const second = await startServerProcess(env);
      if (TEST_DB_KIND === 'postgres') {
        const db = await openDb({ databaseUrl: env.DATABASE_URL, poolSize: 1 });
        try {
          // Rows the killed process had claimed come back when its lease (15 s) lapses.
          await vi.waitFor(async () => expect(await countStored(db, ids)).toBe(EVENTS), {
            timeout: 30_000,
            interval: 200,
          });
        } finally {
          await db.close();
        }
        second.child.kill('SIGTERM');
        await exited(second.child);
      } else {
        // PGlite has one owner: wait (through the restarted server's API) until every event's customer has
        // an issue, stop the server, then read its data directory.
        const token = await signInOver(second.url, 'admin@demo.local', DEMO_PASSWORD);
        const search = `${second.url}/api/v1/issues/status-counts?search=${encodeURIComponent(run)}`;
        await vi.waitFor(
          async () => {
            const res = await fetch(search, { headers: { authorization: `Bearer ${token}` } });
            expect(((await res.json()) as { total: number | null }).total).toBe(EVENTS);
          },
          { timeout: 30_000, interval: 200 },
        );
        second.child.kill('SIGTERM');
        await exited(second.child);
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
