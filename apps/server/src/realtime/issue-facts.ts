// The team and assignee of issues that events mention, for picking their audience. Issue events carry them
// (and refresh the cache); message events of agents carry only the issue id, so they are read once and kept briefly;
// events about the same issue that arrive while it is being read share that read.
import { inArray } from 'drizzle-orm';
import { issues } from '../db/schema';
import type { Db } from '../platform/db';
import type { DomainEvent } from '../platform/events';
import type { IssueAudienceFacts } from './audience';

const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

export class IssueFactsCache {
  private readonly entries = new Map<number, { facts: IssueAudienceFacts; at: number }>();
  private readonly reading = new Map<number, Promise<IssueAudienceFacts | null>>();

  constructor(private readonly db: Db) {}

  async get(issueId: number, event: DomainEvent): Promise<IssueAudienceFacts | null> {
    if ('teamId' in event.data && 'assigneeUserId' in event.data) {
      const facts = { teamId: event.data.teamId ?? null, assigneeUserId: event.data.assigneeUserId ?? null };
      this.remember(issueId, facts);
      return facts;
    }
    const cached = this.entries.get(issueId);
    if (cached && Date.now() - cached.at < TTL_MS) return cached.facts;
    const pending = this.reading.get(issueId) ?? this.read(issueId);
    this.reading.set(issueId, pending);
    try {
      return await pending;
    } finally {
      this.reading.delete(issueId);
    }
  }

  private async read(issueId: number): Promise<IssueAudienceFacts | null> {
    const [row] = await this.db.orm
      .select({ teamId: issues.teamId, assigneeUserId: issues.assigneeUserId })
      .from(issues)
      .where(inArray(issues.id, [issueId]));
    if (!row) return null;
    this.remember(issueId, row);
    return row;
  }

  private remember(issueId: number, facts: IssueAudienceFacts) {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(issueId, { facts, at: Date.now() });
  }
}
