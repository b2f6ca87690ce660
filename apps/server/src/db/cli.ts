// `npm run db:migrate` and `npm run db:seed`: run once, explicitly, against DATABASE_URL (or the embedded
// database under DATA_DIR).
import path from 'node:path';
import { loadConfig } from '../config';
import { openDb } from '../platform/db';
import { loadCipher } from '../platform/secrets';
import { seedDemo } from './seed';

const command = process.argv[2];
const config = loadConfig();
if (command === 'seed' && config.NODE_ENV === 'production') {
  process.stderr.write('Demo data is never seeded with NODE_ENV=production.\n');
  process.exit(1);
}
const db = await openDb({
  databaseUrl: config.DATABASE_URL,
  dataDir: path.join(config.DATA_DIR, 'pglite'),
  poolSize: 2,
});
try {
  await db.migrate();
  process.stdout.write('migrations applied\n');
  if (command === 'seed') {
    const seeded = await seedDemo(db, await loadCipher(config, db));
    process.stdout.write(seeded ? 'demo data seeded\n' : 'demo data already present\n');
  }
} finally {
  await db.close();
}
