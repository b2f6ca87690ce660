// `npm run backup [-- --out FILE]`, `npm run backup -- --verify FILE` and `npm run restore FILE [-- --into
// DIR|URL]` (docs/operations.md "Backups"), against DATABASE_URL or the embedded database under DATA_DIR.
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, open, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config';
import { DataDirInUseError } from '../platform/data-dir-lock';
import { openDb } from '../platform/db';
import { ArchiveError } from './archive';
import { writeEmbeddedBackup, writeServerBackup } from './create';
import { migrationLevel, type Manifest, type MigrationLevel } from './manifest';
import { runPgTool } from './pg-tools';
import { restoreEmbedded, RestoreRefused, restoreServer } from './restore';
import { backupSocketPath, requestBackup } from './socket';
import { verifyBackup, type VerifiedBackup } from './verify';

/** A failure this command explains in full: printed without a stack. */
class Refusal extends Error {}

const say = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const levelText = (l: MigrationLevel) => `${l.latest ?? 'none'} (${l.applied} migrations)`;

function defaultFile(config: Config) {
  const stamp = new Date()
    .toISOString()
    .replace(/[:]/g, '-')
    .replace(/\.\d+Z$/, 'Z');
  const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
  return path.join(config.ROOT_DIR, 'backups', `sabai-${kind}-${stamp}.tar`);
}

/** The file being written, readable by its owner only (a backup holds every secret of the installation). */
async function openOutput(partial: string) {
  try {
    return (await open(partial, 'wx', 0o600)).createWriteStream();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    throw new Refusal(`${partial} exists: a backup to this name is running or was interrupted (remove it).`);
  }
}

/** Embedded: the running server writes it (backup socket); with none running, this process opens the database. */
async function backupEmbedded(config: Config, out: Writable): Promise<string> {
  const answer = await requestBackup(config.DATA_DIR, out).catch((err: Error) => {
    throw new Refusal(err.message);
  });
  if (answer === 'received') return 'written by the running server';
  const pgliteDir = path.join(config.DATA_DIR, 'pglite');
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION')))
    throw new Refusal(`There is no embedded database in ${pgliteDir} to back up (DATA_DIR).`);
  const db = await openDb({ dataDir: pgliteDir }).catch((err: unknown) => {
    if (!(err instanceof DataDirInUseError)) throw err;
    const socket = backupSocketPath(config.DATA_DIR);
    throw new Refusal(
      `${err.message}\nIts backup socket ${socket ?? '(none: DATA_DIR is too long a path for one)'} does not ` +
        `answer: stop that process to back up, or run this on the machine and as the user it runs as.`,
    );
  });
  try {
    await writeEmbeddedBackup(out, { db, filesDir: path.join(config.DATA_DIR, 'files') });
  } finally {
    await db.close();
  }
  out.end();
  await finished(out);
  return 'no server was running: read from the data directory';
}

async function backupServer(config: Config, databaseUrl: string, out: Writable, dumpFile: string) {
  const db = await openDb({ databaseUrl, poolSize: 1 });
  try {
    await writeServerBackup(out, {
      db,
      databaseUrl,
      filesDir: path.join(config.DATA_DIR, 'files'),
      dumpFile,
      pgDump: (args) => runPgTool({ binDir: config.PG_BIN_DIR }, 'pg_dump', databaseUrl, args),
    });
  } finally {
    await db.close();
    await rm(dumpFile, { force: true });
  }
  out.end();
  await finished(out);
  return 'pg_dump snapshot';
}

async function backup(config: Config, outOption: string | undefined) {
  const started = performance.now();
  const file = path.resolve(outOption ?? defaultFile(config));
  if (existsSync(file)) throw new Refusal(`${file} exists already: choose another --out.`);
  await mkdir(path.dirname(file), { recursive: true });
  // Written aside and moved into place once checked, so a file under the final name is a whole backup.
  const partial = `${file}.partial`;
  const out = await openOutput(partial);
  let how: string;
  let verified: VerifiedBackup;
  try {
    how = config.DATABASE_URL
      ? await backupServer(config, config.DATABASE_URL, out, `${partial}.pg_dump`)
      : await backupEmbedded(config, out);
    verified = await verifyBackup(partial).catch((err: unknown) => {
      throw new Refusal(`The backup written is not whole (${String(err)}); see the server's log.`);
    });
    await verified.reader.close();
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  const { manifest } = verified;
  say(`Backup written: ${file}`);
  say(`  ${describe(manifest)}; ${how}`);
  say(`  ${mib((await stat(file)).size)} in ${seconds(started)}`);
}

function describe(m: Manifest) {
  const bodies = m.entries.filter((e) => e.name.startsWith('files/')).length;
  return `${m.kind} backup of ${m.createdAt}, migration ${levelText(m.migration)}, ${bodies} stored files`;
}

/** Checks the archive, then opens its database: an embedded dump in memory, a PostgreSQL one with pg_restore. */
async function verify(config: Config, file: string) {
  const started = performance.now();
  const backup = await verifyBackup(path.resolve(file));
  try {
    say(`Archive whole: ${describe(backup.manifest)}; every checksum matches.`);
    if (backup.manifest.kind === 'pglite') {
      const db = await openDb({ loadDataDir: new Blob([await backup.reader.read(backup.dump)]) });
      try {
        const [counts] = await db.query<Record<string, number>>(
          `SELECT (SELECT count(*)::int FROM organizations) AS organizations,
                  (SELECT count(*)::int FROM issues) AS issues,
                  (SELECT count(*)::int FROM messages) AS messages,
                  (SELECT count(*)::int FROM files) AS files`,
        );
        say(`Database opens: migration ${levelText(await migrationLevel(db))}; ${JSON.stringify(counts)}`);
      } finally {
        await db.close();
      }
    } else {
      const work = await mkdtemp(path.join(os.tmpdir(), 'sabai-verify-'));
      try {
        const dumpFile = path.join(work, 'postgres.dump');
        await pipeline(backup.reader.stream(backup.dump), createWriteStream(dumpFile));
        const list = await runPgTool({ binDir: config.PG_BIN_DIR }, 'pg_restore', null, ['--list', dumpFile]);
        const tables = list.split('\n').filter((l) => l.includes(' TABLE DATA ')).length;
        say(`Dump readable by pg_restore: ${tables} tables with data.`);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    }
    say(`Verified in ${seconds(started)}.`);
  } finally {
    await backup.reader.close();
  }
}

async function restore(config: Config, file: string | undefined, into: string | undefined) {
  if (!file) throw new Refusal('Usage: npm run restore FILE [-- --into DIR|postgres://…]');
  const started = performance.now();
  const backup = await verifyBackup(path.resolve(file));
  try {
    const { manifest } = backup;
    const intoUrl = into?.startsWith('postgres');
    if (manifest.kind === 'pglite') {
      if (intoUrl || (!into && config.DATABASE_URL))
        throw new RestoreRefused(
          'Not restored: this is a backup of an embedded database; it restores into a data directory ' +
            '(--into DIR, or DATA_DIR without DATABASE_URL).',
        );
      const dir = into ? path.resolve(into) : config.DATA_DIR;
      const level = await restoreEmbedded(backup, dir);
      say(`Restored ${describe(manifest)} into ${dir} in ${seconds(started)}.`);
      say(
        `  Database at migration ${levelText(level)}. Start the server with DATA_DIR=${dir}: it migrates at start.`,
      );
      return;
    }
    const databaseUrl = intoUrl ? into : into ? undefined : config.DATABASE_URL;
    if (!databaseUrl)
      throw new RestoreRefused(
        'Not restored: this is a backup of a PostgreSQL database; it restores into an empty database ' +
          '(--into postgres://…, or DATABASE_URL).',
      );
    const level = await restoreServer(backup, {
      databaseUrl,
      filesDir: path.join(config.DATA_DIR, 'files'),
      pgRestore: (args, url) => runPgTool({ binDir: config.PG_BIN_DIR }, 'pg_restore', url, args),
    });
    say(`Restored ${describe(manifest)} in ${seconds(started)}.`);
    say(
      `  Database at migration ${levelText(level)}. Run \`npm run db:migrate\` against it when this ` +
        'release has newer migrations, then start the nodes.',
    );
  } finally {
    await backup.reader.close();
  }
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { out: { type: 'string' }, verify: { type: 'string' }, into: { type: 'string' } },
  });
  const config = loadConfig();
  if (command === 'backup' && values.verify) return verify(config, values.verify);
  if (command === 'backup') return backup(config, values.out ?? positionals[0]);
  if (command === 'restore') return restore(config, positionals[0], values.into);
  throw new Refusal(
    'Usage: cli.ts backup [--out FILE] | backup --verify FILE | restore FILE [--into DIR|URL]',
  );
}

main().catch((err: unknown) => {
  // Refusals and damaged archives say all there is to say; anything else is unexpected: keep its stack.
  const plain =
    err instanceof Refusal ||
    err instanceof RestoreRefused ||
    err instanceof ArchiveError ||
    !(err instanceof Error);
  process.stderr.write(
    `${plain ? String(err instanceof Error ? err.message : err) : (err.stack ?? err.message)}\n`,
  );
  process.exit(1);
});
