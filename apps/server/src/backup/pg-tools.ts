// PostgreSQL's own client tools (pg_dump, pg_restore), which must be of the server's major version or newer.
// The password travels in the child's environment (PGPASSWORD), never on its command line, where any
// local user could read it in the process list.
import { spawn } from 'node:child_process';
import path from 'node:path';

export type PgTools = { binDir?: string | undefined };

/** The connection URL without its password, and an environment carrying the password. */
function connection(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { dbname: url.toString(), env };
}

/** Runs `tool` against `databaseUrl`; rejects with the tool's own words when it fails. */
export function runPgTool(
  tools: PgTools,
  tool: 'pg_dump' | 'pg_restore',
  databaseUrl: string | null,
  args: string[],
): Promise<string> {
  const bin = tools.binDir ? path.join(tools.binDir, tool) : tool;
  const { dbname, env } = databaseUrl ? connection(databaseUrl) : { dbname: null, env: process.env };
  const child = spawn(bin, [...(dbname ? [`--dbname=${dbname}`] : []), ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new Error(
              `${bin} was not found: install PostgreSQL's client tools of the server's major version ` +
                `(Debian: postgresql-client-15) or point PG_BIN_DIR at them`,
            )
          : err,
      ),
    );
    child.once('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${tool} failed (exit code ${code}): ${stderr.trim()}`));
    });
  });
}
