// The customers of a claimed batch: their identities are looked up with one query and the missing ones
// created with one statement, after the provider profiles of the new customers were fetched a few at a
// time. This happens before the batch's transaction, so no network call ever holds its locks.
import type { Deps } from '../../deps';
import { credentialsOf, type ChannelRow } from '../channels';
import * as repo from './inbound.repo';

export type WantedIdentity = { channel: ChannelRow; externalUserId: string; at: Date };

/** Profile lookups in flight at once for one batch: enough to hide latency, gentle on the provider. */
const PROFILE_CONCURRENCY = 16;

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
 * The identity of every wanted customer, keyed by identityKey; a first contact creates the contact and its
 * identity with the provider profile. The earliest `at` of a customer dates a new contact.
 */
export async function ensureIdentities(deps: Deps, wanted: WantedIdentity[]) {
  const cache = cacheOf(deps);
  const found = new Map<string, repo.Identity>();
  const missing = new Map<string, WantedIdentity>();
  for (const w of wanted) {
    const key = identityKey(w.channel.id, w.externalUserId);
    const cached = cache.get(key);
    if (cached) found.set(key, cached);
    else if (!missing.has(key)) missing.set(key, w);
  }
  const take = (identities: repo.KeyedIdentity[]) => {
    for (const { channelId, externalUserId, ...identity } of identities) {
      const key = identityKey(channelId, externalUserId);
      found.set(key, identity);
      missing.delete(key);
      if (cache.size >= IDENTITY_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(key, identity);
    }
  };
  const keysOf = () =>
    [...missing.values()].map((w) => ({ channelId: w.channel.id, externalUserId: w.externalUserId }));

  if (missing.size > 0) take(await repo.findIdentities(deps.db.orm, keysOf()));
  if (missing.size > 0)
    take(await repo.createIdentities(deps.db.orm, await withProfiles(deps, [...missing.values()])));
  // Created by another worker between the lookup and the insert.
  if (missing.size > 0) take(await repo.findIdentities(deps.db.orm, keysOf()));
  return found;
}

/** New identities with their provider profile (the external id as the name when the lookup fails). */
async function withProfiles(deps: Deps, wanted: WantedIdentity[]): Promise<repo.NewIdentity[]> {
  return mapConcurrently(wanted, PROFILE_CONCURRENCY, async ({ channel, externalUserId, at }) => {
    const profile = await deps.channels
      .get(channel.type)
      .fetchProfile(credentialsOf(deps, channel), externalUserId)
      .catch((err: unknown) => {
        deps.logger.warn({ err, channelId: channel.id }, 'profile lookup failed');
        return null;
      });
    return {
      organizationId: channel.organizationId,
      channelId: channel.id,
      externalUserId,
      displayName: profile?.displayName || externalUserId,
      pictureUrl: profile?.pictureUrl ?? null,
      at,
    };
  });
}

/** `fn` over `items` with at most `limit` calls running; results in the order of `items`. */
async function mapConcurrently<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
