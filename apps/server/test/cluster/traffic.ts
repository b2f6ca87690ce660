// Customer traffic of the cluster test, sent by the simulator as LINE and Meta send it: each webhook is
// built, signed with the channel secret or the app secret and POSTed to the proxy, and redelivered after
// a failure (non-2xx, no answer in time) like LINE's redelivery and Meta's retries, every 2 s (sooner
// would pile retries onto a node that is slow for a moment). Every message has its own provider id and
// text; the simulator's delivery records say what was sent, when, and what the proxy answered.
import type { DeliveryRecord, Simulator } from '@sabai/simulator';
import type { ClusterOrg } from './seed';

/** One webhook as the providers saw it: the message it carried and its attempts. */
export type SentWebhook = {
  provider: 'line' | 'meta';
  channelId: string;
  providerMessageId: string;
  /** When the first attempt went out. */
  sentAt: number;
  /** When the first 200 came back, null while none did. */
  ackedAt: number | null;
  attempts: number;
  statuses: Array<number | null>;
};

const CUSTOMERS_PER_CHANNEL = 10;

export type Traffic = {
  /** Starts sending `perSecond` webhooks a second, alternating LINE and Messenger. */
  start(perSecond: number): void;
  /** Stops sending new webhooks; redeliveries of failed ones go on. */
  stop(): void;
  /** How many webhooks were sent so far. */
  sent(): number;
  /** The webhooks that were acknowledged or ran out of redeliveries, in that order. */
  ended(): SentWebhook[];
  /** Resolves once no webhook waits for a redelivery. */
  settled(): Promise<void>;
};

/** Registers the channels and their customers at the simulator, pointed at `proxyUrl`. */
export function customerTraffic(sim: Simulator, org: ClusterOrg, proxyUrl: string, metaAppSecret: string) {
  sim.addLineChannel({
    channelId: org.line.externalId,
    channelSecret: org.line.secret,
    accessToken: org.line.accessToken,
    botUserId: org.line.botUserId,
    webhookUrl: `${proxyUrl}/webhooks/line/${org.line.externalId}`,
    redelivery: { attempts: 30, intervalMs: 2_000 },
  });
  sim.addMetaApp({
    appSecret: metaAppSecret,
    verifyToken: 'cluster-verify-token',
    webhookUrl: `${proxyUrl}/webhooks/meta`,
    retry: { intervalMs: 2_000, windowMs: 60_000 },
  });
  sim.addPage({ pageId: org.messenger.pageId, name: 'Cluster Page', pageToken: org.messenger.pageToken });
  const lineUsers = Array.from(
    { length: CUSTOMERS_PER_CHANNEL },
    (_, i) => `U${String(i).padStart(32, 'c')}`,
  );
  const psids = Array.from({ length: CUSTOMERS_PER_CHANNEL }, (_, i) => `2${String(i).padStart(15, '7')}`);
  lineUsers.forEach((userId, i) =>
    sim.addLineUser(org.line.externalId, { userId, displayName: `LINE customer ${i}` }),
  );
  psids.forEach((userId, i) =>
    sim.addMetaUser({
      platform: 'messenger',
      accountId: org.messenger.pageId,
      userId,
      name: `Messenger customer ${i}`,
    }),
  );

  const inFlight = new Set<Promise<unknown>>();
  // Filled as deliveries end (acknowledged, or out of redeliveries): reading the simulator's records copies
  // them all, too much to do every poll.
  const done: SentWebhook[] = [];
  let timer: NodeJS.Timeout | undefined;
  let sent = 0;
  const sendOne = () => {
    const n = sent++;
    const customer = Math.floor(n / 2) % CUSTOMERS_PER_CHANNEL;
    const text = `cluster message ${n}`;
    const delivery =
      n % 2 === 0
        ? sim.line.text(org.line.externalId, lineUsers[customer]!, text)
        : sim.messenger.text(org.messenger.pageId, psids[customer]!, text);
    inFlight.add(delivery);
    void delivery
      .then((record) => done.push(sentWebhook(org, record)))
      .finally(() => inFlight.delete(delivery));
  };

  const traffic: Traffic = {
    start(perSecond) {
      // A steady rate against the clock: a late timer (a busy machine) sends what it owes at once.
      const started = Date.now();
      let owed = 0;
      timer = setInterval(() => {
        const due = Math.floor(((Date.now() - started) * perSecond) / 1000);
        for (; owed < due; owed++) sendOne();
      }, 10);
    },
    stop: () => clearInterval(timer),
    sent: () => sent,
    ended: () => done,
    settled: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
  return traffic;
}

function sentWebhook(org: ClusterOrg, d: DeliveryRecord): SentWebhook {
  const firstOk = d.history.find((a) => a.outcome === 'ok');
  return {
    provider: d.platform,
    channelId: d.platform === 'line' ? org.line.channelId : org.messenger.channelId,
    providerMessageId: messageIdOf(d.body),
    sentAt: d.history[0]?.at ?? Number.POSITIVE_INFINITY,
    ackedAt: firstOk ? firstOk.at + firstOk.latencyMs : null,
    attempts: d.attempts,
    statuses: d.history.map((a) => a.status),
  };
}

/** The provider message id of a one-message delivery (LINE `message.id`, Meta `message.mid`). */
function messageIdOf(body: unknown): string {
  const line = body as { events?: Array<{ message?: { id?: string } }> };
  const meta = body as { entry?: Array<{ messaging?: Array<{ message?: { mid?: string } }> }> };
  const id = line.events?.[0]?.message?.id ?? meta.entry?.[0]?.messaging?.[0]?.message?.mid;
  if (!id) throw new Error(`no message id in ${JSON.stringify(body).slice(0, 200)}`);
  return id;
}
