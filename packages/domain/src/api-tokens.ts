// API tokens: what a token may be granted and what it may do. A token carries a
// permission matrix like a role's, never more than its creator's role allows: when created (each grant
// checked against the creator's role) and at every call (the grants the creator's role no longer covers
// fall away, so demoting the creator narrows their tokens at once).
import {
  actionsOf,
  compactMatrix,
  GRANTABLE_SCOPES,
  permissionProblems,
  type PermissionProblem,
} from './role-editing';
import type { Action, ActionScopes, PermissionMatrix, Resource, Scope } from './permissions';

/** Every token starts with this, so a bearer value tells at once whether it is a token or a session. */
export const API_TOKEN_PREFIX = 'sabai_';

/** Characters of a token (after the prefix) shown in lists to recognise it. */
export const API_TOKEN_VISIBLE_CHARS = 6;

/** Whether a bearer value is an API token (rather than a session's access token). */
export function isApiToken(value: string | undefined | null): boolean {
  return typeof value === 'string' && value.startsWith(API_TOKEN_PREFIX);
}

/** The part of a token kept in clear for lists: the prefix and a few characters. */
export function visiblePrefixOf(token: string): string {
  return token.slice(0, API_TOKEN_PREFIX.length + API_TOKEN_VISIBLE_CHARS);
}

/** Whether the creator's scope covers the token's: the same scope, or the whole organisation. */
function covers(creatorScope: Scope | undefined, tokenScope: Scope): boolean {
  return creatorScope === tokenScope || creatorScope === 'all';
}

/** The scopes a creator may give a token for an action on a resource (none: the cell cannot be granted). */
export function tokenScopeChoices(resource: Resource, action: Action, creator: PermissionMatrix): Scope[] {
  if (!actionsOf(resource).includes(action)) return [];
  return GRANTABLE_SCOPES[resource].filter((scope) => covers(creator[resource]?.[action], scope));
}

export type TokenGrantProblem = PermissionProblem & { reason: 'not_grantable' | 'beyond_role' };

/**
 * Grants a token may not be given: those no role may be given by an Admin (role-editing's rules), then
 * those beyond the creator's own role.
 */
export function tokenGrantProblems(
  requested: Record<string, Record<string, string> | undefined>,
  creator: PermissionMatrix,
): TokenGrantProblem[] {
  const notGrantable = permissionProblems(requested);
  if (notGrantable.length > 0) return notGrantable.map((p) => ({ ...p, reason: 'not_grantable' }));
  const problems: TokenGrantProblem[] = [];
  for (const [resource, grants] of Object.entries(requested)) {
    for (const [action, scope] of Object.entries(grants ?? {})) {
      const own = (creator[resource as Resource] as Record<string, Scope> | undefined)?.[action];
      if (!covers(own, scope as Scope)) problems.push({ resource, action, scope, reason: 'beyond_role' });
    }
  }
  return problems;
}

/** What a token may do now: its grants that the creator's current role still covers. */
export function effectiveTokenMatrix(token: PermissionMatrix, creator: PermissionMatrix): PermissionMatrix {
  const effective: PermissionMatrix = {};
  for (const [resource, grants] of Object.entries(token) as [Resource, ActionScopes | undefined][]) {
    const kept: ActionScopes = {};
    for (const [action, scope] of Object.entries(grants ?? {}) as [keyof ActionScopes, Scope][]) {
      if (covers(creator[resource]?.[action], scope)) kept[action] = scope;
    }
    effective[resource] = kept;
  }
  return compactMatrix(effective);
}
