// Who may receive an issue's live events: the same rule as the issue API's scope (issues.repo), applied in
// memory to the issue's team and assignee so one event reaches hundreds of sockets without a query each.
import type { Scope } from '@sabai/domain';

export type IssueAudienceFacts = { teamId: string | null; assigneeUserId: string | null };
export type Viewer = { userId: string; issueScope: Scope | null; teamIds: ReadonlySet<string> };

/** Whether `viewer` sees the issue: all = the organisation; myTeam = their teams or theirs; myIssue = theirs. */
export function canSeeIssue(viewer: Viewer, issue: IssueAudienceFacts): boolean {
  switch (viewer.issueScope) {
    case 'all':
    case 'myChannel':
      return true;
    case 'myTeam':
      return (
        issue.assigneeUserId === viewer.userId || (issue.teamId !== null && viewer.teamIds.has(issue.teamId))
      );
    case 'myIssue':
    case 'myCanned':
      return issue.assigneeUserId === viewer.userId;
    case null:
      return false;
  }
}
