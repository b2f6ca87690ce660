// One database is enough: the checks are what the server writes to its log.
// No personal data in the logs, and every line says what it is about. A real server
// process logs at debug level to a file while a customer writes (signed LINE webhook) with a marker text,
// their email and phone number, under a display name from their LINE profile; an agent searches for them
// and answers, and LINE refuses the first attempt of that answer (the job's failure is logged). The log is
// JSON, names requests, organisation, issue and job by id, and holds none of the personal data.
import { randomInt, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSimulator } from '@sabai/simulator';
import { TEST_DB_KIND, testDatabaseUrl } from '../../test/db';
import { signedLineText } from '../../test/line-webhook';
import { signInOver } from '../../test/live-messages';
import { exited, startServerProcess } from '../../test/server-process';
import { DEMO_LINE, DEMO_PASSWORD } from '../db/seed';

type LogLine = Record<string, unknown> & { msg?: string; reqId?: string };

const poll = async <T>(probe: () => Promise<T | null | undefined>, what: string, timeoutMs = 30_000) => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`${what}: not in time`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('the server log', () => {
  it('is JSON with request, organisation, issue and job ids, and carries no personal data', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sabai-pii-log-'));
    const logFile = path.join(dir, 'server.log');
    const run = randomUUID().slice(0, 8);
    const personal = {
      marker: `marker-${run}-the-customer-wrote-this`,
      name: `Somchai Jaidee${run}`,
      email: `somchai.${run}@example.com`,
      phone: `08${randomInt(10_000_000, 99_999_999)}`,
      reply: `reply-${run}-the-agent-wrote-this`,
    };
    const userId = `U${randomUUID().replaceAll('-', '')}`;
    const sim = await startSimulator();
    sim.addLineChannel({
      channelId: DEMO_LINE.channelId,
      channelSecret: DEMO_LINE.secret,
      accessToken: DEMO_LINE.accessToken,
      botUserId: DEMO_LINE.botUserId,
    });
    sim.addLineUser(DEMO_LINE.channelId, { userId, displayName: personal.name });
    try {
      const { url, child } = await startServerProcess(
        {
          DATA_DIR: dir,
          SEED_DEMO: 'always',
          LOG_LEVEL: 'debug',
          PROVIDER_BASE_URL: sim.url,
          ...(TEST_DB_KIND === 'postgres' ? { DATABASE_URL: await testDatabaseUrl() } : {}),
        },
        { logFile },
      );
      const { body, signature } = signedLineText(
        `${personal.marker} my email is ${personal.email}, call me at ${personal.phone}`,
        { userId },
      );
      const hook = await fetch(`${url}/webhooks/line/${DEMO_LINE.channelId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-line-signature': signature },
        body,
      });
      expect(hook.status).toBe(200);

      const token = await signInOver(url, 'admin@demo.local', DEMO_PASSWORD);
      const get = async <T>(route: string) => {
        const res = await fetch(`${url}/api/v1${route}`, { headers: { authorization: `Bearer ${token}` } });
        expect(res.status).toBe(200);
        return (await res.json()) as T;
      };
      // The agent finds the customer by what they wrote and by their email: both end up in request URLs.
      const issueId = await poll(async () => {
        const page = await get<{ items: Array<{ id: number }> }>(
          `/issues?search=${encodeURIComponent(personal.marker)}`,
        );
        return page.items[0]?.id;
      }, 'the customer message');
      await get(`/contacts?search=${encodeURIComponent(personal.email)}`);
      // The profile (a LINE call after the message) has given the contact its name.
      await poll(async () => {
        const issue = await get<{ contact: { displayName: string } }>(`/issues/${issueId}`);
        return issue.contact.displayName === personal.name;
      }, 'the customer name');

      // LINE fails the first attempt of the answer (the job retries it): its reply-token call, the push it
      // falls back to, and that push sent again at once. Not any path under /v2/bot/message/: a quota check
      // there may come first.
      sim.line.failNext(1, { status: 500 }, { pathIncludes: '/v2/bot/message/reply' });
      sim.line.failNext(2, { status: 500 }, { pathIncludes: '/v2/bot/message/push' });
      const sent = await fetch(`${url}/api/v1/issues/${issueId}/messages`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          cookie: 'XSRF-TOKEN=x',
          'x-xsrf-token': 'x',
        },
        body: JSON.stringify({ text: `${personal.reply} to ${personal.phone}` }),
      });
      expect(sent.status).toBe(201);
      await poll(
        async () =>
          sim.outbox(DEMO_LINE.channelId, userId).some((o) => JSON.stringify(o).includes(personal.reply)),
        'the answer at LINE',
      );

      child.kill('SIGTERM');
      await exited(child);
      const text = await readFile(logFile, 'utf8');
      for (const [what, value] of Object.entries(personal)) {
        expect(text.includes(value), `${what} (${value}) is in the log`).toBe(false);
      }
      for (const secret of [token, DEMO_LINE.accessToken]) expect(text).not.toContain(secret);

      // The demo's welcome banner is text; every log line is JSON.
      const lines = text
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as LogLine);
      expect(lines.length).toBeGreaterThan(10);
      const requestLines = (route: RegExp) =>
        lines.filter((l) => typeof l.req === 'object' && route.test((l.req as { url: string }).url));
      const completed = (reqId: string | undefined) =>
        lines.find((l) => l.reqId === reqId && l.msg === 'request completed');

      // The webhook: its request id on the request's lines.
      const [webhook] = requestLines(/^\/webhooks\/line\//);
      expect(webhook?.reqId).toEqual(expect.any(String));
      expect(completed(webhook?.reqId)).toBeDefined();

      // The answer: request id, organisation and issue; its searches were logged without their terms.
      const [reply] = requestLines(new RegExp(`^/api/v1/issues/${issueId}/messages$`));
      expect(completed(reply?.reqId)).toMatchObject({
        organizationId: expect.any(String),
        issueId,
        res: { statusCode: 201 },
      });
      expect(requestLines(/^\/api\/v1\/issues\?search=\[redacted\]$/)).not.toHaveLength(0);
      expect(requestLines(/^\/api\/v1\/contacts\?search=\[redacted\]$/)).not.toHaveLength(0);

      // The refused attempt: logged by the delivery job, with its queue, job, organisation and issue.
      const failed = lines.find((l) => l.msg === 'job failed' && l.queue === 'message.deliver_agent');
      expect(failed).toMatchObject({
        jobId: expect.any(String),
        organizationId: completed(reply?.reqId)?.organizationId,
        issueId,
        err: { type: 'ChannelSendError', code: 'line.500' },
      });
    } finally {
      await sim.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
