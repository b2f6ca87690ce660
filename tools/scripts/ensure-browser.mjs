// Browser tests drive Debian's Chromium with Thai fonts (no browser downloads here). Installs both when
// missing and we are root with apt; otherwise says what to install.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const hasThaiFonts = () =>
  existsSync('/usr/share/fonts/truetype/tlwg') || existsSync('/usr/share/fonts/opentype/tlwg');
if (existsSync('/usr/bin/chromium') && hasThaiFonts()) process.exit(0);

const isRoot = process.getuid?.() === 0;
let hasApt = false;
try {
  execSync('command -v apt-get', { stdio: 'ignore' });
  hasApt = true;
} catch {
  hasApt = false;
}
if (!isRoot || !hasApt) {
  console.error(
    'Browser tests need Chromium and Thai fonts: sudo apt-get install -y chromium fonts-thai-tlwg',
  );
  process.exit(1);
}
console.warn('Installing chromium and fonts-thai-tlwg for the browser tests…');
execSync(
  'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-thai-tlwg',
  {
    stdio: 'inherit',
    shell: '/bin/bash',
  },
);
