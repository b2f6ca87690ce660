// One database is enough: the checks are the routes registered against the route map.
// The route map and the registered API routes are one set: the real app starts with them matching, and a
// stray route or an unhandled map entry stops a server at start.
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allRoutes, defineRoutes, routes } from '@sabai/contracts';
import { call, startTestApp } from '../../test/app';
import { buildOrganization, buildUser, signIn } from '../../test/factories';
import { route } from './route';
import { registerRouteMapCheck } from './route-map-check';

const map = defineRoutes({
  ping: {
    method: 'GET',
    path: '/ping',
    tag: 'test',
    query: z.object({ n: z.coerce.number() }),
    responses: { 200: z.object({ n: z.number() }) },
    access: { public: true },
  },
  echo: { method: 'POST', path: '/echo/:id', tag: 'test', responses: {}, access: { signedIn: true } },
});

async function appWith(register: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRouteMapCheck(app, Object.values(map), '/api/v1');
  // Outside the API prefix: not the map's business.
  app.get('/healthz', async () => 'ok');
  await app.register(async (api) => register(api), { prefix: '/api/v1' });
  return app;
}

describe('route map', () => {
  it('starts when every entry has a handler and serves it through the map schemas', async () => {
    const app = await appWith((api) => {
      route(api, map.ping, async (req) => ({ n: req.query.n * 2 }));
      route(api, map.echo, async (_req, reply) => reply.status(204).send());
    });
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/api/v1/ping?n=21' });
    expect(res.json()).toEqual({ n: 42 });
    expect((await app.inject({ method: 'GET', url: '/api/v1/ping?n=x' })).statusCode).toBe(400);
    await app.close();
  });

  it('refuses to start when a map entry has no handler', async () => {
    const app = await appWith((api) => route(api, map.ping, async () => ({ n: 1 })));
    await expect(app.ready()).rejects.toThrow('POST /api/v1/echo/:id is in the route map but has no handler');
  });

  it('refuses to start when an API route is registered outside the map', async () => {
    const app = await appWith((api) => {
      route(api, map.ping, async () => ({ n: 1 }));
      route(api, map.echo, async (_req, reply) => reply.status(204).send());
      api.get('/stray', async () => 'x');
    });
    await expect(app.ready()).rejects.toThrow('GET /api/v1/stray is registered outside the route map');
  });

  it('the real app registers exactly the map, with the permission of each entry', async () => {
    const t = await startTestApp();
    expect(allRoutes.length).toBeGreaterThan(0);
    const org = await buildOrganization(t);
    const staff = await signIn(t, await buildUser(t, org, 'Staff'));
    // routes.tags.list declares the `tag` view permission, which Staff lacks by default.
    const res = await call(t.app, 'GET', `/api/v1${routes.tags.list.path}`, { token: staff.accessToken });
    expect(res.statusCode).toBe(403);
  });
});
