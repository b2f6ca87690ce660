// A vitest reporter that writes, for the test summary, one JSON record per run: each project's counts, the
// files that failed to run, the run's unhandled errors, and every file's time. The path comes from
// TEST_REPORT (the test runner sets it per phase); without it the reporter writes nothing.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export default class PhaseReporter {
  onTestRunEnd(testModules, unhandledErrors, reason) {
    const out = process.env.TEST_REPORT;
    if (!out) return;
    const projects = {};
    const files = [];
    for (const module of testModules) {
      const name = module.project.name || 'default';
      const project = (projects[name] ??= { passed: 0, failed: 0, skipped: 0, files: 0, failedFiles: [] });
      project.files += 1;
      let failedTests = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') project.passed += 1;
        else if (state === 'failed') failedTests += 1;
        else project.skipped += 1;
      }
      project.failed += failedTests;
      // A file that could not be imported, or whose hooks failed, failed without a failed test.
      if (module.state() === 'failed' && failedTests === 0) project.failedFiles.push(module.relativeModuleId);
      const diagnostic = module.diagnostic();
      files.push({
        project: name,
        file: module.relativeModuleId,
        ms: Math.round(diagnostic.duration + diagnostic.collectDuration + diagnostic.setupDuration),
        importMs: Math.round(diagnostic.collectDuration),
      });
    }
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(
      out,
      JSON.stringify({ reason, unhandledErrors: unhandledErrors.length, projects, files }, null, 1),
    );
  }
}
