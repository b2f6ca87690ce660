// Records every call of an audited route (the route map's `audit`) by a signed-in user, whatever its
// outcome: who, from which address, what, each field before and after, and the outcome (ok, or the error
// code it was refused with). Written before the answer leaves, so a client never sees a change succeed
// whose entry was not stored.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteDef } from '@sabai/contracts';
import type { Deps } from '../../deps';
import type { LoadSubject } from '../../http/audited-subject';
import { changesOf, labelOf } from './audit.changes';
import * as service from './audit.service';

declare module 'fastify' {
  interface FastifyRequest {
    auditBefore?: unknown;
  }
}

const METHOD_ACTIONS = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
  GET: 'export',
} as const;

/** The subject as it reads now, or null when it is gone or cannot be read. */
async function read(load: LoadSubject, request: FastifyRequest): Promise<unknown> {
  try {
    return (await load(request)) ?? null;
  } catch {
    return null;
  }
}

function parsed(payload: unknown): unknown {
  if (typeof payload !== 'string' || payload === '') return null;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return null;
  }
}

function outcomeOf(reply: FastifyReply, body: unknown): string {
  if (reply.statusCode < 400) return 'ok';
  const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === 'string' ? code : `http_${reply.statusCode}`;
}

async function entryOf(request: FastifyRequest, reply: FastifyReply, payload: unknown, contract: RouteDef) {
  const audit = contract.audit!;
  const load = request.routeOptions.config.auditSubject;
  const body = parsed(payload);
  const outcome = outcomeOf(reply, body);
  const params = (request.params ?? {}) as Record<string, string>;
  const before = request.auditBefore ?? null;
  let after: unknown = null;
  if (outcome !== 'ok') after = before;
  else if (load) after = contract.method === 'DELETE' ? null : await read(load, request);
  else if (contract.method === 'GET') after = request.query;
  else after = body;
  const subjectId = params.id ?? params.teamId ?? params.userId ?? idOf(after) ?? null;
  return {
    area: audit.area,
    action: audit.action ?? METHOD_ACTIONS[contract.method],
    subjectId,
    subjectLabel: labelOf(after) ?? labelOf(before),
    outcome,
    // A refused call changed nothing: its entry says what was asked, not a difference.
    changes: outcome === 'ok' ? changesOf(contract.method === 'GET' ? null : before, after) : [],
    route: `${contract.method} ${contract.path}`,
  };
}

const idOf = (subject: unknown) => {
  const id = (subject as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
};

export function registerAuditTrail(app: FastifyInstance, deps: Deps) {
  app.addHook('preHandler', async (request) => {
    const { contract, auditSubject } = request.routeOptions.config;
    if (!contract?.audit || !auditSubject || !request.auth) return;
    request.auditBefore = await read(auditSubject, request);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const contract = request.routeOptions.config.contract;
    // Only a signed-in caller belongs to an organisation; sign-ins are recorded by the auth module.
    if (!contract?.audit || !request.auth) return payload;
    try {
      const auth = request.auth;
      const actor = await service.findActor(deps, auth.userId);
      // A call with an API token acts for its creator: the entry names the token too (by its prefix).
      const via = auth.apiToken ? ` · ${auth.apiToken.prefix}…` : '';
      await service.recordEntry(deps.db.orm, {
        organizationId: auth.organizationId,
        actorId: auth.userId,
        actorName: `${actor?.name ?? ''}${via}`,
        actorEmail: actor?.email ?? null,
        ip: request.ip,
        ...(await entryOf(request, reply, payload, contract)),
      });
    } catch (err) {
      request.log.error({ err, route: contract.path }, 'audit entry not written');
    }
    return payload;
  });
}
