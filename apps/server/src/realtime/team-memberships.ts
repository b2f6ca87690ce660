// The teams each user with a socket on this node belongs to or manages, for picking an issue's audience in
// memory. The fan-out never waits for it: an entry older than the TTL is re-read in the background, in one
// query for every stale user at once, while the fan-out goes on with the entry it has. Waiting instead (one
// read per socket and event once the entries expired, as they all do together a minute after the sockets
// opened) queued tens of thousands of reads at 200 messages a second and stalled webhooks and processing.
import { inArray, sql } from 'drizzle-orm';
import { teamMembers, teams } from '../db/schema';
import { rowsOf, type Db } from '../platform/db';
import type { Logger } from '../platform/logger';

/** Memberships are re-read this often (a user moved to another team starts seeing its issues). */
export const TEAMS_TTL_MS = 60_000;

type Entry = { teamIds: ReadonlySet<string>; loadedAt: number };

export class TeamMemberships {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<void>>();
  private refreshing = false;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly ttlMs = TEAMS_TTL_MS,
  ) {}

  /** Reads the user's teams unless known (a socket opening); concurrent calls share one read. */
  async load(userId: string): Promise<void> {
    if (this.entries.has(userId)) return;
    const pending = this.loading.get(userId) ?? this.read([userId]);
    this.loading.set(userId, pending);
    try {
      await pending;
    } finally {
      this.loading.delete(userId);
    }
  }

  /** The user's teams as known now; starts a background refresh when the entry is stale. */
  teamsOf(userId: string): ReadonlySet<string> {
    const entry = this.entries.get(userId);
    if (!entry) return new Set();
    if (Date.now() - entry.loadedAt >= this.ttlMs) this.refreshStale();
    return entry.teamIds;
  }

  /** The user has no socket on this node any more. */
  forget(userId: string): void {
    this.entries.delete(userId);
  }

  private refreshStale(): void {
    if (this.refreshing) return;
    const now = Date.now();
    const stale = [...this.entries].filter(([, e]) => now - e.loadedAt >= this.ttlMs).map(([id]) => id);
    if (stale.length === 0) return;
    this.refreshing = true;
    this.read(stale)
      .catch((err: unknown) =>
        this.logger.warn({ err, users: stale.length }, 'team memberships not refreshed'),
      )
      .finally(() => (this.refreshing = false));
  }

  private async read(userIds: string[]): Promise<void> {
    const result = await this.db.orm.execute(sql`
      SELECT ${teamMembers.userId} AS user_id, ${teamMembers.teamId} AS team_id FROM ${teamMembers}
        WHERE ${inArray(teamMembers.userId, userIds)}
      UNION SELECT ${teams.managerUserId}, ${teams.id} FROM ${teams} WHERE ${inArray(teams.managerUserId, userIds)}`);
    const byUser = new Map(userIds.map((id) => [id, new Set<string>()]));
    for (const row of rowsOf<{ user_id: string; team_id: string }>(result))
      byUser.get(row.user_id)?.add(row.team_id);
    const loadedAt = Date.now();
    for (const [userId, teamIds] of byUser) {
      // A user whose last socket closed during the read is not kept.
      if (this.entries.has(userId) || this.loading.has(userId))
        this.entries.set(userId, { teamIds, loadedAt });
    }
  }
}
