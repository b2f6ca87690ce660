// Prints one closing line for the whole test command ("N passed, N failed"), summed over the vitest JSON
// reports of the run (unit + server on each database, end-to-end), so CI reads one verdict.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The e2e project's root is e2e/, so its report lands in e2e/.test-results.
const dirs = ['.test-results', 'e2e/.test-results'];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of dirs.flatMap((dir) =>
  existsSync(dir) ? readdirSync(dir).map((name) => path.join(dir, name)) : [],
)) {
  if (!file.endsWith('.json')) continue;
  const name = path.basename(file);
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(`${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
