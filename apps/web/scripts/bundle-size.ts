// Prints the gzip size of the JavaScript a browser must load before each route can render (the routes of
// build/route-modules.json, in English and Thai), from the Vite manifest. Run after
// `npm run build -w @sabai/web`; `--check` fails over budget, `--verbose` lists the files.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { filesOf, routeModules, type ViteManifest } from '../build/route-chunks';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;

const print = (...parts: string[]) => process.stdout.write(`${parts.join(' ')}\n`);
const gzipKb = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length / 1024;

let isOver = false;
print('route'.padEnd(36), 'chunks'.padStart(6), 'KB gzip'.padStart(9), 'budget'.padStart(8));
for (const route of routeModules.routes) {
  for (const thai of [false, true]) {
    const keys = ['index.html', ...route.modules, ...(thai ? routeModules.thai : [])];
    const js = [...filesOf(manifest, keys)].filter((file) => file.endsWith('.js'));
    const total = js.reduce((sum, file) => sum + gzipKb(file), 0);
    isOver ||= total > route.budgetKb;
    print(
      `${route.path}${thai ? '?lang=th' : ''}`.padEnd(36),
      String(js.length).padStart(6),
      total.toFixed(1).padStart(9),
      String(route.budgetKb).padStart(8),
    );
    if (process.argv.includes('--verbose'))
      for (const file of js.sort()) print('   ', file.padEnd(50), gzipKb(file).toFixed(1).padStart(8));
  }
}
if (process.argv.includes('--check') && isOver) {
  console.error('Over budget.');
  process.exit(1);
}
