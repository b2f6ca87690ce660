// What an Admin may grant when adjusting the Manager and Staff roles of their organisation. The scopes
// offered per resource are those its screen's route allows (route-permissions.ts); reports are
// view-only; `organization` (switching organisations) is never granted this way.
import { ACTIONS, RESOURCES } from './permissions';
import type { Action, PermissionMatrix, Resource, RoleName, Scope } from './permissions';

export const EDITABLE_ROLE_NAMES: readonly RoleName[] = ['Manager', 'Staff'];

/** The scopes each resource may be granted with (empty: not grantable by an Admin). */
export const GRANTABLE_SCOPES: Readonly<Record<Resource, readonly Scope[]>> = {
  dashboard: ['all', 'myChannel'],
  kanban: ['all', 'myTeam', 'myIssue'],
  issue: ['all', 'myTeam', 'myIssue'],
  contact: ['all', 'myChannel'],
  channel_performance: ['all'],
  team_performance: ['all', 'myTeam'],
  agent_performance: ['all', 'myTeam'],
  team: ['all', 'myTeam'],
  user: ['all'],
  channel: ['all'],
  auto_assignment: ['all', 'myTeam'],
  canned_response: ['all', 'myCanned'],
  tag: ['all'],
  organization: [],
};

const VIEW_ONLY: readonly Resource[] = ['channel_performance', 'team_performance', 'agent_performance'];

/** The actions a resource has (reports have only `view`). */
export function actionsOf(resource: Resource): readonly Action[] {
  return VIEW_ONLY.includes(resource) ? ['view'] : ACTIONS;
}

export type PermissionProblem = { resource: string; action?: string; scope?: string };

/** Whether a role of this name may be edited by an Admin. */
export function isEditableRole(name: RoleName): boolean {
  return EDITABLE_ROLE_NAMES.includes(name);
}

/** Grants an Admin may not give: unknown resources or actions, scopes outside GRANTABLE_SCOPES. */
export function permissionProblems(matrix: Record<string, Record<string, string> | undefined>) {
  const problems: PermissionProblem[] = [];
  for (const [resource, grants] of Object.entries(matrix)) {
    if (!(RESOURCES as readonly string[]).includes(resource)) {
      problems.push({ resource });
      continue;
    }
    const r = resource as Resource;
    for (const [action, scope] of Object.entries(grants ?? {})) {
      const actionOk = (actionsOf(r) as readonly string[]).includes(action);
      const scopeOk = (GRANTABLE_SCOPES[r] as readonly string[]).includes(scope);
      if (!actionOk || !scopeOk) problems.push({ resource, action, scope });
    }
  }
  return problems;
}

/** Drops empty resources so a stored matrix has only real grants. */
export function compactMatrix(matrix: PermissionMatrix): PermissionMatrix {
  return Object.fromEntries(
    Object.entries(matrix).filter(([, grants]) => grants && Object.keys(grants).length > 0),
  ) as PermissionMatrix;
}
