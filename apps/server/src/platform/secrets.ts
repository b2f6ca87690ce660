// Installation secrets (JWT signing key, encryption key, VAPID keys): taken from config when set,
// otherwise generated once and kept in the database so every process of the installation shares them.
import { randomBytes } from 'node:crypto';
import { createCipher } from './crypto';
import type { Db } from './db';

/** Returns the stored secret `key`, creating it with `generate` on first use (race-safe across processes). */
export async function getOrCreateSecret(
  db: Db,
  key: string,
  generate: () => string = () => randomBytes(32).toString('hex'),
) {
  await db.query('INSERT INTO app_secrets (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    key,
    generate(),
  ]);
  const [row] = await db.query<{ value: string }>('SELECT value FROM app_secrets WHERE key = $1', [key]);
  if (!row) throw new Error(`secret ${key} missing after insert`);
  return row.value;
}

/** The installation's cipher for secrets at rest (ENCRYPTION_KEY, or a key generated once and stored). */
export async function loadCipher(config: { ENCRYPTION_KEY?: string | undefined }, db: Db) {
  return createCipher(config.ENCRYPTION_KEY ?? (await getOrCreateSecret(db, 'encryption_key')));
}
