// Runs the browser journeys as shards at once (E2E_SHARDS, default 2). Each shard is a vitest run of its
// own, so its global setup starts its own server, simulator and mail catcher: no journey sees another
// shard's data. Run one after the other, a journey mostly waits on the browser and the server, and half
// of CI's two cores sat idle. Arguments are passed to each shard (a file filter, a test name).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const shards = Number(process.env.E2E_SHARDS ?? 2);
const vitest = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);

function runShard(index) {
  const args = [
    vitest,
    'run',
    '--config',
    'e2e/vitest.config.ts',
    `--shard=${index}/${shards}`,
    // A filter can leave a shard without files.
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=.test-results/e2e-${index}.json`,
    ...process.argv.slice(2),
  ];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, E2E_SHARD: String(index) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Each line names its shard: the shards' outputs interleave.
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`[${index}] ${line}\n`);
    });
    stream.on('end', () => rest && out.write(`[${index}] ${rest}\n`));
  }
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
process.exit(codes.every((code) => code === 0) ? 0 : 1);
