// Runs before each server test file. The files of a worker share their modules (isolate: false in
// vitest.config.ts: importing the app once per worker instead of once per file), so what the test support
// holds for one file is let go after that file's tests, before the next file of the worker starts.
import { afterAll } from 'vitest';
import { forgetFileDatabase } from './db';
import { killServerProcesses } from './server-process';

afterAll(() => {
  killServerProcesses();
  forgetFileDatabase();
});
