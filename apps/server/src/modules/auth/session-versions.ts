// The per-user session version each signed-in request is checked against (access tokens carry the version
// they were signed with as `sv`). Read once per user and kept in memory: a `session.changed` event, which
// every node receives through the event bus, drops the users it names, and entries also expire after a
// minute in case a notification was lost while the bus reconnected.
import type { Db } from '../../platform/db';
import type { EventBus } from '../../platform/events';
import type { SessionVersions } from '../../ports';
import * as repo from './auth.repo';

const TTL_MS = 60_000;

/** A cache of session versions, invalidated through `bus`; without a bus every call reads the database. */
export function createSessionVersions(db: Db, bus: EventBus | null): SessionVersions {
  const cache = new Map<string, { version: number | null; at: number }>();
  // Bumped by every invalidation: a read that started before one must not store what it read, since the
  // change it was invalidated for may have committed after that read.
  let generation = 0;

  const forget = (userIds: readonly string[]) => {
    generation++;
    for (const id of userIds) cache.delete(id);
  };
  bus?.subscribe((event) => {
    if (event.name === 'session.changed' && Array.isArray(event.data.userIds)) {
      forget(event.data.userIds.map(String));
    }
  });

  return {
    async current(userId) {
      const hit = cache.get(userId);
      if (hit && Date.now() - hit.at < TTL_MS) return hit.version;
      const startedAt = generation;
      const version = await repo.findSessionVersion(db.orm, userId);
      if (bus && generation === startedAt) cache.set(userId, { version, at: Date.now() });
      return version;
    },
    forget,
  };
}
