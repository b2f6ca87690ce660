// Bulk actions of the inbox: the same single-issue action (assign, tag, transfer, a
// status) on each selected issue, each in its own transaction with the checks the single action makes (the
// caller's permission and scope as its route declares, the status rules); one issue's refusal is its
// result, never the others'.
import { routes, type Access, type BulkAction, type BulkResult } from '@sabai/contracts';
import { isAllowed, isFinalStatus, scopeFor, type Scope } from '@sabai/domain';
import type { Deps } from '../../deps';
import { AppError, conflict, forbidden, notFound } from '../../http/errors';
import type { AuthContext } from '../../ports';
import { assignIssue, lockIssueInScope, transferIssue, updateIssue } from '../issues';
import { toggleIssueTag } from '../tags';

type Step = BulkAction['action'];

/** Each bulk action is allowed as its single-issue route is. */
const ACCESS: Record<Step['type'], Access> = {
  assign: routes.issues.assign.access,
  transfer: routes.issues.transfer.access,
  status: routes.issues.update.access,
  add_tag: routes.tags.setOfIssue.access,
  remove_tag: routes.tags.setOfIssue.access,
};

export async function runBulkAction(deps: Deps, auth: AuthContext, input: BulkAction): Promise<BulkResult> {
  const access = ACCESS[input.action.type];
  if (!('resource' in access) || !isAllowed(auth.role, access.resource, access.action, access.scopes))
    throw forbidden();
  const scope = scopeFor(auth.role, access.resource, access.action)!;
  const results: BulkResult['results'] = [];
  for (const issueId of [...new Set(input.issueIds)]) {
    try {
      await apply(deps, auth, scope, issueId, input.action);
      results.push({ issueId, ok: true, code: null, steps: null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ issueId, ok: false, code: err.code, steps: null });
    }
  }
  return { results };
}

async function apply(deps: Deps, auth: AuthContext, scope: Scope, issueId: number, action: Step) {
  switch (action.type) {
    case 'assign':
      return assignIssue(deps, auth, scope, issueId, { userId: action.userId, teamId: action.teamId });
    case 'transfer':
      return transferIssue(deps, auth, scope, issueId, { teamId: action.teamId, userId: action.userId });
    case 'status':
      return updateIssue(deps, auth, scope, issueId, { kind: 'status', status: action.status });
    case 'add_tag':
    case 'remove_tag':
      return deps.db.orm.transaction(async (tx) => {
        const issue = await lockIssueInScope(tx, auth.organizationId, auth.userId, scope, issueId);
        if (!issue) throw notFound('issue.not_found');
        if (isFinalStatus(issue.status)) throw conflict('issue.closed');
        const actor = { organizationId: auth.organizationId, userId: auth.userId };
        await toggleIssueTag(tx, actor, issueId, action.tagId, action.type === 'add_tag', deps.clock.now());
      });
  }
}
