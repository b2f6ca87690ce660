// Staff pick up work: who may take an un-assigned issue of their team for themselves.
// The server enforces it (POST /issues/:id/take, /issues/take-next); the web only reflects it.
import { isFinalStatus, type IssueStatus } from './issue-status';
import { scopeFor, type RoleEntry, type Scope } from './permissions';

/** Issue view scopes that show a user the un-assigned issues of their teams; myIssue shows only their own. */
const TEAM_QUEUE_SCOPES: readonly Scope[] = ['all', 'myChannel', 'myTeam'];

/** Whether an issue view scope shows the un-assigned issues of the caller's teams. */
export function seesTeamQueue(viewScope: Scope | undefined): boolean {
  return viewScope !== undefined && TEAM_QUEUE_SCOPES.includes(viewScope);
}

/**
 * Whether a role may take issues: it sees its teams' queues and may update issues at any scope (an update
 * scope of myIssue is enough: once taken, the issue is the taker's own).
 */
export function mayTakeIssues(entries: readonly RoleEntry[]): boolean {
  return (
    seesTeamQueue(scopeFor(entries, 'issue', 'view')) && scopeFor(entries, 'issue', 'update') !== undefined
  );
}

export type TakeCode = 'issue.status.closed' | 'issue.not_in_team' | 'issue.already_taken';

export type TakeableIssue = {
  status: IssueStatus;
  assigneeUserId: string | null;
  /** The issue's team is one the caller belongs to or manages. */
  isCallersTeam: boolean;
};

/** `isAlreadyYours`: the caller has it already (a second press), so nothing changes. */
export type TakeVerdict = { ok: true; isAlreadyYours: boolean } | { ok: false; code: TakeCode };

/**
 * Whether the caller may take an issue they can see (their view scope covers it; outside it the issue is a
 * 404 before this rule): it is still open, in one of their teams, and waiting for an agent.
 */
export function checkTake(issue: TakeableIssue, callerUserId: string): TakeVerdict {
  if (isFinalStatus(issue.status)) return { ok: false, code: 'issue.status.closed' };
  if (issue.assigneeUserId === callerUserId) return { ok: true, isAlreadyYours: true };
  if (!issue.isCallersTeam) return { ok: false, code: 'issue.not_in_team' };
  // Someone was quicker (a colleague, the manager or the automatic assignment).
  if (issue.status !== 'un-assigned' || issue.assigneeUserId !== null) {
    return { ok: false, code: 'issue.already_taken' };
  }
  return { ok: true, isAlreadyYours: false };
}

/** Whether the caller may take this issue now (an action worth offering: not one they already have). */
export function isTakeable(issue: TakeableIssue, callerUserId: string): boolean {
  const verdict = checkTake(issue, callerUserId);
  return verdict.ok && !verdict.isAlreadyYours;
}
