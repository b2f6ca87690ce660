import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { createReadinessProbe } from '../platform/readiness';

/** Liveness (the process answers) and readiness (the database and the data directory take writes). */
export async function healthRoutes(app: FastifyInstance, deps: Deps) {
  const open = { access: { public: true } } as const;
  const notReadyReason = createReadinessProbe({
    db: deps.db,
    // Only the embedded database keeps data (database and files) on this node's disk.
    dataDir: deps.db.kind === 'pglite' ? deps.config.DATA_DIR : undefined,
    logger: deps.logger,
  });
  app.get('/healthz', { schema: { hide: true }, config: open }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true }, config: open }, async (_req, reply) => {
    const reason = await notReadyReason();
    if (reason === null) return { status: 'ready' };
    return reply.status(503).send({ error: { code: 'not_ready', message: reason } });
  });
}
