// Prints one closing line for the whole test command ("N passed, N failed"), summed over the vitest JSON
// reports of the run (unit + server on each database, end-to-end), so CI reads one verdict.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = '.test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of existsSync(dir) ? readdirSync(dir) : []) {
  if (!name.endsWith('.json')) continue;
  const report = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(`${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
