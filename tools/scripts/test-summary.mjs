// The verdict of the test command. It knows the phases to expect (test-phases.mjs) and fails when one is
// missing, exited non-zero, or its report shows a failed or skipped test, a file that did not run, an
// unhandled error or no test at all. It prints each phase's duration and the slowest test files, so drift shows long
// before CI's limit, and ends with the one closing line "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RESULTS_DIR, testPhases } from './test-phases.mjs';

const SLOWEST = 15;
const dir = process.argv[2] ?? RESULTS_DIR;
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

const recorded = readJson(path.join(dir, 'phases.json')) ?? [];
// What failed besides tests (a phase missing, crashed or without a report) counts as one failure each in
// the closing line, so that line never says "0 failed" on a failing run.
const problems = [];
const testFailures = [];
const rows = [];
const files = [];
let passed = 0;
let failed = 0;
let skipped = 0;

for (const phase of testPhases(process.env)) {
  const record = recorded.find((entry) => entry.name === phase.name);
  const seconds = record ? `${record.seconds.toFixed(1)} s` : '-';
  const report = phase.report && readJson(path.join(dir, path.basename(phase.report)));
  const testsFailed = report && Object.values(report.projects).some((project) => project.failed > 0);
  if (!record) problems.push(`${phase.name}: did not run`);
  // A test phase exits non-zero when a test failed: counted once, as that test.
  else if (record.exitCode !== 0 && !testsFailed)
    problems.push(`${phase.name}: exited with ${record.exitCode}`);
  if (!phase.report) {
    rows.push([phase.name, seconds, record ? (record.exitCode === 0 ? 'ok' : 'FAILED') : 'missing']);
    continue;
  }
  if (!report) {
    if (record) problems.push(`${phase.name}: wrote no report`);
    rows.push([phase.name, seconds, 'no report']);
    continue;
  }
  if (report.unhandledErrors > 0) problems.push(`${phase.name}: ${report.unhandledErrors} unhandled errors`);
  files.push(...report.files);
  for (const [i, name] of phase.projects.entries()) {
    const project = report.projects[name];
    const label = phase.projects.length > 1 ? `${phase.name} › ${name}` : phase.name;
    if (!project) {
      problems.push(`${label}: no tests ran`);
      rows.push([label, i === 0 ? seconds : '', 'no tests']);
      continue;
    }
    passed += project.passed;
    failed += project.failed;
    skipped += project.skipped;
    if (project.passed === 0) problems.push(`${label}: no test passed`);
    // A skipped test checks nothing while looking like coverage.
    if (project.skipped > 0) problems.push(`${label}: ${project.skipped} skipped`);
    if (project.failed > 0) testFailures.push(`${label}: ${project.failed} failed`);
    for (const file of project.failedFiles) problems.push(`${label}: ${file} did not run to its end`);
    const own = report.files.filter((file) => file.project === name);
    const fileSeconds = own.reduce((sum, f) => sum + f.ms, 0);
    const importSeconds = own.reduce((sum, f) => sum + f.importMs, 0);
    rows.push([
      label,
      i === 0 ? seconds : '',
      `${project.files} files, ${project.passed} passed, ${project.failed} failed` +
        (project.skipped ? `, ${project.skipped} skipped` : '') +
        `, ${Math.round(fileSeconds / 1000)} s in files (${Math.round(importSeconds / 1000)} s importing)`,
    ]);
  }
}

// Wall time from the first phase's start to the last one's end: phases that run side by side overlap.
const total =
  recorded.length === 0
    ? 0
    : (Math.max(...recorded.map((entry) => entry.endedAt ?? 0)) -
        Math.min(...recorded.map((entry) => entry.startedAt ?? 0))) /
      1000;
const table = (lines) => {
  const widths = lines[0].map((_, col) => Math.max(...lines.map((line) => String(line[col]).length)));
  return lines.map((line) =>
    line
      .map((cell, col) => String(cell).padEnd(widths[col]))
      .join('  ')
      .trimEnd(),
  );
};
console.log('\nPhase');
for (const line of table([...rows, ['total', `${total.toFixed(1)} s`, '']])) console.log(`  ${line}`);
console.log(`\nSlowest test files`);
const slowest = [...files].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
for (const line of table(slowest.map((f) => [`${(f.ms / 1000).toFixed(1)} s`, f.project, f.file])))
  console.log(`  ${line}`);
if (problems.length + testFailures.length > 0) {
  console.log('\nFailed');
  for (const problem of [...testFailures, ...problems]) console.log(`  ${problem}`);
}
console.log(`\n${passed} passed, ${failed + problems.length} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(problems.length + testFailures.length > 0 ? 1 : 0);
