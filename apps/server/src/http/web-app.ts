// Serves the built web app on the API's port (docs/architecture.md "Runtime shapes"): static assets, and
// index.html for every other GET that is not an API, webhook, websocket or file path (SPA routes).
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const NON_SPA = /^\/(api|webhooks|ws|files|healthz|readyz)(\/|$|\?)/;

export async function registerWebApp(app: FastifyInstance, distDir: string) {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build -w @sabai/web`');
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      // Hashed assets never change; index.html must always be revalidated.
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || NON_SPA.test(request.url)) return;
    const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (path.extname(urlPath) && existsSync(path.join(distDir, path.normalize(urlPath)))) return;
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
