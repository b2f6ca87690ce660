// The route map (packages/contracts `routes`) and the registered API routes must be the same set: a route
// registered by hand under /api/v1, or a map entry no module handles, stops the server at start. Routes
// outside /api/v1 (health, files, webhooks, websocket, API docs, the web app) are not called by the web
// client and stay outside the map.
import type { FastifyInstance } from 'fastify';
import type { RouteDef } from '@sabai/contracts';

const keyOf = (method: string, url: string) => `${method} ${url}`;

/** Installs the check; it runs when the app is ready (after every plugin registered its routes). */
export function registerRouteMapCheck(app: FastifyInstance, map: readonly RouteDef[], prefix: string): void {
  const registered = new Map<string, RouteDef | undefined>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${prefix}/`)) return;
    // Fastify adds HEAD for every GET itself.
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      registered.set(keyOf(method, route.url), route.config?.contract);
    }
  });
  app.addHook('onReady', async () => {
    const problems: string[] = [];
    const mapped = new Set<string>();
    for (const def of map) {
      const key = keyOf(def.method, `${prefix}${def.path}`);
      mapped.add(key);
      if (registered.get(key) !== def) problems.push(`${key} is in the route map but has no handler`);
    }
    for (const key of registered.keys()) {
      if (!mapped.has(key)) problems.push(`${key} is registered outside the route map`);
    }
    if (problems.length > 0) throw new Error(`Route map mismatch:\n${problems.join('\n')}`);
  });
}
