import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import { route } from '../../http/route';
import { auditedSubject } from '../../http/audited-subject';
import * as settings from './first-responder.settings';

const map = routes.firstResponder;

/** A channel's AI first responder settings, and its report. */
export async function firstResponderRoutes(app: FastifyInstance, deps: Deps) {
  const subject = auditedSubject((p, req) => settings.getSettings(deps, authOf(req), p.id!));
  route(app, map.settings, async (req) => settings.getSettings(deps, authOf(req), req.params.id));
  route(
    app,
    map.saveSettings,
    async (req) => settings.saveSettings(deps, authOf(req), req.params.id, req.body),
    subject,
  );
  route(app, map.report, async (req) => settings.report(deps, authOf(req), req.query));
}
