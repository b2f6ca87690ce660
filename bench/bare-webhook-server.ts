// The ingest bench's bare ceiling in a process of its own, as the spawned server is: the same framework
// and database client, a route that checks a webhook's HMAC and inserts one row, nothing else. Started by
// bench/ingest.ts with DATABASE_URL, PORT and CHANNEL_SECRET; answers /readyz once it listens.
import { createHmac } from 'node:crypto';
import Fastify from 'fastify';
import { openDb } from '../apps/server/src/platform/db';

const db = await openDb({ databaseUrl: process.env.DATABASE_URL!, poolSize: 20 });
await db.query('CREATE TABLE IF NOT EXISTS bench_rows (id bigserial PRIMARY KEY, body text NOT NULL)');
const app = Fastify();
app.get('/readyz', async () => ({ ok: true }));
app.post('/webhooks/bench-bare', async (req) => {
  const raw = JSON.stringify(req.body);
  createHmac('sha256', process.env.CHANNEL_SECRET!).update(raw).digest('base64');
  await db.query('INSERT INTO bench_rows (body) VALUES ($1)', [raw]);
  return { ok: true };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => void app.close().then(() => db.close()));
