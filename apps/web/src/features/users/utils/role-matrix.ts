// The permission matrix of a role as the Roles tab shows and edits it: resources × actions → scope
// (spec §6). What an Admin may grant comes from packages/domain (role-editing.ts); the server checks again.
import { compactMatrix, GRANTABLE_SCOPES, actionsOf, isAction, isResource } from '@sabai/domain';
import type { Action, PermissionMatrix, Resource, Scope } from '@sabai/domain';
import type { UpdateRole } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { ApiError } from '../../../lib/api-client';

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

/**
 * The scopes a cell offers: those an Admin may grant for the resource, plus the cell's current scope when
 * it is another, so an unusual stored grant still reads right (and the server's refusal can point at it).
 */
export function scopeChoices(resource: Resource, current: Scope | undefined): Scope[] {
  const grantable = [...GRANTABLE_SCOPES[resource]];
  return current && !grantable.includes(current) ? [...grantable, current] : grantable;
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

/** The PUT /roles/:id body. */
export function toRequest(matrix: PermissionMatrix): UpdateRole {
  return { permissions: compactMatrix(matrix) as UpdateRole['permissions'] };
}

export type RoleSaveFeedback = {
  message: TranslationKey;
  /** The cells the server refused (a refused resource marks each of its actions). */
  cells: CellKey[];
};

/** What a refused save says, translated, and which cells it points at. */
export function roleSaveFeedback(error: unknown): RoleSaveFeedback {
  if (!(error instanceof ApiError)) return { message: 'errors.unknown', cells: [] };
  switch (error.code) {
    case 'role.invalid_permission': {
      const problems = (error.details as { problems?: unknown } | undefined)?.problems;
      const cells = (Array.isArray(problems) ? (problems as unknown[]) : []).flatMap((problem): CellKey[] => {
        const { resource, action } = (problem ?? {}) as { resource?: unknown; action?: unknown };
        if (typeof resource !== 'string' || !isResource(resource)) return [];
        if (typeof action === 'string' && isAction(action)) return [cellKey(resource, action)];
        return actionsOf(resource).map((each) => cellKey(resource, each));
      });
      return { message: 'errors.role.invalid_permission', cells };
    }
    case 'role.not_editable':
      return { message: 'errors.role.not_editable', cells: [] };
    case 'validation.failed':
      return { message: 'errors.validation.failed', cells: [] };
    default:
      return { message: 'common.error.update', cells: [] };
  }
}
