// What other modules may use of issues.
/** Scope filtering of issues and the scoped single-issue lookup. */
export { findIssueInScope, issueScopeCondition, type ScopedIssue } from './issues.repo';
/** Issue routes. */
export { issueRoutes } from './issues.routes';
