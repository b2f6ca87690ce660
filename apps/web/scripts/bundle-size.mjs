// Prints the gzip size of the JavaScript a browser must load before each route can render, from the
// Vite manifest (build.manifest). Run after `npm run build -w @sabai/web`; `--check` fails over budget.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

// Route → the lazy modules its first render needs (router.tsx), and the budget in KB gzip.
const thai = ['../../packages/i18n/src/th.ts', '../../node_modules/antd/es/locale/th_TH.js'];
const routes = [
  { name: '/login', modules: ['src/features/auth/components/login-page.tsx'], budgetKb: 200 },
  {
    name: '/login?lang=th',
    modules: ['src/features/auth/components/login-page.tsx', ...thai],
    budgetKb: 200,
  },
  {
    name: '/dashboard (desktop shell)',
    modules: ['src/app/shell/desktop-shell.tsx', 'src/features/reports/components/dashboard-page.tsx'],
    budgetKb: 350,
  },
  {
    name: '/dashboard?lang=th, super admin',
    modules: [
      'src/app/shell/desktop-shell.tsx',
      'src/features/reports/components/dashboard-page.tsx',
      'src/features/organizations/components/organization-switcher.tsx',
      ...thai,
    ],
    budgetKb: 350,
  },
  {
    name: '/mobile/dashboard (mobile shell)',
    modules: ['src/app/shell/mobile-shell.tsx', 'src/features/reports/components/dashboard-page.tsx'],
    budgetKb: 350,
  },
  {
    name: '/profile/edit-profile',
    modules: ['src/app/shell/desktop-shell.tsx', 'src/features/profile/components/edit-profile-page.tsx'],
    budgetKb: 350,
  },
  // A settings screen: the shell plus its own lazy chunk and texts (the form loads when first opened).
  {
    name: '/setting/channel',
    modules: [
      'src/app/shell/desktop-shell.tsx',
      'src/features/channels/components/channels-page.tsx',
      '../../packages/i18n/src/channels.ts',
    ],
    budgetKb: 450,
  },
  {
    name: '/setting/team',
    modules: [
      'src/app/shell/desktop-shell.tsx',
      'src/features/teams/components/teams-page.tsx',
      '../../packages/i18n/src/settings.ts',
      '../../packages/i18n/src/workforce.ts',
    ],
    budgetKb: 450,
  },
  {
    name: '/setting/user',
    modules: [
      'src/app/shell/desktop-shell.tsx',
      'src/features/users/components/users-page.tsx',
      '../../packages/i18n/src/settings.ts',
      '../../packages/i18n/src/workforce.ts',
    ],
    budgetKb: 450,
  },
  {
    name: '/setting/tag',
    modules: [
      'src/app/shell/desktop-shell.tsx',
      'src/features/tags/components/tags-page.tsx',
      '../../packages/i18n/src/settings.ts',
    ],
    budgetKb: 450,
  },
  {
    name: '/setting/auto-assignment',
    modules: [
      'src/app/shell/desktop-shell.tsx',
      'src/features/auto-assignment/components/auto-assignment-page.tsx',
      '../../packages/i18n/src/settings.ts',
      '../../packages/i18n/src/workforce.ts',
    ],
    budgetKb: 450,
  },
  {
    name: '/setting/canned-response',
    modules: [
      'src/app/shell/desktop-shell.tsx',
      'src/features/canned-responses/components/canned-responses-page.tsx',
      '../../packages/i18n/src/settings.ts',
    ],
    budgetKb: 450,
  },
];

function collect(key, files) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files);
}

const print = (...parts) => process.stdout.write(`${parts.join(' ')}\n`);
const gzipKb = (file) => gzipSync(readFileSync(join(dist, file))).length / 1024;

let isOver = false;
print('route'.padEnd(36), 'chunks'.padStart(6), 'KB gzip'.padStart(9), 'budget'.padStart(8));
for (const route of routes) {
  const files = new Set();
  collect('index.html', files);
  for (const module of route.modules) collect(module, files);
  const js = [...files].filter((file) => file.endsWith('.js'));
  const total = js.reduce((sum, file) => sum + gzipKb(file), 0);
  isOver ||= total > route.budgetKb;
  print(
    route.name.padEnd(36),
    String(js.length).padStart(6),
    total.toFixed(1).padStart(9),
    String(route.budgetKb).padStart(8),
  );
  if (process.argv.includes('--verbose')) {
    for (const file of js.sort()) print('   ', file.padEnd(50), gzipKb(file).toFixed(1).padStart(8));
  }
}
if (process.argv.includes('--check') && isOver) {
  console.error('Over budget.');
  process.exit(1);
}
