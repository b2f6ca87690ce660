// Sending the deliveries (docs/decisions/administration-and-integrations.md "Outgoing webhooks"). The database records them with the change
// (webhook_record(), platform/events.ts) and wakes the workers (NOTIFY); a dispatch job then takes the due
// ones under a lease, POSTs each signed body through the guarded client (10 s, no redirects followed), and
// records the attempt. A failure is retried on the schedule of retry-schedule.ts; a delivery that failed for
// 24 hours with no success of its endpoint meanwhile disables the endpoint and tells the administrators.
// At least once: a worker that dies after the POST but before recording it sends it again after its lease.
import { z } from 'zod';
import { NOTICE_TEXTS, WEBHOOK_RESPONSE_SNIPPET_CHARS } from '@sabai/contracts';
import type { Deps } from '../../deps';
import type { Db, Executor } from '../../platform/db';
import { createGuardedFetch, GuardedFetchError, type GuardedFetch } from '../../platform/guarded-fetch';
import { defineJob } from '../../platform/jobs';
import { notify } from '../notifications';
import { memberIdsWithScopeAll } from '../roles';
import * as repo from './outgoing-webhooks.repo';
import { buildPayloads } from './payloads';
import { nextAttemptAt } from './retry-schedule';
import { deliveryHeaders } from './signing';

/** Takes the due deliveries and sends them (woken by each recorded event, a retry falling due, the minute). */
export const DISPATCH_JOB = defineJob('outgoing-webhooks.dispatch', z.object({}), {
  retryLimit: 0,
  expireInSeconds: 300,
});
/** Once a day: events older than EVENT_RETENTION_DAYS go, with their deliveries and attempts. */
export const PURGE_JOB = defineJob('outgoing-webhooks.purge', z.object({}));

/** The NOTIFY channel webhook_record() wakes the workers on (migration 0028). */
export const WAKE_CHANNEL = 'sabai_outgoing_webhooks';
export const EVENT_RETENTION_DAYS = 30;

export const ATTEMPT_TIMEOUT_MS = 10_000;
/** A claimed delivery's lease: the attempt's time and its recording, with room to spare. */
const LEASE_MS = 60_000;
/** Deliveries attempted at once by one dispatch. */
const BATCH = 50;
/** Batches one dispatch takes before leaving the rest to the next (a backlog spreads over the workers). */
const MAX_BATCHES = 10;
/** The answer's bytes read for its snippet; the rest is not waited for. */
const SNIPPET_BYTES = 4 * WEBHOOK_RESPONSE_SNIPPET_CHARS;

// One client per configuration: http allowed (endpoints may be http), private addresses only when the
// operator allows them; checked at connect time, so a name that moved to a private address is refused.
// Connections to a receiver are kept between deliveries: a connection per POST cost more than the POST.
const clients = new WeakMap<Deps['config'], GuardedFetch>();
function webhookClient(deps: Deps): GuardedFetch {
  let client = clients.get(deps.config);
  if (!client) {
    client = createGuardedFetch({
      allowHttp: true,
      allowPrivateAddresses: deps.config.OUTGOING_WEBHOOK_ALLOW_PRIVATE,
      keepAlive: true,
    });
    clients.set(deps.config, client);
  }
  return client;
}

/**
 * Sends every delivery due now (a batch at a time); resolves to how many were attempted. A batch builds each
 * event's body once (an event's deliveries to several endpoints are claimed together), keeps the new bodies
 * with one statement and records its successes with another; a failure is recorded on its own (its
 * retry, the endpoint's failing).
 */
export async function deliverDue(deps: Deps): Promise<number> {
  let attempted = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const now = deps.clock.now();
    const claimed = await repo.claimDue(deps.db.orm, now, new Date(now.getTime() + LEASE_MS), BATCH);
    const bodies = await bodiesOf(deps, claimed);
    const results = await Promise.all(
      claimed.map((delivery) => attempt(deps, delivery, bodies.get(delivery.event.id)!)),
    );
    const delivered = results.filter((r) => succeeded(r));
    await repo.recordDelivered(
      deps.db.orm,
      delivered.map((r) => ({ endpointId: r.delivery.endpoint.id, attempt: attemptRecordOf(r) })),
    );
    for (const failed of results.filter((r) => !succeeded(r)))
      await deps.db.orm.transaction((tx) => recordFailure(deps, tx, failed));
    attempted += claimed.length;
    if (claimed.length < BATCH) break;
  }
  return attempted;
}

type Outcome = { statusCode: number | null; responseSnippet: string | null; error: string | null };
type Result = Outcome & { delivery: repo.ClaimedDelivery; latencyMs: number; attemptedAt: Date };

/**
 * Each claimed event's body: kept with the event once built, so retries, resends and every endpoint send
 * the same bytes. The bodies not built yet are built together (a statement per kind of resource) and kept
 * with one statement.
 */
async function bodiesOf(deps: Deps, claimed: repo.ClaimedDelivery[]): Promise<Map<string, string>> {
  const bodies = new Map<string, string>();
  const toBuild = new Map<string, repo.ClaimedDelivery>();
  for (const delivery of claimed) {
    const { event } = delivery;
    if (event.payload !== null) bodies.set(event.id, event.payload);
    else toBuild.set(event.id, delivery);
  }
  if (toBuild.size === 0) return bodies;
  const built = await buildPayloads(
    deps.db.orm,
    [...toBuild.values()].map(({ event, organizationId }) => ({ ...event, organizationId })),
  );
  for (const [id, body] of await repo.keepPayloads(deps.db.orm, built)) bodies.set(id, body);
  return bodies;
}

/** POSTs the signed body to the delivery's endpoint; the outcome, to be recorded. */
async function attempt(deps: Deps, delivery: repo.ClaimedDelivery, body: string): Promise<Result> {
  const { endpoint, event } = delivery;
  const attemptedAt = deps.clock.now();
  const headers = deliveryHeaders(deps.cipher.decrypt(endpoint.secretEncrypted), event, body, attemptedAt);
  const started = performance.now();
  const outcome = await post(webhookClient(deps), endpoint.url, headers, body);
  const latencyMs = Math.round(performance.now() - started);
  if (outcome.error) {
    deps.logger.info(
      { endpointId: endpoint.id, deliveryId: delivery.id, error: outcome.error.slice(0, 200) },
      'outgoing webhook attempt failed',
    );
  }
  return { ...outcome, delivery, latencyMs, attemptedAt };
}

/** What the attempts table keeps of a result. */
function attemptRecordOf(result: Result): repo.AttemptRecord {
  const { delivery, statusCode, responseSnippet, error, latencyMs, attemptedAt } = result;
  // An attempt of a delivery made due again by an admin (attempted before, no series running).
  const resend = delivery.attempts > 0 && delivery.retryingSince === null;
  return { deliveryId: delivery.id, resend, statusCode, responseSnippet, error, latencyMs, attemptedAt };
}

/** One POST: its status and the answer's first characters, or why there was none. Never throws. */
async function post(
  fetchUrl: GuardedFetch,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<Outcome> {
  try {
    const res = await fetchUrl(url, {
      method: 'POST',
      headers,
      body,
      timeoutMs: ATTEMPT_TIMEOUT_MS,
      followRedirects: false,
    });
    const responseSnippet = await snippetOf(res.body);
    const redirected = res.status >= 300 && res.status < 400;
    return {
      statusCode: res.status,
      responseSnippet,
      error: redirected ? 'redirect: redirects are not followed' : null,
    };
  } catch (err) {
    const reason = err instanceof GuardedFetchError ? err.reason : 'network';
    const message = err instanceof Error ? err.message : String(err);
    return { statusCode: null, responseSnippet: null, error: `${reason}: ${message}`.slice(0, 1000) };
  }
}

/** The answer's first WEBHOOK_RESPONSE_SNIPPET_CHARS characters; the rest is dropped unread. */
async function snippetOf(stream: NodeJS.ReadableStream & { destroy(): void }): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      chunks.push(buffer);
      size += buffer.length;
      if (size >= SNIPPET_BYTES) break;
    }
  } catch {
    // A body cut short (time limit, connection closed): what arrived is kept.
  } finally {
    stream.destroy();
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? null : [...text].slice(0, WEBHOOK_RESPONSE_SNIPPET_CHARS).join('');
}

const succeeded = (o: Outcome) => o.error === null && o.statusCode !== null && o.statusCode < 300;

/** A failed attempt: the delivery waits for its next retry, or fails for good (and may disable its endpoint). */
async function recordFailure(deps: Deps, tx: Executor, result: Result) {
  const { delivery, attemptedAt } = result;
  const retryingSince = delivery.retryingSince ?? attemptedAt;
  const next = nextAttemptAt(retryingSince, attemptedAt);
  const recorded = await repo.recordAttempt(tx, attemptRecordOf(result), {
    status: next ? 'pending' : 'failed',
    nextAttemptAt: next,
    retryingSince,
  });
  if (!recorded) return;
  const endpoint = await repo.markEndpointFailing(tx, delivery.endpoint.id, attemptedAt);
  if (next) {
    // Woken when the retry falls due (the minute's dispatch would also find it).
    const delaySeconds = Math.max(1, Math.ceil((next.getTime() - attemptedAt.getTime()) / 1000));
    await deps.jobs.sendInTransaction(tx, DISPATCH_JOB, {}, { startAfter: delaySeconds });
    return;
  }
  // This delivery failed for 24 hours, and the endpoint has not succeeded since before its first attempt.
  if (endpoint?.enabled && endpoint.failingSince && endpoint.failingSince <= retryingSince) {
    await disableFailingEndpoint(
      tx,
      delivery.organizationId,
      delivery.endpoint.id,
      endpoint.url,
      attemptedAt,
    );
  }
}

/** The longest URL a notice names (notices keep to 200 characters). */
const NOTICE_URL_CHARS = 120;

async function disableFailingEndpoint(
  tx: Executor,
  organizationId: string,
  endpointId: string,
  url: string,
  at: Date,
) {
  await repo.updateEndpoint(tx, endpointId, { enabled: false, disabledReason: 'failing', disabledAt: at });
  await repo.stopPendingDeliveries(tx, endpointId);
  const shown = url.length > NOTICE_URL_CHARS ? `${url.slice(0, NOTICE_URL_CHARS - 1)}…` : url;
  for (const userId of await memberIdsWithScopeAll(tx, organizationId, 'user', 'update')) {
    await notify(tx, {
      organizationId,
      userId,
      type: 'webhook_disabled',
      content: NOTICE_TEXTS.webhookDisabled(shown),
    });
  }
}

/** The deliveries due and not delivered yet, and the oldest's wait, for the metrics. */
export const readDispatchBacklog = (db: Db) => repo.readDueBacklog(db.orm);

/** Deletes the events past their retention, with their deliveries and attempts. */
export async function purgeOldEvents(deps: Deps) {
  const before = new Date(deps.clock.now().getTime() - EVENT_RETENTION_DAYS * 24 * 3600_000);
  await repo.purgeEvents(deps.db.orm, before);
}

/** Dispatch loops one process runs at once when woken (a backlog spreads over them and over the nodes). */
const WAKE_LOOPS = 2;

/**
 * Sends deliveries on this process whenever webhook_record() stored some (its NOTIFY, on commit): up to
 * WAKE_LOOPS loops, each sending until nothing is due, woken again by what arrives meanwhile. Queuing a
 * dispatch job per wake instead cost a job's insert, fetch and completion each time, and under a steady
 * stream of events the jobs piled up faster than two workers could even find nothing to do. The job stays
 * for retries falling due and the minute's safety net. Resolves to the stop, which waits for the loops.
 */
export async function dispatchOnRecord(deps: Deps): Promise<() => Promise<void>> {
  let stopped = false;
  let woken = false;
  const loops = new Set<Promise<void>>();
  const loop = async () => {
    try {
      do {
        woken = false;
        while (!stopped && (await deliverDue(deps)) > 0);
      } while (woken && !stopped);
    } catch (err) {
      deps.logger.warn({ err }, 'outgoing webhooks dispatch failed; the next wake or the minute retries');
    }
  };
  const wake = () => {
    woken = true;
    if (stopped || loops.size >= WAKE_LOOPS) return;
    const running: Promise<void> = loop().finally(() => loops.delete(running));
    loops.add(running);
  };
  const unlisten = await deps.db.listen(WAKE_CHANNEL, wake);
  return async () => {
    stopped = true;
    await unlisten();
    await Promise.all(loops);
  };
}
