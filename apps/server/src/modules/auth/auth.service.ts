// Sign-in, session rotation, organisation switching and password reset.
import { randomUUID } from 'node:crypto';
import { isAllowed, toRoleEntries, validatePassword } from '@sabai/domain';
import { isCommonPassword } from '@sabai/domain/common-passwords';
import type { LoginRequest, LoginResponse, TokenPair } from '@sabai/contracts';
import { badRequest, forbidden, notFound, unauthorized } from '../../http/errors';
import type { Deps } from '../../deps';
import type { Executor } from '../../platform/db';
import type { AuthContext } from '../../ports';
import { appPathOf, type FileLinks } from '../../platform/file-links';
import { AppError } from '../../platform/app-error';
import { publishEvent } from '../../platform/events';
import { recordSignIn } from '../audit';
import * as repo from './auth.repo';
import { assertMayTryLogin, clearLoginFailures, loginKeyOf, recordLoginFailure } from './login-throttle';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { RESET_MAIL_JOB } from './reset-mail';
import { hashToken, newOpaqueToken } from './tokens';

const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;
// A page reloaded while its refresh was in flight presents the token just spent: within this grace the
// family lives on (a new pair is issued); later, a spent token is a theft signal.
export const REFRESH_REUSE_GRACE_MS = 10_000;

/** Why a user's sessions changed; role changes get a new session pushed, the others only end sessions. */
export type SessionChangeReason =
  | 'logout'
  | 'password_changed'
  | 'password_reset'
  | 'deactivated'
  | 'removed'
  | 'role_changed'
  | 'role_updated';
export const REISSUE_REASONS: ReadonlySet<string> = new Set(['role_changed', 'role_updated']);

/** The app's expiring link to a user's picture (platform/file-links.ts), null without one. */
export const profilePathOf = (links: FileLinks, avatarFileId: string | null) =>
  appPathOf(links, avatarFileId);

/**
 * Verifies credentials and opens a session in the user's home organisation. `source` is the client's
 * address: failures are limited per login and source (login-throttle.ts), known and unknown logins alike.
 */
export async function login(deps: Deps, input: LoginRequest, source: string): Promise<LoginResponse> {
  const now = deps.clock.now();
  const key = loginKeyOf(input.email, source);
  const user = await repo.findUserByLogin(deps.db.orm, input.email);
  // A known user's sign-ins and refused attempts go to their organisation's audit trail.
  const organizationId = user ? await repo.findHomeOrganizationId(deps.db.orm, user.id) : null;
  const audit = (outcome: string) =>
    user && organizationId
      ? recordSignIn(deps, { userId: user.id, organizationId, ip: source, outcome })
      : null;
  try {
    await assertMayTryLogin(deps.db.orm, key, now);
    const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !ok || !user.isActive || !organizationId) {
      await recordLoginFailure(deps.db.orm, key, now);
      throw unauthorized('auth.invalid_credentials');
    }
    await clearLoginFailures(deps.db.orm, key);
    await repo.recordSuccessfulLogin(deps.db.orm, user.id, now);
    const pair = await openSession(deps, user.id, organizationId, randomUUID());
    await audit('ok');
    return { ...pair, profilePath: profilePathOf(deps.fileLinks, user.avatarFileId) };
  } catch (err) {
    if (err instanceof AppError) await audit(err.code);
    throw err;
  }
}

/** Rotates a refresh token; presenting a spent one revokes its whole family (token theft signal). */
export async function refresh(deps: Deps, refreshToken: string): Promise<TokenPair> {
  const now = deps.clock.now();
  const tokenHash = hashToken(refreshToken);
  const spent = await repo.consumeRefreshToken(deps.db.orm, tokenHash, now);
  if (spent) return openSession(deps, spent.userId, spent.organizationId, spent.familyId);
  const known = await repo.findRefreshToken(deps.db.orm, tokenHash);
  if (known?.usedAt && !known.revokedAt && now.getTime() - known.usedAt.getTime() <= REFRESH_REUSE_GRACE_MS) {
    return openSession(deps, known.userId, known.organizationId, known.familyId);
  }
  if (known?.usedAt) {
    await repo.revokeRefreshFamily(deps.db.orm, known.familyId, now);
    deps.logger.warn({ familyId: known.familyId }, 'refresh token reused: session family revoked');
  }
  throw unauthorized('auth.invalid_refresh_token');
}

/**
 * Ends the session of a refresh token (its whole family) and, through the session version, every access
 * token of the user at once (their other devices refresh theirs). Unknown tokens are ignored.
 */
export async function logout(deps: Deps, refreshToken: string) {
  const known = await repo.findRefreshToken(deps.db.orm, hashToken(refreshToken));
  if (!known) return;
  await deps.db.orm.transaction(async (tx) => {
    await repo.revokeRefreshFamily(tx, known.familyId, deps.clock.now());
    await changeSessions(deps, tx, known.organizationId, [known.userId], 'logout');
  });
}

/**
 * Ends the users' current access tokens on their next request, on every node: raises their session
 * versions and publishes `session.changed` (other nodes drop their cached versions; the gateway closes the
 * users' sockets, after pushing a new session for a role change). Call inside the change's transaction.
 */
export async function changeSessions(
  deps: Deps,
  tx: Executor,
  organizationId: string,
  userIds: readonly string[],
  reason: SessionChangeReason,
) {
  if (userIds.length === 0) return;
  await repo.bumpSessionVersions(tx, userIds);
  // This node forgets at once; the event makes the others (and this one again, after the commit) forget.
  deps.sessions.forget(userIds);
  // A notify payload stops at 8000 bytes: 100 ids per event stay well under it.
  for (let i = 0; i < userIds.length; i += 100) {
    await publishEvent(tx, {
      name: 'session.changed',
      organizationId,
      data: { userIds: userIds.slice(i, i + 100), reason },
    });
  }
}

/** Removes one of the caller's device (web push) tokens; other users' tokens are never touched. */
export async function unregisterDevice(deps: Deps, auth: AuthContext, deviceToken: string) {
  await repo.deleteDeviceToken(deps.db.orm, auth.userId, deviceToken);
}

/** Organisations the caller may switch to (SuperAdmin, or organization view with scope all). */
export async function listOrganizations(deps: Deps, auth: AuthContext) {
  assertMaySwitch(auth);
  return repo.listOrganizations(deps.db.orm);
}

/** Re-issues the caller's session for another organisation (PUT /super-admin/{id}). */
export async function switchOrganization(
  deps: Deps,
  auth: AuthContext,
  organizationId: string,
  refreshToken: string,
): Promise<TokenPair> {
  assertMaySwitch(auth);
  if (!(await repo.organizationExists(deps.db.orm, organizationId))) throw notFound();
  const spent = await repo.consumeRefreshToken(deps.db.orm, hashToken(refreshToken), deps.clock.now());
  if (!spent || spent.userId !== auth.userId) throw unauthorized('auth.invalid_refresh_token');
  return openSession(deps, auth.userId, organizationId, spent.familyId);
}

function assertMaySwitch(auth: AuthContext) {
  if (auth.roleName !== 'SuperAdmin' && !isAllowed(auth.role, 'organization', 'view', ['all'])) {
    throw forbidden();
  }
}

/**
 * The role a user acts with in an organisation: their membership's role, or, for a SuperAdmin visiting an
 * organisation they do not belong to, that organisation's SuperAdmin role.
 */
export async function resolveRole(deps: Deps, userId: string, organizationId: string) {
  const member = await repo.findMembershipRole(deps.db.orm, userId, organizationId);
  if (member) return member;
  if (await repo.isSuperAdminAnywhere(deps.db.orm, userId)) {
    return repo.findRoleByName(deps.db.orm, organizationId, 'SuperAdmin');
  }
  return null;
}

async function openSession(
  deps: Deps,
  userId: string,
  organizationId: string,
  familyId: string,
): Promise<TokenPair> {
  const grant = await resolveRole(deps, userId, organizationId);
  // Read from the database, not the cache: a token must never be signed with a version already raised.
  const sessionVersion = await repo.findSessionVersion(deps.db.orm, userId);
  if (!grant || sessionVersion === null) throw unauthorized('auth.unauthenticated');
  const accessToken = await deps.tokens.signAccess({
    sub: userId,
    organizationId,
    roleName: grant.roleName,
    role: toRoleEntries(grant.permissions),
    sv: sessionVersion,
    sid: familyId,
  });
  const { token: refreshToken, hash } = newOpaqueToken();
  await repo.insertRefreshToken(deps.db.orm, {
    familyId,
    userId,
    organizationId,
    tokenHash: hash,
    expiresAt: new Date(deps.clock.now().getTime() + REFRESH_TTL_MS),
  });
  return { accessToken, refreshToken };
}

/**
 * A fresh session for a signed-in user whose role or organisation changed, pushed to their open pages as
 * a refresh message (they store it and refresh their access token). A new family: the socket
 * does not know which session the page holds. Null when the user may no longer sign in here.
 */
export async function reissueSession(
  deps: Deps,
  userId: string,
  organizationId: string,
): Promise<{ refreshToken: string; profilePath: string | null } | null> {
  const user = await repo.findActiveUserAvatar(deps.db.orm, userId);
  if (!user || !(await resolveRole(deps, userId, organizationId))) return null;
  const { refreshToken } = await openSession(deps, userId, organizationId, randomUUID());
  return { refreshToken, profilePath: profilePathOf(deps.fileLinks, user.avatarFileId) };
}

/** Reads and verifies the bearer token of a request. */
export async function authenticate(deps: Deps, authorization: string | undefined): Promise<AuthContext> {
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) throw unauthorized();
  return authenticateToken(deps, match[1]);
}

/**
 * Verifies an access token and that the user's sessions have not changed since it was signed (logout,
 * password, deactivation, removal, role): such a token is refused with `auth.token_revoked`, which tells
 * the client to refresh (and, when the refresh is refused too, to sign out).
 */
export async function authenticateToken(deps: Deps, token: string): Promise<AuthContext & { sv: number }> {
  const claims = await deps.tokens.verifyAccess(token);
  const current = await deps.sessions.current(claims.sub);
  if (current === null || claims.sv !== current) throw unauthorized('auth.token_revoked');
  return {
    userId: claims.sub,
    organizationId: claims.organizationId,
    roleName: claims.roleName,
    role: claims.role,
    sessionId: claims.sid ?? null,
    sv: current,
  };
}

/**
 * Queues a single-use, time-limited reset link (reset-mail.ts). Known and unknown addresses get the same
 * answer: nothing while the mail service works, `email.send_failed` for every address while it does not.
 */
export async function requestPasswordReset(deps: Deps, email: string, lang: 'en' | 'th' = 'en') {
  if (!(await deps.mailer.available())) throw badRequest('email.send_failed');
  const user = await repo.findUserByEmail(deps.db.orm, email);
  if (!user || !user.isActive) return;
  await deps.jobs.send(RESET_MAIL_JOB, { userId: user.id, lang });
}

/** Sets a new password from a reset or invitation link; every session of the user ends. */
export async function resetPassword(deps: Deps, token: string, password: string) {
  assertPasswordRules(password);
  const passwordHash = await hashPassword(password);
  const now = deps.clock.now();
  await deps.db.orm.transaction(async (tx) => {
    const spent = await repo.consumePasswordToken(tx, hashToken(token), now);
    if (!spent) throw badRequest('auth.reset_token_invalid');
    await repo.setPasswordHash(tx, spent.userId, passwordHash, now);
    await repo.voidPasswordTokens(tx, spent.userId, 'reset', now);
    await repo.revokeUserRefreshTokens(tx, spent.userId, now);
    const organizationId = await repo.findHomeOrganizationId(tx, spent.userId);
    if (organizationId) await changeSessions(deps, tx, organizationId, [spent.userId], 'password_reset');
  });
}

/**
 * Changes the caller's password after checking the current one. Every other session ends; the
 * caller's own (its refresh token family) goes on: its next request refreshes the access token.
 */
export async function changePassword(
  deps: Deps,
  auth: AuthContext,
  currentPassword: string,
  newPassword: string,
) {
  const stored = await repo.findPasswordHash(deps.db.orm, auth.userId);
  if (!(await verifyPassword(stored, currentPassword))) throw badRequest('auth.current_password_incorrect');
  assertPasswordRules(newPassword);
  const passwordHash = await hashPassword(newPassword);
  const now = deps.clock.now();
  await deps.db.orm.transaction(async (tx) => {
    await repo.setPasswordHash(tx, auth.userId, passwordHash, now);
    await repo.revokeUserRefreshTokens(tx, auth.userId, now, { keepFamilyId: auth.sessionId ?? undefined });
    await changeSessions(deps, tx, auth.organizationId, [auth.userId], 'password_changed');
  });
}

/** Throws the first broken password rule as its code, with every problem in details. */
export function assertPasswordRules(password: string) {
  const problems = validatePassword(password, isCommonPassword);
  if (problems.length > 0) throw badRequest(problems[0]!, 'Password not allowed', { problems });
}
