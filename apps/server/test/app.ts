// Builds the real application on the test database, with a recording mailer, and small helpers to call it
// over real HTTP semantics (app.inject) with the XSRF cookie and bearer token a browser would send.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Deps } from '../src/deps';
import type { Clock } from '../src/platform/clock';
import type { Db } from '../src/platform/db';
import { openTestDb } from './db';
import { closeAfterFile } from './file-resources';

export type SentMail = { to: string; subject: string; text: string };

export type TestApp = {
  app: FastifyInstance;
  deps: Deps;
  db: Db;
  mails: SentMail[];
  /** The app's clock: `set(null)` returns to real time. */
  clock: { now(): Date; set(d: Date | null): void; advance(ms: number): void };
  close(): Promise<void>;
};

/** A test clock that starts at real time and can be moved. */
function testClock(): TestApp['clock'] & Clock {
  let offset = 0;
  let fixed: Date | null = null;
  return {
    now: () => (fixed ? new Date(fixed) : new Date(Date.now() + offset)),
    set: (d) => {
      fixed = d;
      if (!d) offset = 0;
    },
    advance: (ms) => {
      if (fixed) fixed = new Date(fixed.getTime() + ms);
      else offset += ms;
    },
  };
}

/**
 * Starts the app on a fresh test database; closed automatically after the file's tests. Mails are
 * recorded in `mails`, unless `env` names an SMTP_URL: then the real SMTP mailer sends them there.
 * `runWorkers: false` starts no ingest worker nor job handler (a ROLES=http process).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  opts: { runWorkers?: boolean } = {},
): Promise<TestApp> {
  const db = await openTestDb();
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: `/tmp/sabai-test-${process.pid}-${Math.random().toString(36).slice(2)}`,
    LOGIN_IP_LIMIT_PER_MINUTE: '100000',
    PUBLIC_URL: 'http://sabai.test',
    ...env,
  });
  const mails: SentMail[] = [];
  const clock = testClock();
  const { app, deps } = await buildApp({
    config,
    db,
    clock,
    ...opts,
    mailer: env.SMTP_URL
      ? undefined
      : {
          send: async (m) => void mails.push({ to: m.to, subject: m.subject, text: m.text }),
          available: async () => true,
        },
  });
  await app.ready();
  let closed = false;
  const t: TestApp = {
    app,
    deps,
    db,
    mails,
    clock,
    // Idempotent: a file may close an app early (its job workers would take the jobs of the others on the
    // shared PostgreSQL database), and afterAll closes it again.
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
      await db.close();
    },
  };
  closeAfterFile(() => t.close());
  return t;
}

export const XSRF = 'test-xsrf-token';

type CallOptions = {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  xsrf?: boolean;
  /** The client's address (default 127.0.0.1). */
  remoteAddress?: string;
};

/** One API call as the web app makes it: JSON body, bearer token, XSRF cookie and header. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  opts: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.xsrf !== false) {
    headers.cookie = `XSRF-TOKEN=${XSRF}`;
    headers['x-xsrf-token'] = XSRF;
  }
  return app.inject({
    method,
    url,
    headers,
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });
}
