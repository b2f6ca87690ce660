// One database is enough: the checks are an endpoint's validation, permissions, organisation scope and
// answers, over plain reads and writes.
// Cross-cutting HTTP behaviour: the error envelope for bad input, and the guard of each route kind.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { call, startTestApp, XSRF, type TestApp } from '../../test/app';
import { buildOrganization, buildUser, signIn } from '../../test/factories';
import { defineJob } from '../platform/jobs';
import { registerAccessControl } from './access';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});

describe('bad input gets a 4xx envelope, never a 5xx', () => {
  const post = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': contentType },
      payload,
    });

  it.each([
    ['malformed JSON', '{"email": ', 'request.malformed_json', 400],
    ['wrong types', '{"email": 42, "password": true}', 'validation.failed', 400],
    ['missing fields', '{}', 'validation.failed', 400],
    ['an array body', '[]', 'validation.failed', 400],
  ])('%s', async (_name, payload, code, status) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
  });

  it('an oversized body', async () => {
    const res = await post(JSON.stringify({ email: 'a', password: 'x'.repeat(2 * 1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('request.too_large');
  });

  it('an unsupported content type', async () => {
    const res = await post('email=a', 'text/csv');
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toHaveProperty('code');
  });

  it('an unknown route', async () => {
    const res = await call(t.app, 'GET', '/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describe('route guards', () => {
  it('a permission route: 401 without a token, 403 without the permission, 404 for another organisation', async () => {
    const org = await buildOrganization(t);
    const other = await buildOrganization(t);
    const admin = await signIn(t, await buildUser(t, org, 'Admin'));
    const staff = await signIn(t, await buildUser(t, org, 'Staff'));

    expect((await call(t.app, 'GET', '/api/v1/roles')).statusCode).toBe(401);
    const forbidden = await call(t.app, 'GET', '/api/v1/roles', { token: staff.accessToken });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('auth.forbidden');

    const own = await call(t.app, 'GET', '/api/v1/roles', { token: admin.accessToken });
    expect(own.statusCode).toBe(200);
    expect(
      own
        .json()
        .map((r: { name: string }) => r.name)
        .sort(),
    ).toEqual(['Admin', 'Manager', 'Staff', 'SuperAdmin']);
    expect(
      (await call(t.app, 'GET', `/api/v1/roles/${org.roles.Staff}`, { token: admin.accessToken })).statusCode,
    ).toBe(200);
    const foreign = await call(t.app, 'GET', `/api/v1/roles/${other.roles.Staff}`, {
      token: admin.accessToken,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('not_found');
  });

  it('a signed-in route: 401 without a token, 200 for any role', async () => {
    const org = await buildOrganization(t);
    expect((await call(t.app, 'GET', '/api/v1/me')).statusCode).toBe(401);
    const staff = await signIn(t, await buildUser(t, org, 'Staff'));
    expect((await call(t.app, 'GET', '/api/v1/me', { token: staff.accessToken })).statusCode).toBe(200);
  });

  it('a public route answers without a token', async () => {
    expect((await call(t.app, 'GET', '/healthz')).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/readyz')).json()).toEqual({
      status: 'ready',
      deadLetters: expect.any(Object),
    });
  });

  it('readiness counts the jobs set aside as dead letters, per queue', async () => {
    const name = `test-readyz-${randomUUID().slice(0, 8)}`;
    const job = defineJob(name, z.object({ issueId: z.number() }));
    const olderRelease = defineJob(name, z.object({ issueId: z.string() }));
    await t.deps.jobs.work(job, {}, async () => undefined);
    await t.deps.jobs.send(olderRelease, { issueId: 'seven' });
    await t.deps.jobs.send(olderRelease, { issueId: 'eight' });

    await vi.waitFor(
      async () => {
        const res = await call(t.app, 'GET', '/readyz');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ status: 'ready', deadLetters: { [name]: 2 } });
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it('a route without an access declaration cannot be registered', () => {
    const app = Fastify();
    registerAccessControl(app, async () => {
      throw new Error('unused');
    });
    expect(() => app.get('/api/v1/undeclared', async () => 'x')).toThrow(/no access declaration/);
    expect(() =>
      app.get('/api/v1/declared', { config: { access: { public: true } } }, async () => 'x'),
    ).not.toThrow();
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const res = await call(t.app, 'GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/login', '/api/v1/me', '/api/v1/organization']),
    );
    expect(
      doc.paths['/api/v1/auth/login'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['email', 'password']);
  });

  it('never sends the XSRF header requirement to reads and sets the cookie for a new client', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { cookie: `XSRF-TOKEN=${XSRF}` },
    });
    expect(again.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
  });
});
