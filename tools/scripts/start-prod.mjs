// `npm run start:prod` (docs/operations.md "Production"): builds the web app when its build is missing or
// older than what it is built from, builds the server (a second), then runs the built server with
// NODE_ENV=production, which seeds no demo data and refuses to start on demo secrets. `npm start` stays the
// one-command demo.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const built = path.join(root, 'apps/web/dist/index.html');
/** What the web build is made of: its sources and the shared packages it bundles. */
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contracts/src',
  'packages/domain/src',
  'packages/i18n/src',
];

/** The newest modification time under `entry` (0 when it does not exist). */
function newest(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const child of readdirSync(entry)) latest = Math.max(latest, newest(path.join(entry, child)));
  return latest;
}

// A WEB_DIST_DIR of the operator's own is theirs to build.
if (!process.env.WEB_DIST_DIR) {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const changedAt = Math.max(...inputs.map((input) => newest(path.join(root, input))));
  if (changedAt > builtAt) {
    console.log(builtAt === 0 ? 'Building the web app…' : 'The web app changed since its build: rebuilding…');
    const build = spawnSync('npm', ['run', 'build:web'], {
      cwd: root,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

const serverBuild = spawnSync(process.execPath, ['tools/scripts/build-server.mjs'], {
  cwd: root,
  stdio: 'inherit',
});
if (serverBuild.status !== 0) process.exit(serverBuild.status ?? 1);

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.mjs'], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production' },
  stdio: 'inherit',
});
// The server shuts down gracefully on these; this wrapper only passes them on and waits.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
