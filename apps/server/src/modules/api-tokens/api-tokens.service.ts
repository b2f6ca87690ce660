// API tokens: created, listed and revoked by an organisation's administrators, and the
// authentication of a call that presents one. A token acts as its creator, with its own permissions, which
// never exceed the creator's role (checked when created and again at each call).
import { createHash, randomBytes } from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  compactMatrix,
  effectiveTokenMatrix,
  toRoleEntries,
  tokenGrantProblems,
  visiblePrefixOf,
  type PermissionMatrix,
} from '@sabai/domain';
import type { ApiToken, ApiTokenStatus, CreateApiToken, CreatedApiToken } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { badRequest, notFound, unauthorized } from '../../http/errors';
import { resolveRole } from '../auth';
import type { AuthContext } from '../../ports';
import { displayNameOf } from '../people';
import * as repo from './api-tokens.repo';

/** A use is written to `last_used_at` at most this often per token. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** SHA-256 of a token: all the database keeps of it. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

function statusOf(row: { expiresAt: Date | null; revokedAt: Date | null }, now: Date): ApiTokenStatus {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

function present(row: repo.ApiTokenRow, now: Date): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    permissions: row.permissions,
    createdBy: row.creator ? { id: row.creator.id, name: displayNameOf(row.creator) } : null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: statusOf(row, now),
  };
}

export async function listTokens(deps: Deps, auth: AuthContext): Promise<ApiToken[]> {
  const now = deps.clock.now();
  return (await repo.listTokens(deps.db.orm, auth.organizationId)).map((row) => present(row, now));
}

/** One token of the caller's organisation; another organisation's is a 404 like a missing one. */
export async function getToken(deps: Deps, auth: AuthContext, id: string): Promise<ApiToken> {
  const row = await repo.findToken(deps.db.orm, auth.organizationId, id);
  if (!row) throw notFound('api_token.not_found');
  return present(row, deps.clock.now());
}

/** The creator's current permissions here: a token is checked against the role, not the session's copy. */
async function creatorPermissions(deps: Deps, auth: AuthContext): Promise<PermissionMatrix> {
  const grant = await resolveRole(deps, auth.userId, auth.organizationId);
  if (!grant) throw unauthorized();
  return grant.permissions;
}

/** Creates a token; the answer is the only time its secret is sent (only its hash is stored). */
export async function createToken(
  deps: Deps,
  auth: AuthContext,
  input: CreateApiToken,
): Promise<CreatedApiToken> {
  const now = deps.clock.now();
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw badRequest('api_token.expiry_in_past');
  const problems = tokenGrantProblems(input.permissions, await creatorPermissions(deps, auth));
  if (problems.length > 0) {
    const code = problems.some((p) => p.reason === 'not_grantable')
      ? 'api_token.invalid_permission'
      : 'api_token.beyond_role';
    throw badRequest(code, 'A grant of the token is not allowed.', { problems });
  }
  const permissions = compactMatrix(input.permissions as PermissionMatrix);
  if (Object.keys(permissions).length === 0) {
    throw badRequest('validation.failed', 'A token needs at least one permission.', {
      problems: [{ path: '/permissions', message: 'empty' }],
    });
  }
  const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = await repo.insertToken(deps.db.orm, {
    organizationId: auth.organizationId,
    name: input.name,
    prefix: visiblePrefixOf(secret),
    tokenHash: hashOf(secret),
    permissions,
    createdBy: auth.userId,
    expiresAt,
  });
  return { ...(await getToken(deps, auth, id)), secret };
}

/** Revokes a token at once (its next call is refused); revoking a revoked token changes nothing. */
export async function revokeToken(deps: Deps, auth: AuthContext, id: string): Promise<ApiToken> {
  await repo.revokeToken(deps.db.orm, auth.organizationId, id, deps.clock.now());
  return getToken(deps, auth, id);
}

/**
 * The caller of a request presenting an API token: the token's creator in the token's organisation, with
 * the token's permissions that the creator's role still covers. Unknown, revoked and expired tokens, and
 * those whose creator may no longer sign in there, are refused, each with its own code.
 */
export async function authenticateApiToken(deps: Deps, token: string): Promise<AuthContext> {
  const now = deps.clock.now();
  const row = await repo.findForAuthentication(deps.db.orm, hashOf(token));
  if (!row) throw unauthorized('api_token.invalid');
  if (row.revokedAt) throw unauthorized('api_token.revoked');
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) throw unauthorized('api_token.expired');
  if (!row.createdBy || !row.creatorActive) throw unauthorized('api_token.creator_inactive');
  // A SuperAdmin may act in an organisation they are not a member of (auth's resolveRole).
  const role = row.role ?? (await resolveRole(deps, row.createdBy, row.organizationId));
  if (!role) throw unauthorized('api_token.creator_inactive');
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await repo.touchLastUsed(deps.db.orm, row.id, now, new Date(now.getTime() - LAST_USED_RESOLUTION_MS));
  }
  return {
    userId: row.createdBy,
    organizationId: row.organizationId,
    roleName: role.roleName,
    role: toRoleEntries(effectiveTokenMatrix(row.permissions, role.permissions)),
    sessionId: null,
    apiToken: { id: row.id, prefix: row.prefix },
  };
}
