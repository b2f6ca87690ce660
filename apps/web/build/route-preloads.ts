// Writes each route's preloads (build/route-chunks.ts) into the build, for the server to link in that
// route's HTML: the shell's and page's chunks then download beside the entry instead of after it has run,
// which on a slow network is most of the wait (the cold inbox on 400 ms round trips).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { ROUTE_PRELOADS_FILE, routePreloads, type ViteManifest } from './route-chunks';

export function routePreloadsPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'sabai-route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Written once the manifest is on disk; precompress runs after it.
    closeBundle: {
      order: 'pre',
      async handler() {
        const manifest = JSON.parse(
          await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
        ) as ViteManifest;
        await writeFile(path.join(outDir, ROUTE_PRELOADS_FILE), JSON.stringify(routePreloads(manifest)));
      },
    },
  };
}
