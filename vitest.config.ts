import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests (packages, web logic) run once; server tests run on embedded PGlite and, when
// TEST_DATABASE_URL is set (CI sets it), again on the PostgreSQL server. End-to-end journeys have their
// own config (e2e/vitest.config.ts) because they need the built web app.
const serverProject = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${db}`,
    include: ['apps/server/**/*.test.ts', 'tools/simulator/**/*.test.ts'],
    // A file named for one database (x.pglite.test.ts, x.postgres.test.ts) tests what only that one has.
    exclude: [`**/*.${db === 'pglite' ? 'postgres' : 'pglite'}.test.ts`, '**/node_modules/**'],
    env: { TEST_DB: db },
    // Memory tests force a collection to measure what is retained, not garbage not yet collected.
    execArgv: ['--expose-gc'],
    globalSetup: ['apps/server/test/global-setup.ts'],
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
          include: ['packages/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
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
