// Web push: a browser whose web notifications are on in the profile registers a push
// subscription (RFC 8030, with VAPID, RFC 8292, and encrypted messages, RFC 8291); it is the published device
// token. A notification goes to the user's subscriptions when no page of theirs took it over the live
// socket: every node that hears of it enqueues a delayed push under an id derived from the notification,
// and a node holding one of the user's sockets cancels that job.
import { randomUUID } from 'node:crypto';
import webpush from 'web-push';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { badRequest } from '../../http/errors';
import { stableUuid } from '../../platform/crypto';
import type { EventBus } from '../../platform/events';
import { defineJob, type JobOf } from '../../platform/jobs';
import { refreshedEvery } from '../../platform/refreshed';
import { GuardedFetchError } from '../../platform/guarded-fetch';
import { getOrCreateSecret } from '../../platform/secrets';
import type { AuthContext } from '../../ports';
import { isAllowedPushEndpoint } from './push-endpoints';
import * as repo from './web-push.repo';

/** One notice pushed to a user's subscribed browsers. */
export const PUSH_JOB = defineJob(
  'web-push.send',
  z.object({
    userId: z.guid(),
    organizationId: z.guid(),
    content: z.string(),
    issueId: z.number().int().positive().nullable(),
  }),
  { retryLimit: 5, retryDelay: 10, retryBackoff: true },
);
/** Time for a live socket to take the notice before the push is sent instead. */
const PUSH_DELAY_SECONDS = 3;
/** A push service answers within this, or the push is retried later. */
const PUSH_TIMEOUT_MS = 10_000;
/** How long the push service keeps a push for an offline browser. */
const PUSH_TTL_SECONDS = 24 * 3600;
/** Who has a push subscription is read again this often (a browser registered on another node). */
const DEVICES_TTL_MS = 30_000;

export type Push = z.infer<typeof PUSH_JOB.schema>;
type VapidKeys = { publicKey: string; privateKey: string };

const keysOf = new WeakMap<Deps['db'], Promise<VapidKeys>>();

/** The installation's VAPID key pair, generated on first use and kept in the database. */
export function vapidKeys(deps: Deps): Promise<VapidKeys> {
  let keys = keysOf.get(deps.db);
  if (!keys) {
    keys = getOrCreateSecret(deps.db, 'vapid_keys', () => JSON.stringify(webpush.generateVAPIDKeys())).then(
      (value) => JSON.parse(value) as VapidKeys,
    );
    keysOf.set(deps.db, keys);
  }
  return keys;
}

export async function registerDevice(
  deps: Deps,
  auth: AuthContext,
  subscription: repo.PushSubscription,
): Promise<{ deviceToken: string }> {
  if (!isAllowedPushEndpoint(subscription.endpoint, deps.config.OUTBOUND_ALLOWED_ORIGINS))
    throw badRequest('web_push.endpoint_not_allowed');
  const deviceToken = await repo.saveDevice(deps.db.orm, {
    userId: auth.userId,
    organizationId: auth.organizationId,
    token: randomUUID(),
    subscription,
  });
  devices.forget();
  return { deviceToken };
}

/** Sends one notification to each of the user's subscriptions; a gone subscription is removed. */
export async function sendPush(deps: Deps, job: JobOf<typeof PUSH_JOB>): Promise<void> {
  const { userId, organizationId, content, issueId } = job.data;
  const subscriptions = await repo.subscriptionsOf(deps.db.orm, userId, organizationId);
  if (subscriptions.length === 0) return;
  const vapid = await vapidKeys(deps);
  const payload = JSON.stringify({
    title: 'Sabai Inbox',
    body: content,
    issueId,
    url: issueId === null ? '/' : `/issue/inbox?issueId=${issueId}`,
  });
  let retry: Error | null = null;
  for (const { token, subscription } of subscriptions) {
    const { endpoint } = subscription as repo.PushSubscription;
    // Subscriptions stored before endpoints were checked, or a push service the operator no longer allows.
    if (!isAllowedPushEndpoint(endpoint, deps.config.OUTBOUND_ALLOWED_ORIGINS)) {
      await repo.removeDevice(deps.db.orm, userId, token);
      continue;
    }
    // web-push builds the encrypted, VAPID-signed request; the guarded client sends it.
    const request = webpush.generateRequestDetails(subscription as repo.PushSubscription, payload, {
      vapidDetails: { subject: vapidSubject(deps), ...vapid },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
    });
    const res = await deps
      .fetchUrl(request.endpoint, {
        method: 'POST',
        headers: request.headers as Record<string, string>,
        body: request.body ?? null,
        maxBytes: 64 * 1024,
        timeoutMs: PUSH_TIMEOUT_MS,
      })
      .catch((err: Error) => err);
    if (res instanceof GuardedFetchError && res.reason === 'blocked') {
      deps.logger.warn({ userId, reason: res.message }, 'push endpoint refused; subscription removed');
      await repo.removeDevice(deps.db.orm, userId, token);
      continue;
    }
    if (res instanceof Error) {
      retry = res;
      continue;
    }
    res.body.resume();
    if (res.status === 404 || res.status === 410) await repo.removeDevice(deps.db.orm, userId, token);
    else if (res.status === 429 || res.status >= 500)
      retry = new Error(`push service answered ${res.status}`);
    else if (res.status >= 300) deps.logger.warn({ status: res.status, userId }, 'push refused');
  }
  if (retry) throw retry;
}

/** VAPID's contact: the public https address, else the mail sender. */
function vapidSubject(deps: Deps): string {
  if (deps.config.PUBLIC_URL.startsWith('https:')) return deps.config.PUBLIC_URL;
  const address = deps.config.MAIL_FROM.match(/<([^>]+)>/)?.[1] ?? deps.config.MAIL_FROM;
  return `mailto:${address}`;
}

/** Users with a push subscription: most notifications go to nobody here. */
const devices = refreshedEvery(DEVICES_TTL_MS, async (ex) => new Set(await repo.usersWithDevices(ex)));

/** Queues the push of every notification for a user with a subscription, unless a live socket took it. */
export function forwardNotificationsToPush(
  deps: Deps,
  bus: EventBus,
  gateway: { hasNoticeSocket(userId: string, organizationId: string): boolean },
): () => void {
  return bus.subscribe(async (event) => {
    if (event.name !== 'notification.created') return;
    const userId = String(event.data.userId);
    if (!(await devices.get(deps.db.orm)).has(userId)) return;
    const id = stableUuid(`web-push:${String(event.data.notificationId)}`);
    const push: Push = {
      userId,
      organizationId: event.organizationId,
      content: typeof event.data.content === 'string' ? event.data.content : '',
      issueId: typeof event.data.issueId === 'number' ? event.data.issueId : null,
    };
    // Enqueued by whichever node hears first (the id makes it one job); cancelled by a node whose socket
    // delivered the notice, whether its own enqueue came first or not.
    await deps.jobs.send(PUSH_JOB, push, { id, startAfter: PUSH_DELAY_SECONDS });
    if (gateway.hasNoticeSocket(userId, event.organizationId)) await deps.jobs.cancel(PUSH_JOB, id);
  });
}
