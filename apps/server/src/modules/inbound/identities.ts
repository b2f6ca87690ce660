// The customers of a claimed batch: their identities are looked up with one query and the missing ones
// created with one statement, before the batch's transaction. A new customer starts under a placeholder
// name (their external id); their provider profile is looked up by a job enqueued with the identity
// (profiles.ts), so no network call ever sits on the batch's path.
import type { Deps } from '../../deps';
import type { ChannelRow } from '../channels';
import * as repo from './inbound.repo';
import { enqueueProfileLookups } from './profiles';

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
 * The identity of every wanted customer, keyed by identityKey; a first contact creates the contact and its
 * identity under a placeholder name, and the lookup of their profile. The earliest `at` dates a new contact.
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
  if (missing.size > 0) take(await createIdentities(deps, [...missing.values()]));
  // Created by another worker between the lookup and the insert.
  if (missing.size > 0) take(await repo.findIdentities(deps.db.orm, keysOf()));
  return found;
}

/** Creates the identities (those another worker created meanwhile are left out) and their profile jobs. */
function createIdentities(deps: Deps, wanted: WantedIdentity[]) {
  return deps.db.orm.transaction(async (tx) => {
    const created = await repo.createIdentities(
      tx,
      wanted.map(({ channel, externalUserId, at }) => ({
        organizationId: channel.organizationId,
        channelId: channel.id,
        externalUserId,
        displayName: externalUserId,
        pictureUrl: null,
        at,
      })),
    );
    await enqueueProfileLookups(
      deps,
      tx,
      created.map(({ id }) => id),
    );
    return created;
  });
}
