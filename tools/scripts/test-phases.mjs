// The phases of the test command, in order, and what each must leave behind. One list, read by the
// runner (run-tests.mjs) and by the summary (test-summary.mjs), which fails when any phase is missing.
import { fileURLToPath } from 'node:url';

export const RESULTS_DIR = '.test-results';

const REPORTER = fileURLToPath(new URL('./phase-reporter.mjs', import.meta.url));
const vitest = (...args) => ['npx', 'vitest', 'run', '--reporter=default', `--reporter=${REPORTER}`, ...args];

/**
 * Each phase: its name, its command, the turn it shares with phases run at the same time, and for test phases
 * the vitest report it writes and the projects that report must show passing. Server tests run on
 * PostgreSQL too when TEST_DATABASE_URL is set.
 */
export function testPhases(env) {
  const postgres = Boolean(env.TEST_DATABASE_URL);
  return [
    // Each is one process, so on two cores they run side by side.
    { name: 'lint', command: ['npm', 'run', 'lint'], turn: 'static' },
    { name: 'typecheck', command: ['npm', 'run', 'typecheck'], turn: 'static' },
    {
      name: 'unit',
      command: vitest('--project', 'unit', '--project', 'components'),
      report: `${RESULTS_DIR}/unit.json`,
      projects: ['unit', 'components'],
    },
    {
      name: 'server',
      command: [
        'sh',
        '-c',
        `node tools/scripts/ensure-packages.mjs server && ${vitest('--project', 'server-pglite', ...(postgres ? ['--project', 'server-postgres'] : [])).join(' ')}`,
      ],
      report: `${RESULTS_DIR}/server.json`,
      projects: ['server-pglite', ...(postgres ? ['server-postgres'] : [])],
    },
    { name: 'build', command: ['npm', 'run', 'build:web'] },
    {
      name: 'journeys',
      command: [
        'sh',
        '-c',
        `node tools/scripts/ensure-packages.mjs browser && ${vitest('--config', 'e2e/vitest.config.ts').join(' ')}`,
      ],
      report: `${RESULTS_DIR}/journeys.json`,
      projects: ['journeys'],
      needsBuild: true,
    },
  ];
}
