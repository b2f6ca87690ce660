import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app';

// A built web app in miniature: index.html, a hashed asset with its brotli copy, and the route preloads the
// web build writes (apps/web/build/route-preloads.ts).
const INDEX =
  '<!doctype html><html lang="en"><head><link rel="manifest" href="/manifest.en.webmanifest" />' +
  '<title>Sabai</title></head><body></body></html>';
const ASSET = `export const text = "${'sabai '.repeat(400)}";`;
let distDir = '';
const app = Fastify();

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'sabai-web-'));
  await mkdir(path.join(distDir, 'assets'));
  await mkdir(path.join(distDir, '.vite'));
  await writeFile(path.join(distDir, 'index.html'), INDEX);
  await writeFile(path.join(distDir, 'assets', 'page-abc.js'), ASSET);
  await writeFile(path.join(distDir, 'assets', 'page-abc.js.br'), brotliCompressSync(ASSET));
  await writeFile(
    path.join(distDir, '.vite', 'route-preloads.json'),
    JSON.stringify({
      routes: { '/issue/inbox': ['assets/page-abc.js', 'assets/page-abc.css'] },
      thai: ['assets/th-def.js'],
    }),
  );
  await registerWebApp(app, distDir);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('web app', () => {
  it('sends the precompressed copy of an asset to a browser that accepts it, cached for good', async () => {
    const res = await app.inject({
      url: '/assets/page-abc.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET);

    const plain = await app.inject({ url: '/assets/page-abc.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
  });

  it("links a route's chunks in its HTML, with the Thai texts when the query asks for Thai", async () => {
    const inbox = await app.inject({ url: '/issue/inbox/?lang=en' });
    expect(inbox.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(inbox.headers['cache-control']).toBe('no-cache');
    expect(inbox.body).toContain('<link rel="modulepreload" crossorigin href="/assets/page-abc.js">');
    expect(inbox.body).toContain('<link rel="stylesheet" crossorigin href="/assets/page-abc.css">');
    expect(inbox.body).not.toContain('th-def.js');

    const thai = await app.inject({ url: '/issue/inbox?lang=th&status=open' });
    expect(thai.body).toContain('href="/assets/th-def.js"');
  });

  it('answers 400 to a path that is not valid percent-encoding, instead of failing', async () => {
    const res = await app.inject({ url: '/issue/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
  });

  it('sends the plain index.html for a route without preloads', async () => {
    const res = await app.inject({ url: '/contacts?lang=en' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });

  it('names the Thai manifest and language in a Thai page from the start, with or without preloads', async () => {
    for (const url of ['/contacts?lang=th', '/issue/inbox?lang=th']) {
      const res = await app.inject({ url });
      expect(res.body).toContain('<html lang="th">');
      expect(res.body).toContain('href="/manifest.th.webmanifest"');
      expect(res.body).not.toContain('manifest.en');
    }
  });
});
