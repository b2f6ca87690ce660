import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys against the real server (started once in global-setup). Files run one after the
// other: they share the server and its demo data.
export default defineConfig({
  test: {
    name: 'journeys',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // A page's first answer can take a few seconds on a busy two-core machine; 1 s (the default) made
    // waits on lists fail that a user would have seen fill.
    expect: { poll: { timeout: 10_000 } },
    reporters: ['default'],
  },
});
