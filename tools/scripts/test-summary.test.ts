// The test command's verdict: it passes only when every expected phase ran and passed, whatever the runner
// managed to record before a crash.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SUMMARY = path.join(import.meta.dirname, 'test-summary.mjs');
const dirs: string[] = [];

type Project = { passed: number; failed?: number; skipped?: number; failedFiles?: string[] };

function report(projects: Record<string, Project>) {
  return {
    reason: 'passed',
    unhandledErrors: 0,
    projects: Object.fromEntries(
      Object.entries(projects).map(([name, p]) => [
        name,
        { failed: 0, skipped: 0, failedFiles: [], files: 1, ...p },
      ]),
    ),
    files: Object.keys(projects).map((name) => ({
      project: name,
      file: `${name}.test.ts`,
      ms: 1200,
      importMs: 300,
    })),
  };
}

/** A results folder as a whole, passing run leaves it, on PGlite and PostgreSQL. */
function passingRun(): Record<string, unknown> {
  // Lint and the type check share the first 10 s; each later phase takes the next 10 s.
  const turns = ['lint', 'typecheck', 'unit', 'server', 'build', 'journeys'].map((name) =>
    ['lint', 'typecheck'].includes(name) ? 0 : ['unit', 'server', 'build', 'journeys'].indexOf(name) + 1,
  );
  const phase = (name: string, turn: number) => ({
    name,
    exitCode: 0,
    seconds: 10,
    startedAt: turn * 10_000,
    endedAt: (turn + 1) * 10_000,
  });
  return {
    'phases.json': ['lint', 'typecheck', 'unit', 'server', 'build', 'journeys'].map((name, i) =>
      phase(name, turns[i]!),
    ),
    'unit.json': report({ unit: { passed: 50 }, components: { passed: 20 } }),
    'server.json': report({ 'server-pglite': { passed: 30 }, 'server-postgres': { passed: 30 } }),
    'journeys.json': report({ journeys: { passed: 10 } }),
  };
}

function summarise(
  files: Record<string, unknown>,
  env: Record<string, string> = { TEST_DATABASE_URL: 'postgres://x' },
) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sabai-summary-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files))
    writeFileSync(path.join(dir, name), JSON.stringify(content));
  const result = spawnSync(process.execPath, [SUMMARY, dir], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, ...env },
  });
  const lines = result.stdout.trim().split('\n');
  return { status: result.status, output: result.stdout, closing: lines.at(-1) };
}

const withPhase = (
  run: Record<string, unknown>,
  name: string,
  exitCode: number,
): Record<string, unknown> => ({
  ...run,
  'phases.json': (run['phases.json'] as { name: string }[]).map((p) =>
    p.name === name ? { ...p, exitCode } : p,
  ),
});

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('test summary', () => {
  it('passes a run where every phase passed, with the phase table and the slowest files', () => {
    const { status, output, closing } = summarise(passingRun());
    expect(status).toBe(0);
    expect(closing).toBe('140 passed, 0 failed');
    for (const phase of [
      'lint',
      'typecheck',
      'unit › components',
      'server › server-postgres',
      'build',
      'journeys',
    ])
      expect(output).toContain(phase);
    expect(output).toContain('Slowest test files');
    expect(output).toContain('s importing');
    // Five turns of 10 s: the two phases side by side count once.
    expect(output).toMatch(/total\s+50\.0 s/);
  });

  it('fails when the journeys crashed before writing their report', () => {
    const run = withPhase(passingRun(), 'journeys', 1);
    delete run['journeys.json'];
    const { status, output, closing } = summarise(run);
    expect(status).toBe(1);
    expect(output).toContain('journeys: exited with 1');
    expect(output).toContain('journeys: wrote no report');
    expect(closing).toBe('130 passed, 2 failed');
  });

  it('fails when the journeys never ran and left no record', () => {
    const run = passingRun();
    run['phases.json'] = (run['phases.json'] as { name: string }[]).filter((p) => p.name !== 'journeys');
    delete run['journeys.json'];
    const { status, output } = summarise(run);
    expect(status).toBe(1);
    expect(output).toContain('journeys: did not run');
  });

  it('fails when the web build failed, even with every test passing', () => {
    const { status, output, closing } = summarise(withPhase(passingRun(), 'build', 2));
    expect(status).toBe(1);
    expect(output).toContain('build: exited with 2');
    expect(closing).toBe('140 passed, 1 failed');
  });

  it('fails when PostgreSQL is configured but its server tests did not run', () => {
    const run = passingRun();
    run['server.json'] = report({ 'server-pglite': { passed: 30 } });
    const { status, output } = summarise(run);
    expect(status).toBe(1);
    expect(output).toContain('server › server-postgres: no tests ran');
  });

  it('expects no PostgreSQL phase when no PostgreSQL is configured', () => {
    const run = passingRun();
    run['server.json'] = report({ 'server-pglite': { passed: 30 } });
    expect(summarise(run, {}).status).toBe(0);
  });

  it('counts a failed journey once, not again as its phase exiting non-zero', () => {
    const run = withPhase(passingRun(), 'journeys', 1);
    run['journeys.json'] = report({ journeys: { passed: 9, failed: 1 } });
    const { status, output, closing } = summarise(run);
    expect(status).toBe(1);
    expect(output).toContain('journeys: 1 failed');
    expect(closing).toBe('139 passed, 1 failed');
  });

  it('fails on a failed test, a file that did not run to its end, and a skipped test', () => {
    const run = passingRun();
    run['unit.json'] = report({
      unit: { passed: 49, failed: 1 },
      components: { passed: 19, skipped: 1, failedFiles: ['apps/web/src/x.component.test.tsx'] },
    });
    const { status, output, closing } = summarise(run);
    expect(status).toBe(1);
    expect(output).toContain('unit › unit: 1 failed');
    expect(output).toContain('unit › components: 1 skipped');
    expect(output).toContain('apps/web/src/x.component.test.tsx did not run to its end');
    expect(closing).toBe('138 passed, 3 failed, 1 skipped');
  });
});
