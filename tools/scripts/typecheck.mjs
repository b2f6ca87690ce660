// Type-checks every workspace project with its own tsconfig.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = [
  'packages/domain',
  'packages/contracts',
  'packages/i18n',
  'apps/server',
  'apps/web',
  'tools/simulator',
  'e2e',
  'bench',
];
let failed = false;
for (const p of projects) {
  if (!existsSync(`${p}/tsconfig.json`)) continue;
  try {
    execFileSync('npx', ['tsc', '-p', p, '--noEmit'], { stdio: 'inherit' });
  } catch {
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
