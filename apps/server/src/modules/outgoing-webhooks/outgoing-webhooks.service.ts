// Outgoing webhook endpoints, managed by the organisation's administrators: the URL is
// checked when saved (http or https, a public address unless the operator allows private ones), the signing
// secret is sealed at rest and shown only when created or rotated, and each endpoint's deliveries can be
// read and sent again.
import type {
  CreatedWebhookEndpoint,
  SaveWebhookEndpointSchema,
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookDeliveryQuerySchema,
  WebhookEndpoint,
  WebhookSecret,
} from '@sabai/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import { destinationProblem } from '../../platform/guarded-fetch';
import type { AuthContext } from '../../ports';
import { DISPATCH_JOB } from './delivery';
import * as repo from './outgoing-webhooks.repo';
import { newSigningSecret } from './signing';

type SaveInput = z.output<typeof SaveWebhookEndpointSchema>;
type DeliveryQuery = z.output<typeof WebhookDeliveryQuerySchema>;

/** Attempts listed per delivery. */
const ATTEMPTS_SHOWN = 20;

const endpointNotFound = () => notFound('outgoing_webhook.not_found', 'Webhook endpoint not found.');

export async function listEndpoints(deps: Deps, auth: AuthContext): Promise<WebhookEndpoint[]> {
  return (await repo.listEndpoints(deps.db.orm, auth.organizationId)).map(present);
}

export async function getEndpoint(deps: Deps, auth: AuthContext, id: string): Promise<WebhookEndpoint> {
  return present(await endpointOf(deps, auth, id));
}

async function endpointOf(deps: Deps, auth: AuthContext, id: string) {
  const row = await repo.findEndpoint(deps.db.orm, auth.organizationId, id);
  if (!row) throw endpointNotFound();
  return row;
}

export async function createEndpoint(
  deps: Deps,
  auth: AuthContext,
  input: SaveInput,
): Promise<CreatedWebhookEndpoint> {
  await assertDestination(deps, input.url);
  const secret = newSigningSecret();
  const now = deps.clock.now();
  const id = await repo.insertEndpoint(deps.db.orm, {
    organizationId: auth.organizationId,
    url: input.url,
    description: input.description,
    events: input.events,
    secretEncrypted: deps.cipher.encrypt(secret),
    enabled: input.enabled,
    disabledReason: input.enabled ? null : 'manual',
    disabledAt: input.enabled ? null : now,
    createdBy: auth.userId,
    createdAt: now,
    updatedAt: now,
  });
  return { ...(await getEndpoint(deps, auth, id)), secret };
}

/**
 * Saves an endpoint. Turning it off gives up its pending deliveries; turning it back on clears its failure
 * (what failed meanwhile can be resent from its log).
 */
export async function updateEndpoint(
  deps: Deps,
  auth: AuthContext,
  id: string,
  input: SaveInput,
): Promise<WebhookEndpoint> {
  const current = await endpointOf(deps, auth, id);
  const enabling = input.enabled && !current.enabled;
  if (input.url !== current.url || enabling) await assertDestination(deps, input.url);
  const now = deps.clock.now();
  await deps.db.orm.transaction(async (tx) => {
    await repo.updateEndpoint(tx, id, {
      url: input.url,
      description: input.description,
      events: input.events,
      enabled: input.enabled,
      updatedAt: now,
      ...(enabling ? { disabledReason: null, disabledAt: null, failingSince: null } : {}),
      ...(!input.enabled && current.enabled ? { disabledReason: 'manual', disabledAt: now } : {}),
    });
    if (!input.enabled) await repo.stopPendingDeliveries(tx, id);
  });
  return getEndpoint(deps, auth, id);
}

export async function deleteEndpoint(deps: Deps, auth: AuthContext, id: string): Promise<void> {
  await endpointOf(deps, auth, id);
  await deps.db.orm.transaction((tx) => repo.deleteEndpoint(tx, id));
}

/** A new secret, in force for the next attempt; the old one signs nothing more. */
export async function rotateSecret(deps: Deps, auth: AuthContext, id: string): Promise<WebhookSecret> {
  await endpointOf(deps, auth, id);
  const secret = newSigningSecret();
  await repo.updateEndpoint(deps.db.orm, id, {
    secretEncrypted: deps.cipher.encrypt(secret),
    updatedAt: deps.clock.now(),
  });
  return { secret };
}

export async function listDeliveries(
  deps: Deps,
  auth: AuthContext,
  id: string,
  q: DeliveryQuery,
): Promise<WebhookDeliveryPage> {
  await endpointOf(deps, auth, id);
  const rows = await repo.listDeliveries(deps.db.orm, id, { ...q, limit: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  const attempts = await repo.attemptsOf(
    deps.db.orm,
    page.map((r) => r.id),
    ATTEMPTS_SHOWN,
  );
  return {
    items: page.map((r) => presentDelivery(r, attempts.get(r.id) ?? [])),
    nextCursor: rows.length > q.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/**
 * Sends a delivery's event again, now: a new series of retries, its first attempt marked a resend. Refused
 * while the endpoint is disabled (enable it first).
 */
export async function resendDelivery(
  deps: Deps,
  auth: AuthContext,
  id: string,
  deliveryId: number,
): Promise<WebhookDelivery> {
  const endpoint = await endpointOf(deps, auth, id);
  if (!endpoint.enabled) throw conflict('outgoing_webhook.disabled', 'The endpoint is disabled.');
  // Read as reset before the commit: a dispatch running on this node could otherwise send it first, and
  // the answer would not say what was asked (pending, to be sent again).
  const resent = await deps.db.orm.transaction(async (tx) => {
    if (!(await repo.resetForResend(tx, id, deliveryId))) return null;
    const row = await repo.findDelivery(tx, id, deliveryId);
    const attempts = await repo.attemptsOf(tx, [deliveryId], ATTEMPTS_SHOWN);
    await deps.jobs.sendInTransaction(tx, DISPATCH_JOB, {});
    return row && presentDelivery(row, attempts.get(deliveryId) ?? []);
  });
  if (!resent) throw notFound('outgoing_webhook.delivery_not_found', 'Delivery not found.');
  return resent;
}

/** 400 with a stable code unless the URL is one deliveries may go to (resolved now; checked again on each). */
async function assertDestination(deps: Deps, url: string) {
  const problem = await destinationProblem(url, {
    allowHttp: true,
    allowPrivateAddresses: deps.config.OUTGOING_WEBHOOK_ALLOW_PRIVATE,
  });
  if (problem === 'private')
    throw badRequest(
      'outgoing_webhook.url_private',
      'The URL points to a private, loopback or link-local address.',
    );
  if (problem === 'unresolvable')
    throw badRequest('outgoing_webhook.url_unresolvable', 'The URL’s host name does not resolve.');
  if (problem)
    throw badRequest('outgoing_webhook.url_invalid', 'Enter an http or https URL without credentials.');
}

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

function present(row: repo.ListedEndpoint): WebhookEndpoint {
  const last = row.lastDelivery;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEndpoint['events'],
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    disabledAt: iso(row.disabledAt),
    failingSince: iso(row.failingSince),
    lastDelivery: last
      ? {
          id: Number(last.id),
          eventType: last.eventType,
          status: last.status,
          attemptedAt: iso(last.attemptedAt),
          statusCode: last.statusCode,
        }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function presentDelivery(row: repo.DeliveryRow, attempts: repo.AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    occurredAt: row.occurredAt.toISOString(),
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    attemptLog: attempts.map((a): WebhookAttempt => ({
      id: a.id,
      at: a.attemptedAt.toISOString(),
      statusCode: a.statusCode,
      latencyMs: a.latencyMs,
      responseSnippet: a.responseSnippet,
      error: a.error,
      resend: a.resend,
    })),
  };
}
