// Starts the roles named in config (docs/architecture.md "Runtime shapes") and shuts down gracefully.
// Embedded default: one process on PGlite under DATA_DIR, migrated and seeded with demo data on first start.
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig, shouldSeedDemo } from './config';
import { DEMO_PASSWORD, DEMO_USERS, SECOND_ORG_ADMIN, seedDemo } from './db/seed';
import { isDatabaseFailure, openDb, type Db } from './platform/db';
import { loadCipher } from './platform/secrets';
import type { Cipher } from './platform/crypto';
import { findChannelsOnDemoSecret } from './modules/channels';
import { pendingMigrations } from './db/migrations-status';
import { writeEmbeddedBackup } from './backup/create';
import { serveBackups } from './backup/socket';

async function main() {
  const config = loadConfig();
  const embedded = !config.DATABASE_URL;
  const db = await openDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, 'pglite'),
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await prepareSchema(db, embedded);
  if (config.NODE_ENV === 'production') await refuseDemoLineSecrets(db, await loadCipher(config, db));

  const shouldSeed = shouldSeedDemo(config);
  const seeded = shouldSeed && (await seedDemo(db, await loadCipher(config, db)));

  const { app, deps } = await buildApp({
    config,
    db,
    serveWebApp: config.ROLES !== 'worker',
    runWorkers: config.ROLES !== 'http',
    // HTTP nodes relay events to their websocket clients.
    realtime: config.ROLES !== 'worker',
  });
  app.log.info({ node: process.version, roles: config.ROLES }, 'starting');
  // pg-boss completes and fails jobs without awaiting (its work loop): when the database refuses that
  // write (connection lost, disk full, read-only), the rejection is unhandled and would end the process,
  // though the job's lease just lapses and it runs again. Such database failures are logged (and show in
  // /readyz); any other unhandled rejection still ends the process.
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseFailure(reason)) throw reason;
    app.log.error({ err: reason }, 'unhandled database failure');
  });
  // `npm run backup` asks this process, the only one that may open the embedded database.
  const backups =
    db.kind === 'pglite'
      ? await serveBackups({
          dataDir: config.DATA_DIR,
          produce: (out) =>
            writeEmbeddedBackup(out, {
              db,
              filesDir: path.join(config.DATA_DIR, 'files'),
              storage: deps.storage,
            }),
          logger: app.log,
        })
      : null;
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await backups?.close();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (config.ROLES === 'worker') {
    await app.ready();
    app.log.info('worker started');
    return;
  }
  await app.listen({ host: config.HOST, port: config.PORT });
  if (shouldSeed) printWelcome(config.PUBLIC_URL, seeded);
}

/** Embedded: migrate at every start (one process). Server: migrations run once, explicitly. */
async function prepareSchema(db: Db, embedded: boolean) {
  if (embedded) return db.migrate();
  const pending = await pendingMigrations(db);
  if (pending.length > 0) {
    throw new Error(
      `The database needs migrations (${pending.join(', ')}): run \`npm run db:migrate\` first.`,
    );
  }
}

/** Production refuses to run while a LINE channel (not a seeded demo one) holds a demo channel secret. */
async function refuseDemoLineSecrets(db: Db, cipher: Cipher) {
  const found = await findChannelsOnDemoSecret(db.orm, cipher);
  if (found.length === 0) return;
  const lines = found.map(
    (c) =>
      `  LINE channel "${c.name}" (channel id ${c.channelId}, organisation "${c.organization}"): its channel ` +
      'secret is the public demo one',
  );
  throw new Error(
    `Invalid data for NODE_ENV=production:\n${lines.join('\n')}\nEnter each channel's real channel secret ` +
      '(LINE Developers console, Basic settings) in Settings > Channels, or delete the channel.',
  );
}

function printWelcome(url: string, seeded: boolean) {
  const lines = [
    '',
    `  Sabai Inbox is running at ${url}${seeded ? ' (demo data seeded)' : ''} on Node ${process.version}`,
    `  Demo sign-in (password ${DEMO_PASSWORD}):`,
    ...DEMO_USERS.map((u) => `    ${u.role.padEnd(10)} ${u.email}`),
    `    ${'Admin'.padEnd(10)} ${SECOND_ORG_ADMIN.email} (organisation "Second Shop")`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
