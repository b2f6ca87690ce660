import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import { route } from '../../http/route';
import { auditedSubject } from '../../http/audited-subject';
import * as settings from './csat.settings';

const map = routes.csat;

/** The survey settings of a channel (the CSAT report's routes are the reports module's). */
export async function csatRoutes(app: FastifyInstance, deps: Deps) {
  const subject = auditedSubject((p, req) => settings.getSettings(deps, authOf(req), p.id!));
  route(app, map.settings, async (req) => settings.getSettings(deps, authOf(req), req.params.id));
  route(
    app,
    map.saveSettings,
    async (req) => settings.saveSettings(deps, authOf(req), req.params.id, req.body),
    subject,
  );
}
