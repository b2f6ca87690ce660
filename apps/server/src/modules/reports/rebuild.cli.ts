// `npm run reports:rebuild [organizationId]`: recomputes the stored report days from the raw facts, for one
// organisation or all of them, against DATABASE_URL (or the embedded database under DATA_DIR).
import path from 'node:path';
import { loadConfig } from '../../config';
import { openDb } from '../../platform/db';
import { rebuildOrganization } from './reports.rollup';
import * as repo from './reports.repo';

const only = process.argv[2];
const config = loadConfig();
const db = await openDb({
  databaseUrl: config.DATABASE_URL,
  dataDir: path.join(config.DATA_DIR, 'pglite'),
  poolSize: 2,
});
try {
  for (const org of await repo.organizations(db.orm)) {
    if (only && org.id !== only) continue;
    const started = Date.now();
    const days = await rebuildOrganization(db, org.id, org.time_zone, new Date());
    process.stdout.write(`${org.id}: ${days} days in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
} finally {
  await db.close();
}
