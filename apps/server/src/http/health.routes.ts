import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';

/** Liveness (the process answers) and readiness (the database answers). */
export async function healthRoutes(app: FastifyInstance, deps: Deps) {
  const open = { access: { public: true } } as const;
  app.get('/healthz', { schema: { hide: true }, config: open }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true }, config: open }, async (_req, reply) => {
    try {
      await deps.db.query('SELECT 1');
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ error: { code: 'not_ready', message: 'Database unavailable' } });
    }
  });
}
