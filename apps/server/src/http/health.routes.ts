import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { createReadinessProbe } from '../platform/readiness';
import { envelope } from './error-handler';

/**
 * Liveness (the process answers) and readiness (the database and the data directory take writes). A ready
 * answer also counts, per queue, the jobs set aside as dead letters: data no release can handle, for an
 * operator to look at (they do not make the node unready: it can still do its work).
 */
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
    if (reason === null) return { status: 'ready', deadLetters: await deps.jobs.countDeadLetters() };
    return reply.status(503).send(envelope('not_ready', reason));
  });
}
