// Runs every phase of the test command and records each one's exit code and duration in
// .test-results/phases.json; test phases also write their vitest report there (phase-reporter.mjs).
// It never decides the verdict: test-summary.mjs does, from what is recorded, so a phase that crashed
// before recording anything still fails the run.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { RESULTS_DIR, testPhases } from './test-phases.mjs';

rmSync(RESULTS_DIR, { recursive: true, force: true });
mkdirSync(RESULTS_DIR, { recursive: true });

const recorded = [];

/**
 * Runs one phase. A phase that shares its turn with another (lint beside the type check: each is one
 * process on one core) keeps its output until it ends, so the two never interleave.
 */
function run(phase, { buffered }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const env = { ...process.env, ...(phase.report ? { TEST_REPORT: path.resolve(phase.report) } : {}) };
    const child = spawn(phase.command[0], phase.command.slice(1), {
      env,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const done = (exitCode) => {
      if (buffered)
        process.stdout.write(`\n▶ ${phase.name}: ${phase.command.join(' ')}\n${Buffer.concat(output)}`);
      const ended = Date.now();
      recorded.push({
        name: phase.name,
        exitCode,
        seconds: Math.round((ended - started) / 100) / 10,
        startedAt: started,
        endedAt: ended,
      });
      writeFileSync(path.join(RESULTS_DIR, 'phases.json'), JSON.stringify(recorded, null, 1));
      resolve(exitCode);
    };
    child.on('error', () => done(1));
    child.on('close', (code) => done(code ?? 1));
  });
}

const phases = testPhases(process.env);
const turns = [...new Set(phases.map((phase) => phase.turn ?? phase.name))];
let buildFailed = false;
for (const turn of turns) {
  const together = phases.filter((phase) => (phase.turn ?? phase.name) === turn);
  const runnable = together.filter((phase) => !(phase.needsBuild && buildFailed));
  for (const phase of together.filter((p) => !runnable.includes(p)))
    console.log(`\n▶ ${phase.name}: not run, the web build failed`);
  if (runnable.length === 1) console.log(`\n▶ ${runnable[0].name}: ${runnable[0].command.join(' ')}`);
  const codes = await Promise.all(runnable.map((phase) => run(phase, { buffered: runnable.length > 1 })));
  if (runnable.some((phase, i) => phase.name === 'build' && codes[i] !== 0)) buildFailed = true;
}
