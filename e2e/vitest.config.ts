import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys against the real server. Files run two at a time, each worker against a server,
// simulator and mail catcher of its own with their demo data (support/global-setup.ts, support/stack.ts):
// the files of one worker run one after the other and share its product.
export default defineConfig({
  test: {
    name: 'journeys',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // Two workers keep a two-core machine busy: alone, a journey leaves a quarter of it idle while it
    // waits on the page and the server. global-setup starts a product for each.
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // A page's first answer can take a few seconds on a busy two-core machine; 1 s (the default) made
    // waits on lists fail that a user would have seen fill.
    expect: { poll: { timeout: 10_000 } },
    reporters: ['default'],
  },
});
