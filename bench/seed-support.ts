// What the large PostgreSQL seeds share (seed-workspace.ts, contacts.ts): a dedicated database, rebuilt only
// when its comment does not name the wanted seed; a bulk-load session without triggers; SQL literals; timed
// steps.
import pg from 'pg';

export const secs = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** Runs one seeding step, printing its label and how long it took. */
export async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  process.stdout.write(`  ${label} …`);
  const result = await run();
  process.stdout.write(` ${secs(started)} s\n`);
  return result;
}

/** The database name of `url`, refusing the shared ones a seed must never drop. */
export function dedicatedDbName(url: URL, example: string): string {
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || ['test', 'postgres', 'template0', 'template1'].includes(name)) {
    throw new Error(`refusing to seed database "${name}": use a dedicated one, e.g. ${example}`);
  }
  return name;
}

async function withServer<T>(url: URL, run: (server: pg.Client) => Promise<T>): Promise<T> {
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const server = new pg.Client({ connectionString: adminUrl.toString() });
  await server.connect();
  try {
    return await run(server);
  } finally {
    await server.end();
  }
}

/**
 * Whether the database must be seeded: unless it already holds the seed `marker` names (a comment on it) and
 * `force` is off, it is dropped and created empty, and the answer is true.
 */
export function prepareSeedDb(url: URL, marker: string, force: boolean): Promise<boolean> {
  const name = url.pathname.slice(1); // checked by dedicatedDbName first
  return withServer(url, async (server) => {
    const [existing] = (
      await server.query<{ comment: string | null }>(
        `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
        [name],
      )
    ).rows;
    if (existing && existing.comment === marker && !force) return false;
    if (existing) await server.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await server.query(`CREATE DATABASE ${name}`);
    return true;
  });
}

/** Records a complete seed on the database, for prepareSeedDb's next look. */
export function markSeeded(url: URL, marker: string): Promise<void> {
  return withServer(url, async (server) => {
    await server.query(`COMMENT ON DATABASE ${url.pathname.slice(1)} IS ${lit(marker)}`);
  });
}

/**
 * A session for the bulk load. It runs no triggers: no foreign-key checks (the data is consistent by
 * construction) and no status tally rows, so a seed loading issues counts the tally after (STATUS_TALLY_SQL).
 */
export async function loadSession(url: URL, maintenanceMem: string) {
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  await c.query(`SET session_replication_role = replica; SET synchronous_commit = off;
    SET work_mem = '256MB'; SET maintenance_work_mem = '${maintenanceMem}'`);
  return c;
}

/** The issues' status tally counted from the loaded issues, as migration 0012 does. */
export const STATUS_TALLY_SQL = `
  INSERT INTO issue_status_tally (organization_id, team_id, channel_id, assignee_user_id, status, n, folded)
  SELECT organization_id, team_id, channel_id, assignee_user_id, status, count(*), true FROM issues
  GROUP BY 1, 2, 3, 4, 5`;

export const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;
export const arr = (xs: readonly string[]) => `(ARRAY[${xs.map(lit).join(',')}]::text[])`;
/** One element of `xs` chosen by a non-negative integer SQL expression. */
export const pick = (xs: readonly string[], hash: string) => `${arr(xs)}[1 + (${hash}) % ${xs.length}]`;
