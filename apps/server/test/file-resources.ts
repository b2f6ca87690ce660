// What a test file opened (apps, databases, simulators, receivers, child processes), closed once its tests
// are done by the server projects' setup file (test/setup.ts). A helper called from a `beforeAll` cannot
// register an `afterAll` of its own: Vitest ignores a hook added while the file's hooks run, so the app
// stayed open until the process ended, and files could not share a process.
type Close = () => unknown;

const opened: Close[] = [];

/** Closes `close` after the current file's tests, after whatever was opened later. */
export function closeAfterFile(close: Close): void {
  opened.push(close);
}

/** Closes what the file opened, newest first; every closer runs even when one fails. */
export async function closeFileResources(): Promise<void> {
  const failures: unknown[] = [];
  for (const close of opened.splice(0).reverse()) {
    try {
      await close();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, 'closing the file’s resources failed');
}
