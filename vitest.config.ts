import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests run once. Server tests (those that reach a database) run on embedded PGlite and, when
// TEST_DATABASE_URL is set (CI sets it), again on the PostgreSQL server. End-to-end journeys have their
// own config (e2e/vitest.config.ts) because they need the built web app.

/**
 * A server test file reaches a database when it imports the test support (test/…: the app, the database
 * copy, a server process) or the database module itself. The others (pure rules, parsers, the simulator's
 * own tests) behave the same on either database, so they run once, with the unit tests.
 */
const REACHES_DATABASE = /from '(\.\.\/)+(test\/|src\/platform\/db['/])|from '\.\.?\/(\.\.\/)*db'/;
const serverFiles = globSync(['apps/server/**/*.test.ts', 'tools/simulator/**/*.test.ts']).filter(
  (file) => !file.includes('node_modules'),
);
const databaseFiles = serverFiles.filter((file) => REACHES_DATABASE.test(readFileSync(file, 'utf8')));
const databaseFreeFiles = serverFiles.filter((file) => !databaseFiles.includes(file));

/**
 * A database file whose checks rest on nothing the two engines could do differently (an endpoint's
 * validation, permissions, organisation scope and answers, calls to the providers' simulator, with plain
 * reads and writes) says so in a comment line starting `// One database is enough:` with its reason. It runs
 * once: on the PostgreSQL server when TEST_DATABASE_URL names one (PGlite runs the same queries a few times
 * slower, in the test's own thread), else on PGlite. Every other database file runs on both
 * (docs/decisions/testing.md says which behaviour that is).
 */
const ONE_DATABASE = /^\/\/ One database is enough: /m;
const oneDatabaseFiles = process.env.TEST_DATABASE_URL
  ? databaseFiles.filter((file) => ONE_DATABASE.test(readFileSync(file, 'utf8')))
  : [];

const serverProject = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${db}`,
    // A file named for one database (x.pglite.test.ts, x.postgres.test.ts) tests what only that one has.
    include: databaseFiles.filter(
      (file) =>
        !file.endsWith(`.${db === 'pglite' ? 'postgres' : 'pglite'}.test.ts`) &&
        !(db === 'pglite' && oneDatabaseFiles.includes(file)),
    ),
    env: { TEST_DB: db },
    // Memory tests force a collection to measure what is retained, not garbage not yet collected.
    execArgv: ['--expose-gc'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    // The files of a worker share one import of the app (a third of a small file's time went to it); each
    // still opens its own database and app, which the setup file closes after the file's tests.
    setupFiles: ['apps/server/test/setup.ts'],
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest leaves a core free by default: one worker on CI's two cores. The server files spend much of their
    // time waiting (child servers, the PostgreSQL server, polls), so a worker per core runs the suite in
    // two thirds of the time (1000 s → 660 s).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'tools/scripts/**/*.test.ts',
            ...databaseFreeFiles,
          ],
          exclude: ['**/*.component.test.tsx', '**/node_modules/**'],
        },
      },
      // Web screens rendered in an emulated DOM with the network answered from typed fixtures.
      {
        test: {
          name: 'components',
          include: ['apps/web/src/**/*.component.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // The files share one module graph (antd, the catalogues) instead of importing it each.
          isolate: false,
          testTimeout: 20_000,
        },
      },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
