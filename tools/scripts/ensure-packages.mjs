// Tests use Debian's programs, never downloads: Chromium with Thai fonts for the browser journeys; HAProxy
// (the cluster test) and pg_dump (the backup test) for the server tests on PostgreSQL. Installs what is
// missing when we are root with apt; otherwise says what to install.
//   node tools/scripts/ensure-packages.mjs browser | server
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const onPath = (command) => {
  try {
    execSync(`command -v ${command}`, { stdio: 'ignore', shell: '/bin/bash' });
    return true;
  } catch {
    return false;
  }
};
const hasThaiFonts = () =>
  existsSync('/usr/share/fonts/truetype/tlwg') || existsSync('/usr/share/fonts/opentype/tlwg');

/** Debian packages each suite needs, each with the check that it is there. */
const NEEDS = {
  browser: [
    { pkg: 'chromium', present: () => existsSync('/usr/bin/chromium') },
    { pkg: 'fonts-thai-tlwg', present: hasThaiFonts },
  ],
  server: process.env.TEST_DATABASE_URL
    ? [
        { pkg: 'haproxy', present: () => existsSync('/usr/sbin/haproxy') },
        { pkg: 'postgresql-client', present: () => onPath('pg_dump') },
      ]
    : [],
};

const suite = process.argv[2];
if (!(suite in NEEDS)) {
  console.error(`usage: ensure-packages.mjs ${Object.keys(NEEDS).join(' | ')}`);
  process.exit(2);
}
const missing = NEEDS[suite].filter((need) => !need.present()).map((need) => need.pkg);
if (missing.length === 0) process.exit(0);

if (process.getuid?.() !== 0 || !onPath('apt-get')) {
  console.error(`The ${suite} tests need Debian packages: sudo apt-get install -y ${missing.join(' ')}`);
  process.exit(1);
}
console.warn(`Installing ${missing.join(', ')} for the ${suite} tests…`);
execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, {
  stdio: 'inherit',
  shell: '/bin/bash',
});
