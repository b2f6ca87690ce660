// The phases of the test command, in order, and what each must leave behind. One list, read by the
// runner (run-tests.mjs) and by the summary (test-summary.mjs), which fails when any phase is missing.
import { fileURLToPath } from 'node:url';

export const RESULTS_DIR = '.test-results';

const REPORTER = fileURLToPath(new URL('./phase-reporter.mjs', import.meta.url));
const vitest = (...args) => ['npx', 'vitest', 'run', '--reporter=default', `--reporter=${REPORTER}`, ...args];

/**
 * Each phase: its name, its command, the phases it starts after (`after`), and for test phases the vitest
 * report it writes and the projects that report must show passing. Server tests run on PostgreSQL too when
 * TEST_DATABASE_URL is set.
 *
 * The quick phases share the two cores in two lanes: the type check then the unit tests beside lint then
 * the web build (each of the first three is one process, so one lane alone left a core idle for most of a
 * minute). The server tests and the journeys keep the machine to themselves: their waits are on the clock.
 */
export function testPhases(env) {
  const postgres = Boolean(env.TEST_DATABASE_URL);
  return [
    { name: 'lint', command: ['npm', 'run', 'lint'], after: [] },
    { name: 'typecheck', command: ['npm', 'run', 'typecheck'], after: [] },
    {
      name: 'unit',
      after: ['typecheck'],
      command: vitest('--project', 'unit', '--project', 'components'),
      report: `${RESULTS_DIR}/unit.json`,
      projects: ['unit', 'components'],
    },
    { name: 'build', command: ['npm', 'run', 'build:web'], after: ['lint'] },
    {
      name: 'server',
      after: ['lint', 'typecheck', 'unit', 'build'],
      command: [
        'sh',
        '-c',
        `node tools/scripts/ensure-packages.mjs server && ${vitest('--project', 'server-pglite', ...(postgres ? ['--project', 'server-postgres'] : [])).join(' ')}`,
      ],
      report: `${RESULTS_DIR}/server.json`,
      projects: ['server-pglite', ...(postgres ? ['server-postgres'] : [])],
    },
    {
      name: 'journeys',
      after: ['server', 'build'],
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
