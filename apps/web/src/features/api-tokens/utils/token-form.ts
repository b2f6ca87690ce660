// The API token form and list: expiry choices, the permission rows a creator may fill, the list's
// summary of a token's grants, and what a refused creation says.
import dayjs from 'dayjs';
import { ACTIONS, RESOURCES, tokenScopeChoices } from '@sabai/domain';
import type { Action, PermissionMatrix, Resource, Scope } from '@sabai/domain';
import type { TranslationKey } from '@sabai/i18n';
import { ApiError } from '../../../lib/api-client';
import { problemCells, type CellKey } from '../../../lib/permission-matrix';

export const EXPIRY_CHOICES = ['30', '90', '365', 'never', 'custom'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];
export const DEFAULT_EXPIRY: ExpiryChoice = '90';

/**
 * The instant a choice expires the token: a number of days from now, the end of a chosen day (browser's
 * time zone, `YYYY-MM-DD`), or never (null).
 */
export function expiresAtOf(choice: ExpiryChoice, day: string | null, now: Date): string | null {
  if (choice === 'never') return null;
  if (choice === 'custom') return day ? dayjs(day).endOf('day').toISOString() : null;
  return dayjs(now).add(Number(choice), 'day').toISOString();
}

/** The rows of the permission table: the resources the creator may give a token anything of. */
export function grantableResources(creator: PermissionMatrix): Resource[] {
  return RESOURCES.filter((resource) =>
    ACTIONS.some((action) => tokenScopeChoices(resource, action, creator).length > 0),
  );
}

export type Grant = { resource: Resource; action: Action; scope: Scope };

/** A token's grants in the matrix order (resources, then view, create, update, delete). */
export function grantsOf(matrix: PermissionMatrix): Grant[] {
  return RESOURCES.flatMap((resource) =>
    ACTIONS.flatMap((action) => {
      const scope = matrix[resource]?.[action];
      return scope ? [{ resource, action, scope }] : [];
    }),
  );
}

export type TokenSaveFeedback = { message: TranslationKey; cells: CellKey[] };

/** What a refused creation says, translated, and which permission cells it points at. */
export function tokenSaveFeedback(error: unknown): TokenSaveFeedback {
  if (!(error instanceof ApiError)) return { message: 'errors.unknown', cells: [] };
  switch (error.code) {
    case 'api_token.invalid_permission':
    case 'api_token.beyond_role':
      return { message: `errors.${error.code}`, cells: problemCells(error.details) };
    case 'api_token.expiry_in_past':
      return { message: 'errors.api_token.expiry_in_past', cells: [] };
    case 'validation.failed':
      return { message: 'errors.validation.failed', cells: [] };
    default:
      return { message: 'common.error.update', cells: [] };
  }
}
