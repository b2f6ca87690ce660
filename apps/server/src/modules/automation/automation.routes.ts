import type { FastifyInstance } from 'fastify';
import { routes } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { authOf, scopeOf } from '../../http/access';
import { route } from '../../http/route';
import { auditedSubject } from '../../http/audited-subject';
import { runBulkAction } from './automation.bulk';
import * as macros from './automation.macros';
import * as rules from './automation.rules';

const map = routes.automation;

export async function automationRoutes(app: FastifyInstance, deps: Deps) {
  // The audit trail's before and after of a change (modules/audit): the rule, or the whole order.
  const subject = auditedSubject((p, req) => rules.getRule(deps, authOf(req), p.id!));
  const order = auditedSubject(async (_p, req) =>
    (await rules.listRules(deps, authOf(req))).map((r) => ({ id: r.id, name: r.name, position: r.position })),
  );
  route(app, map.list, async (req) => rules.listRules(deps, authOf(req)));
  route(app, map.create, async (req, reply) =>
    reply.status(201).send(await rules.createRule(deps, authOf(req), req.body)),
  );
  route(
    app,
    map.update,
    async (req) => rules.updateRule(deps, authOf(req), req.params.id, req.body),
    subject,
  );
  route(app, map.duplicate, async (req, reply) =>
    reply.status(201).send(await rules.duplicateRule(deps, authOf(req), req.params.id)),
  );
  route(app, map.order, async (req) => rules.orderRules(deps, authOf(req), req.body.ids), order);
  route(
    app,
    map.delete,
    async (req, reply) => {
      await rules.deleteRule(deps, authOf(req), req.params.id);
      return reply.status(204).send();
    },
    subject,
  );
  route(app, map.test, async (req) => rules.testRule(deps, authOf(req), req.body));
}

export async function macroRoutes(app: FastifyInstance, deps: Deps) {
  const m = routes.macros;
  const subject = auditedSubject((p, req) => macros.macroForAudit(deps, authOf(req), scopeOf(req), p.id!));
  route(app, m.list, async (req) => macros.listMacros(deps, authOf(req), scopeOf(req)));
  route(app, m.create, async (req, reply) =>
    reply.status(201).send(await macros.createMacro(deps, authOf(req), scopeOf(req), req.body)),
  );
  route(
    app,
    m.update,
    async (req) => macros.updateMacro(deps, authOf(req), scopeOf(req), req.params.id, req.body),
    subject,
  );
  route(
    app,
    m.delete,
    async (req, reply) => {
      await macros.deleteMacro(deps, authOf(req), scopeOf(req), req.params.id);
      return reply.status(204).send();
    },
    subject,
  );
  route(app, m.run, async (req) =>
    macros.runMacro(deps, authOf(req), scopeOf(req), req.params.id, req.body.issueIds),
  );
  route(app, m.bulk, async (req) => runBulkAction(deps, authOf(req), req.body));
}
