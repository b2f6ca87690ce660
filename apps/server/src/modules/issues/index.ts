// What other modules may use of issues.
/** Scope filtering of issues and the scoped single-issue lookup. */
export { findIssueInScope, issueScopeCondition, type ScopedIssue } from './issues.repo';
/** The status tally's fold, a scheduled job. */
export { FOLD_TALLY_JOB, foldStatusTally } from './issues.tally';
/** Issue routes. */
export { issueRoutes } from './issues.routes';
/** A leaving user's open issues (what blocks deleting them) and their hand-over to an agent or team queue. */
export { handOverOpenIssues, openIssuesByTeam, openIssuesOf } from './issues.hand-over';
