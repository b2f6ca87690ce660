// Steady traffic must not starve processing: with a webhook every 30 ms (33/s, far below what processing
// does), customer messages reach an agent's live socket while the webhooks keep coming, not once they stop,
// and every acknowledged one arrives. How fast they arrive is the soak bench's figure (bench/soak.ts), not
// this test's: a duration here would fail on a busy machine, so the traffic goes on (up to a minute) until
// a notice has come, and a server that starved its processing would see none while it lasts. The server
// runs as its own process, as in production: in the test's own process, the test's work would pause the
// traffic the server sees, and the pauses would hide the problem.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { startSimulator } from '@sabai/simulator';
import { DEMO_LINE, DEMO_PASSWORD } from '../../db/seed';
import { TEST_DB_KIND, testDatabaseUrl } from '../../../test/db';
import { signedLineText } from '../../../test/line-webhook';
import { inboundTextIds, signInOver, watchLiveMessages } from '../../../test/live-messages';
import { startServerProcess, stopServerProcesses } from '../../../test/server-process';

const INTERVAL_MS = 30;
const COUNT = 200; // at least 6 s of traffic
const MAX_COUNT = 2_000; // at most a minute
const CUSTOMERS = 10;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('steady webhook traffic', () => {
  it('brings acknowledged messages to a live socket while webhooks keep arriving, and every one of them', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabai-steady-'));
    const sim = await startSimulator();
    sim.addLineChannel({
      channelId: DEMO_LINE.channelId,
      channelSecret: DEMO_LINE.secret,
      accessToken: DEMO_LINE.accessToken,
      botUserId: DEMO_LINE.botUserId,
    });
    try {
      const { url } = await startServerProcess({
        DATA_DIR: dataDir,
        SEED_DEMO: 'always',
        ROLES: 'all',
        PROVIDER_BASE_URL: sim.url,
        ...(TEST_DB_KIND === 'postgres' ? { DATABASE_URL: await testDatabaseUrl() } : {}),
      });
      const token = await signInOver(url, 'admin@demo.local', DEMO_PASSWORD);
      const live = await watchLiveMessages(url, token);
      const run = `${Date.now()}`;
      const send = async (text: string, customer: number, i: number) => {
        const { body, signature } = signedLineText(text, {
          userId: `U${run}${String(customer).padStart(32 - run.length, '0')}`,
          messageId: `${run}${String(i).padStart(5, '0')}`,
        });
        const res = await fetch(`${url}/webhooks/line/${DEMO_LINE.channelId}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-line-signature': signature },
          body,
        });
        return res.ok;
      };

      // The customers' conversations are open before the measured traffic starts.
      for (let c = 0; c < CUSTOMERS; c++)
        expect(await send(`hello ${run} ${c}`, c, MAX_COUNT + c)).toBe(true);
      const until = Date.now() + 60_000;
      while (live.arrivals.size < CUSTOMERS && Date.now() < until) await pause(50);
      expect(live.arrivals.size).toBe(CUSTOMERS);

      const acked = new Map<string, number>();
      const start = performance.now();
      const sends: Array<Promise<void>> = [];
      const noticeCame = () => live.arrivals.size > CUSTOMERS;
      let sent = 0;
      for (let i = 0; i < MAX_COUNT && (i < COUNT || !noticeCame()); i++, sent++) {
        const text = `steady ${run} ${i}`;
        sends.push(
          send(text, i % CUSTOMERS, i).then((ok) => {
            if (ok) acked.set(text, performance.now());
          }),
        );
        // Paced against the start, so the rate holds whatever each send costs.
        await pause(Math.max(0, start + (i + 1) * INTERVAL_MS - performance.now()));
      }
      // Processing kept up while the traffic lasted: a notice came before the last webhook was sent.
      expect(noticeCame()).toBe(true);
      await Promise.all(sends);
      expect(acked.size).toBe(sent);
      await vi.waitFor(
        () => {
          if (live.arrivals.size < CUSTOMERS + sent) throw new Error(`${live.arrivals.size} notices so far`);
        },
        { timeout: 60_000, interval: 50 },
      );
      live.close();

      const ids = await inboundTextIds(url, token, live.issueIds);
      const arrivedAt = (text: string) => live.arrivals.get(ids.get(text) ?? -1);
      expect([...acked.keys()].filter((text) => arrivedAt(text) === undefined)).toEqual([]);
    } finally {
      await stopServerProcesses();
      await sim.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
