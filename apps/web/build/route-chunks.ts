// Which built files each route's first render needs: the modules build/route-modules.json lists for it and
// everything they import statically, by the Vite manifest. Read by the route preloads (the server links
// them in the route's HTML) and by scripts/bundle-size.ts (their weight against each route's budget).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type ViteManifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

export type RouteModules = {
  thai: string[];
  routes: { path: string; modules: string[]; budgetKb: number }[];
};

/** Where route-preloads.json is written in the build, and read by the server. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** A route's preloads: its files beyond the entry's, and the files Thai adds (the `lang=th` query). */
export type RoutePreloads = { routes: Record<string, string[]>; thai: string[] };

export const routeModules: RouteModules = JSON.parse(
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'route-modules.json'), 'utf8'),
);

/** The files (JavaScript and CSS) the manifest keys in `keys` load, with their static imports. */
export function filesOf(manifest: ViteManifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

/** Every route's files beyond what index.html already loads, and the Thai files beyond that. */
export function routePreloads(manifest: ViteManifest): RoutePreloads {
  const entry = filesOf(manifest, ['index.html']);
  const beyondEntry = (keys: string[]) => [...filesOf(manifest, keys)].filter((f) => !entry.has(f));
  return {
    routes: Object.fromEntries(routeModules.routes.map((r) => [r.path, beyondEntry(r.modules)])),
    thai: beyondEntry(routeModules.thai),
  };
}
