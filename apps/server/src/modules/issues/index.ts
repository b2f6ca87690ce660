// What other modules may use of issues.
/** Scope filtering of issues and the scoped single-issue lookup (locking it for an update). */
export { findIssueInScope, issueScopeCondition, lockIssueInScope, type ScopedIssue } from './issues.repo';
/** Read paths only: an issue in scope, or handed over to the caller by a transfer (view only). */
export { findIssueToRead } from './issues.repo';
/** An issue's activity trail: other modules changing an issue record what they did. */
export { recordActivity, type NewActivity } from './issues.repo';
/** A reader's fetch of the chat clears its unread marker. */
export { clearUnread } from './issues.service';
/** The status tally's fold, a scheduled job. */
export { FOLD_TALLY_JOB, foldStatusTally } from './issues.tally';
/** Issue routes. */
export { issueRoutes } from './issues.routes';
/** A leaving user's open issues (what blocks deleting them) and their hand-over to an agent or team queue. */
export { handOverOpenIssues, openIssuesByTeam, openIssuesOf } from './issues.hand-over';
/** The list and tab-count queries with their parameters (bench/workspace*.ts time and explain them). */
export { countByStatus, listIssues, SEARCH_COUNT_TIMEOUT_MS, type Caller } from './issues.list';
export { defaultOrder, type Cursor } from './issues.filters';
/** An issue's service ended (resolved-success, closed): the job the csat module answers with a survey. */
export { SERVICE_ENDED_JOB } from './issues.service-ended';
/** The changes of an open issue that automation makes too (rules, macros), with who made them. */
export {
  changeStatus,
  giveIssue,
  lockOpenIssue,
  moveToTeam,
  traceOf,
  type Actor,
  type AutomationOrigin,
  type LockedIssue,
} from './issues.changes';
/** Who may be given an issue of a team (its active members and its manager). */
export { teamPeople } from './issues.repo';
/** The single-issue actions the inbox's bulk bar repeats on each selected issue (modules/automation). */
export { assignIssue, transferIssue, updateIssue } from './issues.service';
