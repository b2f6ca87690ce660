// Production never runs on demo credentials: real server processes with
// NODE_ENV=production refuse to start on missing or demo provider secrets, and a fresh installation gets no
// demo users and no Meta webhook signed with the published demo secret.
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFreshPostgresDatabase, TEST_DB_KIND } from '../../test/db';
import { exited, runServerProcessToExit, startServerProcess } from '../../test/server-process';
import { channels } from '../db/schema';
import { createOrganization, DEMO_LINE, DEMO_PASSWORD, seedDemo } from '../db/seed';
import { openDb } from '../platform/db';
import { loadCipher } from '../platform/secrets';
import { loadConfig, PROVIDER_SECRETS } from '.';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));
async function freshDataDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sabai-production-'));
  dirs.push(dir);
  return dir;
}

/** What a production installation must set, with real values. */
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  META_APP_SECRET: 'a-real-meta-app-secret',
  META_VERIFY_TOKEN: 'a-real-verify-token',
  PUBLIC_URL: 'https://inbox.example.com',
};

const metaSignature = (body: string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('the production configuration', () => {
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return '';
    } catch (err) {
      return (err as Error).message;
    }
  };

  it('requires an https PUBLIC_URL, naming the variable', () => {
    const { PUBLIC_URL: _, ...withoutUrl } = PRODUCTION_ENV;
    expect(problemsOf(withoutUrl)).toMatch(/PUBLIC_URL: required; set the https:\/\/ address/);
    expect(problemsOf({ ...PRODUCTION_ENV, PUBLIC_URL: 'http://inbox.example.com' })).toMatch(
      /PUBLIC_URL: must be an https:\/\/ address \(is http:\/\/inbox\.example\.com\)/,
    );
    expect(problemsOf(PRODUCTION_ENV)).toBe('');
    expect(loadConfig(PRODUCTION_ENV).PUBLIC_URL).toBe('https://inbox.example.com');
  });

  it('gives file links on PUBLIC_URL unless FILES_PUBLIC_URL names another https address', () => {
    expect(loadConfig(PRODUCTION_ENV).FILES_PUBLIC_URL).toBe('https://inbox.example.com');
    const cdn = { ...PRODUCTION_ENV, FILES_PUBLIC_URL: 'https://files.example.com/' };
    expect(loadConfig(cdn).FILES_PUBLIC_URL).toBe('https://files.example.com');
    expect(problemsOf({ ...PRODUCTION_ENV, FILES_PUBLIC_URL: 'http://files.example.com' })).toMatch(
      /FILES_PUBLIC_URL: must be an https:\/\/ address/,
    );
  });

  it('leaves the demo and tests free of all of it', () => {
    expect(problemsOf({})).toBe('');
    expect(problemsOf({ NODE_ENV: 'test', PUBLIC_URL: 'http://127.0.0.1:3000' })).toBe('');
  });
});

describe('a production start', () => {
  it('refuses to start while a Meta provider secret is missing, naming each', async () => {
    const { code, output } = await runServerProcessToExit(
      { NODE_ENV: 'production', DATA_DIR: await freshDataDir() },
      25_000,
    );
    expect(code).toBe(1);
    expect(output).toMatch(/META_APP_SECRET: required/);
    expect(output).toMatch(/META_VERIFY_TOKEN: required/);
  }, 60_000);

  it('refuses the public demo values and a demo seed, naming each variable', async () => {
    const { code, output } = await runServerProcessToExit(
      {
        NODE_ENV: 'production',
        DATA_DIR: await freshDataDir(),
        META_APP_SECRET: PROVIDER_SECRETS.META_APP_SECRET.demo,
        META_VERIFY_TOKEN: PROVIDER_SECRETS.META_VERIFY_TOKEN.demo,
        SEED_DEMO: 'always',
      },
      25_000,
    );
    expect(code).toBe(1);
    expect(output).toMatch(/META_APP_SECRET: is the public demo value/);
    expect(output).toMatch(/META_VERIFY_TOKEN: is the public demo value/);
    expect(output).toMatch(/SEED_DEMO: demo data is never seeded in production/);
  }, 60_000);

  it('seeds no demo data into a fresh installation and accepts only the real Meta secret', async () => {
    const fresh = TEST_DB_KIND === 'postgres' ? await createFreshPostgresDatabase() : null;
    try {
      const env: Record<string, string> = {
        ...PRODUCTION_ENV,
        DATA_DIR: await freshDataDir(),
        PROVIDER_BASE_URL: 'http://127.0.0.1:1',
      };
      if (fresh) {
        // A PostgreSQL installation is migrated explicitly before its nodes start (operations.md).
        const db = await openDb({ databaseUrl: fresh.url, poolSize: 1 });
        await db.migrate();
        await db.close();
        env.DATABASE_URL = fresh.url;
      }
      const { url, child } = await startServerProcess(env);

      const login = await fetch(`${url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'superadmin@demo.local', password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(401);

      const body = JSON.stringify({ object: 'page', entry: [] });
      const post = (secret: string) =>
        fetch(`${url}/webhooks/meta`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(body, secret) },
          body,
        }).then((r) => r.status);
      expect(await post(PROVIDER_SECRETS.META_APP_SECRET.demo)).toBe(401);
      expect(await post('a-real-meta-app-secret')).toBe(200);

      const handshake = (token: string) =>
        fetch(`${url}/webhooks/meta?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=42`).then(
          (r) => r.status,
        );
      expect(await handshake(PROVIDER_SECRETS.META_VERIFY_TOKEN.demo)).toBe(403);
      expect(await handshake('a-real-verify-token')).toBe(200);
      child.kill('SIGTERM');
      await exited(child);
    } finally {
      await fresh?.drop();
    }
  }, 120_000);

  it('refuses a LINE channel of its own on the demo channel secret, naming it; the demo channels pass', async () => {
    const fresh = TEST_DB_KIND === 'postgres' ? await createFreshPostgresDatabase() : null;
    try {
      const env: Record<string, string> = { ...PRODUCTION_ENV, DATA_DIR: await freshDataDir() };
      if (fresh) env.DATABASE_URL = fresh.url;
      // An installation that began as the demo (its demo organisations stay) and connected a channel of its
      // own with the secret the simulator accepts.
      const db = await openDb({
        databaseUrl: fresh?.url,
        dataDir: path.join(env.DATA_DIR!, 'pglite'),
        poolSize: 1,
      });
      try {
        await db.migrate();
        const cipher = await loadCipher({}, db);
        await seedDemo(db, cipher);
        await db.orm.transaction(async (tx) => {
          const shop = await createOrganization(tx, 'Noodle Shop');
          await tx.insert(channels).values({
            organizationId: shop.id,
            type: 'line',
            name: 'Noodle LINE',
            externalId: '1650009999',
            botUserId: 'U00000000000000000000000000009999',
            secretEncrypted: cipher.encrypt(DEMO_LINE.secret),
            accessTokenEncrypted: cipher.encrypt('noodle-token'),
          });
        });
      } finally {
        await db.close();
      }

      const { code, output } = await runServerProcessToExit(env, 60_000);
      expect(code).toBe(1);
      expect(output).toContain(
        'LINE channel "Noodle LINE" (channel id 1650009999, organisation "Noodle Shop"): its channel secret is ' +
          'the public demo one',
      );
      expect(output).not.toContain(DEMO_LINE.channelId);
    } finally {
      await fresh?.drop();
    }
  }, 120_000);
});
