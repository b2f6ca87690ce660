// What the signed-in user may do with an issue, as the UI reflects it (the server decides).
import {
  canChangeIssueStatus,
  checkStatusChange,
  scopeFor,
  type IssueStatus,
  type RoleEntry,
  type RoleName,
  type StatusChangeCode,
} from '@sabai/domain';

/** Statuses an agent can pick by hand, in pipeline order (un-assigned and transferred have their own actions). */
export const STATUS_TARGETS: readonly IssueStatus[] = [
  'on-going',
  'waiting',
  'resolved-success',
  'resolved-un-success',
  'close',
];

/** The first role of the user that may change status decides (a user has one role per organisation). */
export function mayChangeStatus(roleNames: readonly RoleName[]): boolean {
  return roleNames.length > 0 && roleNames.every(canChangeIssueStatus);
}

/** Giving issues to agents needs `issue` update with scope all or myTeam (staff only work their own). */
export function mayAssign(permissions: readonly RoleEntry[]): boolean {
  const scope = scopeFor(permissions, 'issue', 'update');
  return scope === 'all' || scope === 'myTeam';
}

/** Why a status change is refused (an `errors.` code for the tooltip), or null when it is allowed. */
export function statusChangeRefusal(
  issue: { status: IssueStatus; assignee: unknown },
  to: IssueStatus,
  roleNames: readonly RoleName[],
): StatusChangeCode | null {
  const result = checkStatusChange({
    from: issue.status,
    to,
    isAssigned: issue.assignee !== null,
    actorCanChangeStatus: mayChangeStatus(roleNames),
  });
  return result.ok ? null : result.code;
}
