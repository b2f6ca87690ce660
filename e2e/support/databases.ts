// The journeys' servers run on the PostgreSQL server when TEST_DATABASE_URL names one (CI does), the way a
// team runs Sabai in production, and otherwise on the embedded database in each worker's data directory.
// On PostgreSQL the demo data is seeded once and each worker gets a copy of that database.
import { spawn } from 'node:child_process';
import pg from 'pg';
import { repoRoot } from './paths';

export type JourneyDatabases = {
  /** Each worker's DATABASE_URL, or undefined for the embedded database. */
  urls: Array<string | undefined>;
  drop: () => Promise<void>;
};

/** Databases for `workers` servers: copies of one seeded with the demo data, named after this run. */
export async function journeyDatabases(workers: number): Promise<JourneyDatabases> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { urls: Array.from({ length: workers }, () => undefined), drop: async () => {} };
  const prefix = `sabai_journeys_${process.pid}`;
  const names = Array.from({ length: workers }, (_, i) => `${prefix}_${i + 1}`);
  const urlOf = (name: string) => {
    const url = new URL(base);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const drop = () =>
    onServer(base, async (admin) => {
      for (const name of [`${prefix}_seeded`, ...names])
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  try {
    await onServer(base, (admin) => admin.query(`CREATE DATABASE ${prefix}_seeded`));
    await seed(urlOf(`${prefix}_seeded`));
    await onServer(base, async (admin) => {
      for (const name of names) await admin.query(`CREATE DATABASE ${name} TEMPLATE ${prefix}_seeded`);
    });
  } catch (error) {
    await drop();
    throw error;
  }
  return { urls: names.map(urlOf), drop };
}

async function onServer<T>(url: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/** Migrates the database and seeds the demo data (`npm run db:seed`). */
function seed(databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const output: Buffer[] = [];
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/db/cli.ts', 'seed'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`Seeding the journeys' database failed:\n${Buffer.concat(output).toString()}`)),
    );
  });
}
