// Serves the built web app on the API's port (docs/architecture.md "Runtime shapes"): static assets, and
// index.html for every other GET that is not an API, webhook, websocket or file path (SPA routes).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const NON_SPA = /^\/(api|webhooks|ws|files|healthz|readyz)(\/|$|\?)/;
// Written by the web build (apps/web/build/route-preloads.ts).
const ROUTE_PRELOADS_FILE = path.join('.vite', 'route-preloads.json');

type RoutePreloads = { routes: Record<string, string[]>; thai: string[] };

function readRoutePreloads(distDir: string): RoutePreloads {
  const file = path.join(distDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return { routes: {}, thai: [] };
  return JSON.parse(readFileSync(file, 'utf8')) as RoutePreloads;
}

const linkTo = (file: string) =>
  file.endsWith('.css')
    ? `<link rel="stylesheet" crossorigin href="/${file}">`
    : `<link rel="modulepreload" crossorigin href="/${file}">`;

/**
 * index.html for one SPA path, with links to the chunks that route's first render needs (and the Thai
 * texts when the query asks for Thai), so the browser fetches them beside the entry instead of after it
 * has run: on a slow network each step of that chain costs round trips. A Thai page also names the Thai
 * manifest from the start: Chromium refuses to offer installing a page whose manifest link changes while
 * it reads it ("manifest-location-changed"), which the app's own switch would otherwise do after boot.
 */
export function createIndexHtml(distDir: string) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const preloads = readRoutePreloads(distDir);
  const variants = new Map<string, string>();
  return (urlPath: string, isThai: boolean) => {
    const route = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
    const files = preloads.routes[route];
    const key = `${files ? route : ''}|${isThai}`;
    let variant = variants.get(key);
    if (!variant) {
      const links = files ? [...files, ...(isThai ? preloads.thai : [])].map(linkTo).join('') : '';
      variant = (isThai ? inThai(html) : html).replace('</head>', `${links}</head>`);
      variants.set(key, variant);
    }
    return variant;
  };
}

const inThai = (html: string) =>
  html
    .replace('<html lang="en">', '<html lang="th">')
    .replace('/manifest.en.webmanifest', '/manifest.th.webmanifest');

export async function registerWebApp(app: FastifyInstance, distDir: string) {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build -w @sabai/web`');
    return;
  }
  const indexHtml = createIndexHtml(distDir);
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of every text asset (apps/web/build/precompress.ts).
    preCompressed: true,
    setHeaders(res, filePath) {
      // Hashed assets never change; everything else is revalidated.
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'no-cache');
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || NON_SPA.test(request.url)) return;
    const [rawPath = '/', query = ''] = request.url.split('?');
    const urlPath = decodeURIComponent(rawPath);
    if (path.extname(urlPath) && existsSync(path.join(distDir, path.normalize(urlPath)))) return;
    const isThai = new URLSearchParams(query).get('lang') === 'th';
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml(urlPath, isThai));
  });
}
