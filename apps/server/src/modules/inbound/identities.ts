// The customers of a claimed batch: their identities are looked up with one query and the missing ones
// created with one statement, before the batch's transaction. A new customer's profile is asked for, but
// waited for only PROFILE_WAIT_MS (agents see names, not ids, in the usual case); a customer whose provider
// is slower starts under a placeholder name (their external id) and a job enqueued with the identity fills
// it in (profiles.ts), so a slow provider never holds up the batch for longer than that. The batch applies
// its known customers' events meanwhile (inbound.service.ts): only first contacts wait for a profile.
import type { Deps } from '../../deps';
import type { Profile } from '../../channels';
import { credentialsOf, type ChannelRow } from '../channels';
import * as repo from './inbound.repo';
import { enqueueProfileLookups } from './profiles';

/** How long a batch waits for new customers' profiles before storing them under a placeholder name. */
export const PROFILE_WAIT_MS = 300;
/**
 * New customers of one batch whose profile is asked for at once (the others go to the job): all of a full
 * ingest batch's. A job costs a transaction, its own fetch and a second live update per customer; with 16
 * asked per batch, a burst of first contacts sent nearly all of them there. LINE allows 2,000 profile calls
 * a second per channel.
 */
const PROFILE_ASKS_PER_BATCH = 100;

export type WantedIdentity = { channel: ChannelRow; externalUserId: string; at: Date };

export const identityKey = (channelId: string, externalUserId: string) => `${channelId}:${externalUserId}`;

// Identities never change once created (a merge of contacts, later, must call forgetIdentities), so the
// most recent ones stay in memory and a batch of known customers needs no lookup at all.
const identityCaches = new WeakMap<Deps['db'], Map<string, repo.Identity>>();
const IDENTITY_CACHE_SIZE = 20_000;

/** Drops cached identities (after contacts were merged or erased). */
export function forgetIdentities(deps: Deps) {
  identityCaches.delete(deps.db);
}

function cacheOf(deps: Deps) {
  let cache = identityCaches.get(deps.db);
  if (!cache) identityCaches.set(deps.db, (cache = new Map()));
  return cache;
}

/**
 * The identities of the wanted customers already known (from memory, else one query), keyed by
 * identityKey, and the customers that are new (first contact): createIdentities makes theirs.
 */
export async function knownIdentities(deps: Deps, wanted: WantedIdentity[]) {
  const cache = cacheOf(deps);
  if (wanted.length === 0) return { found: new Map<string, repo.Identity>(), missing: [] };
  const found = new Map<string, repo.Identity>();
  const missing = new Map<string, WantedIdentity>();
  for (const w of wanted) {
    const key = identityKey(w.channel.id, w.externalUserId);
    const cached = cache.get(key);
    if (cached) found.set(key, cached);
    else if (!missing.has(key)) missing.set(key, w);
  }
  if (missing.size > 0)
    remember(deps, await repo.findIdentities(deps.db.orm, keysOf(missing)), found, missing);
  return { found, missing: [...missing.values()] };
}

/**
 * Creates the new customers' contacts and identities, under their profile's name when it answers within
 * PROFILE_WAIT_MS, else under a placeholder name (their external id) and with the lookup of their profile;
 * resolves to them keyed by identityKey. The earliest `at` dates a new contact.
 */
export async function createIdentities(deps: Deps, newCustomers: WantedIdentity[]) {
  const found = new Map<string, repo.Identity>();
  if (newCustomers.length === 0) return found;
  const missing = new Map(newCustomers.map((w) => [identityKey(w.channel.id, w.externalUserId), w]));
  remember(deps, await createWithProfiles(deps, newCustomers), found, missing);
  // Created by another worker between the lookup and the insert.
  if (missing.size > 0)
    remember(deps, await repo.findIdentities(deps.db.orm, keysOf(missing)), found, missing);
  return found;
}

const keysOf = (missing: Map<string, WantedIdentity>) =>
  [...missing.values()].map((w) => ({ channelId: w.channel.id, externalUserId: w.externalUserId }));

/** Moves the identities read or created from `missing` to `found`, and into the cache. */
function remember(
  deps: Deps,
  identities: repo.KeyedIdentity[],
  found: Map<string, repo.Identity>,
  missing: Map<string, WantedIdentity>,
) {
  const cache = cacheOf(deps);
  for (const { channelId, externalUserId, ...identity } of identities) {
    const key = identityKey(channelId, externalUserId);
    found.set(key, identity);
    missing.delete(key);
    if (cache.size >= IDENTITY_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, identity);
  }
}

/**
 * The profiles that answered within PROFILE_WAIT_MS, keyed by identityKey. A lookup still running then goes
 * on unheeded (bounded by PROVIDER_TIMEOUT_MS); a failed one is left to the job, which retries it.
 */
async function quickProfiles(deps: Deps, wanted: WantedIdentity[]): Promise<Map<string, Profile>> {
  const answered = new Map<string, Profile>();
  const lookups = wanted.slice(0, PROFILE_ASKS_PER_BATCH).map(async ({ channel, externalUserId }) => {
    const profile = await deps.channels
      .get(channel.type)
      .fetchProfile(credentialsOf(deps, channel), externalUserId)
      .catch(() => null);
    if (profile?.displayName) answered.set(identityKey(channel.id, externalUserId), profile);
  });
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise((resolve) => (timer = setTimeout(resolve, PROFILE_WAIT_MS)));
  await Promise.race([Promise.all(lookups), waited]);
  clearTimeout(timer);
  return new Map(answered);
}

/**
 * Creates the identities (those another worker created meanwhile are left out), with the profiles that
 * answered in time, and the profile jobs of the others.
 */
async function createWithProfiles(deps: Deps, wanted: WantedIdentity[]) {
  const profiles = await quickProfiles(deps, wanted);
  const rows = wanted.map(({ channel, externalUserId, at }) => {
    const profile = profiles.get(identityKey(channel.id, externalUserId));
    return {
      organizationId: channel.organizationId,
      channelId: channel.id,
      externalUserId,
      displayName: profile?.displayName ?? externalUserId,
      pictureUrl: profile?.pictureUrl ?? null,
      at,
    };
  });
  // Every profile answered: one statement, with no job to commit alongside.
  if (profiles.size === wanted.length) return repo.createIdentities(deps.db.orm, rows);
  return deps.db.orm.transaction(async (tx) => {
    const created = await repo.createIdentities(tx, rows);
    await enqueueProfileLookups(
      deps,
      tx,
      created
        .filter(({ channelId, externalUserId }) => !profiles.has(identityKey(channelId, externalUserId)))
        .map(({ id }) => id),
    );
    return created;
  });
}
