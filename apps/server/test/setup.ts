// Runs around every server test file: whatever the file opened is closed when its tests end, and the next
// file gets its own PostgreSQL copy, so files sharing a worker process never see each other's apps or data.
import { afterAll } from 'vitest';
import { forgetFileDatabase } from './db';
import { closeFileResources } from './file-resources';

afterAll(async () => {
  await closeFileResources();
  forgetFileDatabase();
});
