// Builds the server into one file, apps/server/dist/main.mjs: its sources and the workspace packages it
// uses, with every installed package left to Node. A process started from it loads in about a third of
// the time `--import tsx` takes (which compiles each TypeScript file as it is imported): what production
// restarts, and the tests that start real server processes, wait for.
//   node tools/scripts/build-server.mjs [outfile]
// builds to another file in apps/server/dist, for a run that must not share the default one.
import { build } from 'esbuild';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

// src/paths.ts relies on the build being one folder below apps/server.
const outfile = path.resolve(process.argv[2] ?? path.join(root, 'apps/server/dist/main.mjs'));
if (path.dirname(outfile) !== path.join(root, 'apps/server/dist')) {
  console.error('The built server belongs in apps/server/dist.');
  process.exit(1);
}
await build({
  entryPoints: [path.join(root, 'apps/server/src/main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'installed-packages-stay-outside',
      setup(builder) {
        // A bare import is an installed package, loaded by Node at run time; the workspace's own packages
        // (@sabai/…) are TypeScript sources and go into the bundle.
        builder.onResolve({ filter: /^[^./]/ }, ({ path: name }) =>
          name.startsWith('@sabai/') ? undefined : { external: true },
        );
      },
    },
  ],
});
