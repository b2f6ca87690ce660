// No token or secret in the request log: a real server process logs every request at
// info level to a file; after a sign-in, a websocket, the reset and invitation pages, Meta's handshake and
// a Facebook Login callback, the log is grepped for each secret.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TEST_DB_KIND, testDatabaseUrl } from '../../test/db';
import { exited, startServerProcess } from '../../test/server-process';
import { DEMO_PASSWORD } from '../db/seed';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { redactUrl, serializeError } from './log-redaction';

describe('request logs', () => {
  it('carry no access, refresh, reset, invitation, verify or login token', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sabai-log-'));
    const logFile = path.join(dir, 'server.log');
    const secrets = {
      reset: 'reset0secret0token0123456789',
      invite: 'invite0secret0token0123456789',
      verify: 'verify0secret0token0123456789',
      code: 'oauth0code0secret0123456789',
      state: 'oauth0state0secret0123456789',
    };
    try {
      const { url, child } = await startServerProcess(
        {
          DATA_DIR: dir,
          SEED_DEMO: 'always',
          LOG_LEVEL: 'info',
          META_VERIFY_TOKEN: secrets.verify,
          PROVIDER_BASE_URL: 'http://127.0.0.1:1',
          ...(TEST_DB_KIND === 'postgres' ? { DATABASE_URL: await testDatabaseUrl() } : {}),
        },
        { logFile },
      );
      const login = await fetch(`${url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'staff@demo.local', password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const { accessToken, refreshToken } = (await login.json()) as {
        accessToken: string;
        refreshToken: string;
      };

      const socket = new WebSocket(`${url.replace('http', 'ws')}/ws?token=${accessToken}&socketType=webNoti`);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      socket.close();
      await fetch(`${url}/login/reset-password?token=${secrets.reset}&lang=en`);
      await fetch(`${url}/login/set-new-password?token=${secrets.invite}&lang=th`);
      const handshake = await fetch(
        `${url}/webhooks/meta?hub.mode=subscribe&hub.verify_token=${secrets.verify}&hub.challenge=7`,
      );
      expect(handshake.status).toBe(200);
      await fetch(`${url}/api/v1/channels/meta/callback?code=${secrets.code}&state=${secrets.state}`, {
        redirect: 'manual',
      });
      const refresh = await fetch(`${url}/api/v1/auth/refresh-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
      });
      expect(refresh.status).toBe(200);

      child.kill('SIGTERM');
      await exited(child);
      const log = await readFile(logFile, 'utf8');
      // The requests were logged, with their URLs and the secrets' names.
      expect(log).toContain('/ws?token=[redacted]&socketType=webNoti');
      expect(log).toContain('/login/reset-password?token=[redacted]&lang=en');
      expect(log).toContain('hub.verify_token=[redacted]&hub.challenge=7');
      for (const secret of [accessToken, refreshToken, ...Object.values(secrets)])
        expect(log).not.toContain(secret);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('redactUrl', () => {
  it('blanks secret parameters by name, keeping the others and their order', () => {
    expect(redactUrl('/a?x=1&access_token=s&Token=t&hub.verify_token=v&code=c&lang=th&flag')).toBe(
      '/a?x=1&access_token=[redacted]&Token=[redacted]&hub.verify_token=[redacted]&code=[redacted]&lang=th&flag',
    );
    expect(redactUrl('/b?refresh%5Ftoken=s')).toBe('/b?refresh%5Ftoken=[redacted]');
    expect(redactUrl('/c')).toBe('/c');
  });

  it('blanks what an agent searched for and contact fields', () => {
    expect(redactUrl('/api/v1/contacts?search=somchai%40example.com&limit=20&q=0812345678')).toBe(
      '/api/v1/contacts?search=[redacted]&limit=20&q=[redacted]',
    );
    expect(redactUrl('/x?displayName=Somchai&mobileNumber=081&email=a&channel=line')).toBe(
      '/x?displayName=[redacted]&mobileNumber=[redacted]&email=[redacted]&channel=line',
    );
  });
});

describe('serializeError', () => {
  it("keeps a failed statement's SQL and the database's codes, never its values or detail", () => {
    const pgError = Object.assign(
      new Error('duplicate key value violates unique constraint "contacts_email"'),
      {
        code: '23505',
        severity: 'ERROR',
        constraint: 'contacts_email',
        detail: 'Key (email)=(somchai@example.com) already exists.',
      },
    );
    const err = new DrizzleQueryError(
      'insert into "contacts" ("name", "email") values ($1, $2)',
      ['Somchai\nJaidee', 'somchai@example.com'],
      pgError,
    );
    const out = serializeError(err);
    const text = JSON.stringify(out);
    expect(text).not.toMatch(/Somchai|Jaidee|somchai@example\.com/);
    expect(out.message).toContain('Failed query: insert into "contacts"');
    expect(out.message).toContain('duplicate key value violates unique constraint "contacts_email"');
    expect(out.stack).toContain('caused by: ');
    expect(out).toMatchObject({ query: 'insert into "contacts" ("name", "email") values ($1, $2)' });
  });

  it("keeps an error's codes, not an SMTP answer, quoted input or a secret in a URL", () => {
    const smtp = Object.assign(
      new Error("Can't send mail - all recipients were rejected: 550 <a.b@example.com>"),
      {
        code: 'EENVELOPE',
        responseCode: 550,
        response: '550 5.1.1 <a.b@example.com>: Recipient address rejected',
        rejected: ['a.b@example.com'],
      },
    );
    expect(JSON.stringify(serializeError(smtp))).not.toContain('a.b@example.com');
    expect(serializeError(smtp)).toMatchObject({ code: 'EENVELOPE', responseCode: 550 });

    const input = serializeError(new Error('invalid input syntax for type uuid: "0812345678 Somchai"'));
    expect(input.message).toBe('invalid input syntax for type uuid: "[redacted]"');
    const json = serializeError(new SyntaxError('Unexpected token \'h\', "hello Somchai" is not valid JSON'));
    expect(json.message).not.toContain('Somchai');
    const url = serializeError(
      new Error('fetch https://graph.test/me?access_token=EAAsecret&fields=id failed'),
    );
    expect(url.message).toBe('fetch https://graph.test/me?access_token=[redacted]&fields=id failed');
    expect(url.stack).not.toContain('EAAsecret');
  });
});
