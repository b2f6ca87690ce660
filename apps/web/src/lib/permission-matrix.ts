// A permission matrix (resources × actions → scope) as screens show and edit it: a role's on the
// Roles tab, an API token's on the API tokens screen. The server checks every grant again.
import { actionsOf, compactMatrix, isAction, isResource } from '@sabai/domain';
import type { Action, PermissionMatrix, Resource, Scope } from '@sabai/domain';
import type { TranslationKey } from '@sabai/i18n';

export const RESOURCE_LABELS: Record<Resource, TranslationKey> = {
  dashboard: 'roleMatrix.resources.dashboard',
  kanban: 'roleMatrix.resources.kanban',
  issue: 'roleMatrix.resources.issue',
  contact: 'roleMatrix.resources.contact',
  channel_performance: 'roleMatrix.resources.channel_performance',
  team_performance: 'roleMatrix.resources.team_performance',
  agent_performance: 'roleMatrix.resources.agent_performance',
  team: 'roleMatrix.resources.team',
  user: 'roleMatrix.resources.user',
  channel: 'roleMatrix.resources.channel',
  auto_assignment: 'roleMatrix.resources.auto_assignment',
  canned_response: 'roleMatrix.resources.canned_response',
  tag: 'roleMatrix.resources.tag',
  organization: 'roleMatrix.resources.organization',
};

export const ACTION_LABELS: Record<Action, TranslationKey> = {
  view: 'roleMatrix.actions.view',
  create: 'roleMatrix.actions.create',
  update: 'roleMatrix.actions.update',
  delete: 'roleMatrix.actions.delete',
};

export const SCOPE_LABELS: Record<Scope, TranslationKey> = {
  all: 'roleMatrix.scopes.all',
  myChannel: 'roleMatrix.scopes.myChannel',
  myTeam: 'roleMatrix.scopes.myTeam',
  myIssue: 'roleMatrix.scopes.myIssue',
  myCanned: 'roleMatrix.scopes.myCanned',
};

/** A cell of the matrix, `resource.action`. */
export type CellKey = `${Resource}.${Action}`;

export const cellKey = (resource: Resource, action: Action): CellKey => `${resource}.${action}`;

/** Whether the resource has the action at all (reports are view-only). */
export function hasAction(resource: Resource, action: Action): boolean {
  return actionsOf(resource).includes(action);
}

/** The matrix with one cell changed; null takes the grant away. */
export function withScope(
  matrix: PermissionMatrix,
  resource: Resource,
  action: Action,
  scope: Scope | null,
): PermissionMatrix {
  const grants = { ...matrix[resource] };
  if (scope) grants[action] = scope;
  else delete grants[action];
  return compactMatrix({ ...matrix, [resource]: grants });
}

/** Whether two matrices grant the same. */
export function isSameMatrix(a: PermissionMatrix, b: PermissionMatrix): boolean {
  const cells = (matrix: PermissionMatrix) =>
    Object.entries(matrix)
      .flatMap(([resource, grants]) =>
        Object.entries(grants ?? {}).map(([action, scope]) => `${resource}.${action}=${scope}`),
      )
      .sort()
      .join();
  return cells(a) === cells(b);
}

/** The cells a server refusal's `details.problems` points at (a refused resource marks each of its actions). */
export function problemCells(details: unknown): CellKey[] {
  const problems = (details as { problems?: unknown } | undefined)?.problems;
  return (Array.isArray(problems) ? (problems as unknown[]) : []).flatMap((problem): CellKey[] => {
    const { resource, action } = (problem ?? {}) as { resource?: unknown; action?: unknown };
    if (typeof resource !== 'string' || !isResource(resource)) return [];
    if (typeof action === 'string' && isAction(action)) return [cellKey(resource, action)];
    return actionsOf(resource).map((each) => cellKey(resource, each));
  });
}

/** How many grants a matrix holds. */
export function grantCount(matrix: PermissionMatrix): number {
  return Object.values(matrix).reduce((sum, grants) => sum + Object.keys(grants ?? {}).length, 0);
}
