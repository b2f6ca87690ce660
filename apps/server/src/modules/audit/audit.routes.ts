import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import { sendDownload } from '../../http/download';
import { route } from '../../http/route';
import * as service from './audit.service';

const map = routes.audit;

export async function auditRoutes(app: FastifyInstance, deps: Deps) {
  route(app, map.list, async (req) => service.listEntries(deps, authOf(req), req.query));
  route(app, map.export, async (req, reply) => {
    const file = await service.exportEntries(deps, authOf(req), req.query);
    return sendDownload(reply, { format: req.query.format, ...file });
  });
  route(app, map.settings, async (req) => service.getSettings(deps, authOf(req)));
  route(app, map.saveSettings, async (req) => service.saveSettings(deps, authOf(req), req.body), {
    config: { auditSubject: (request) => service.getSettings(deps, authOf(request)) },
  });
}
