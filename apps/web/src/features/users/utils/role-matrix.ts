// The permission matrix of a role as the Roles tab shows and edits it: resources × actions → scope.
// What an Admin may grant comes from packages/domain (role-editing.ts); the server checks again.
// The matrix's labels and cell helpers are shared with the API tokens screen (lib/permission-matrix.ts).
import { compactMatrix, GRANTABLE_SCOPES } from '@sabai/domain';
import type { PermissionMatrix, Resource, Scope } from '@sabai/domain';
import type { UpdateRole } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { ApiError } from '../../../lib/api-client';
import { problemCells, type CellKey } from '../../../lib/permission-matrix';

export {
  ACTION_LABELS,
  RESOURCE_LABELS,
  SCOPE_LABELS,
  cellKey,
  hasAction,
  isSameMatrix,
  withScope,
  type CellKey,
} from '../../../lib/permission-matrix';

/**
 * The scopes a cell offers: those an Admin may grant for the resource, plus the cell's current scope when
 * it is another, so an unusual stored grant still reads right (and the server's refusal can point at it).
 */
export function scopeChoices(resource: Resource, current: Scope | undefined): Scope[] {
  const grantable = [...GRANTABLE_SCOPES[resource]];
  return current && !grantable.includes(current) ? [...grantable, current] : grantable;
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
    case 'role.invalid_permission':
      return { message: 'errors.role.invalid_permission', cells: problemCells(error.details) };
    case 'role.not_editable':
      return { message: 'errors.role.not_editable', cells: [] };
    case 'validation.failed':
      return { message: 'errors.validation.failed', cells: [] };
    default:
      return { message: 'common.error.update', cells: [] };
  }
}
