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

/** Runs one phase; a buffered one prints its output when it ends, so two phases never interleave. */
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

/** The phases `phase` waits for, directly or through another. */
function before(phase) {
  const names = new Set();
  const visit = (name) => {
    for (const dependency of phases.find((p) => p.name === name)?.after ?? []) {
      if (names.has(dependency)) continue;
      names.add(dependency);
      visit(dependency);
    }
  };
  visit(phase.name);
  return names;
}
/** Two phases may run at once when neither waits for the other: each then keeps its output until it ends. */
const sharesTime = (phase) =>
  phases.some((other) => other !== phase && !before(phase).has(other.name) && !before(other).has(phase.name));

const exitCodes = new Map();
const running = new Map();
let waiting = [...phases];
while (waiting.length > 0 || running.size > 0) {
  const ready = waiting.filter((phase) => phase.after.every((name) => exitCodes.has(name)));
  waiting = waiting.filter((phase) => !ready.includes(phase));
  // A phase waiting on a name no phase has (or on a circle) would wait forever: the list is wrong.
  if (ready.length === 0 && running.size === 0)
    throw new Error(`phases that can never start: ${waiting.map((phase) => phase.name).join(', ')}`);
  for (const phase of ready) {
    if (phase.needsBuild && exitCodes.get('build') !== 0) {
      console.log(`\n▶ ${phase.name}: not run, the web build failed`);
      exitCodes.set(phase.name, 1);
      continue;
    }
    const buffered = sharesTime(phase);
    if (!buffered) console.log(`\n▶ ${phase.name}: ${phase.command.join(' ')}`);
    running.set(
      phase.name,
      run(phase, { buffered }).then((code) => {
        exitCodes.set(phase.name, code);
        running.delete(phase.name);
      }),
    );
  }
  if (running.size > 0) await Promise.race(running.values());
}
