// Sign-in, session rotation, organisation switching and password reset (spec §4 "Session", §7).
import { randomUUID } from 'node:crypto';
import { isAllowed, toRoleEntries, validatePassword, type RoleEntry, type RoleName } from '@sabai/domain';
import { isCommonPassword } from '@sabai/domain/common-passwords';
import type { LoginRequest, LoginResponse, TokenPair } from '@sabai/contracts';
import { badRequest, forbidden, notFound, tooManyRequests, unauthorized } from '../../http/errors';
import type { Deps } from '../../deps';
import * as repo from './auth.repo';
import { hashPassword, verifyPassword } from './passwords';
import { hashToken, newOpaqueToken } from './tokens';

const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;
// A page reloaded while its refresh was in flight presents the token just spent: within this grace the
// family lives on (a new pair is issued); later, a spent token is a theft signal.
export const REFRESH_REUSE_GRACE_MS = 10_000;
const RESET_TTL_MS = 60 * 60 * 1000;
// Per-account brute-force guard: after this many failures inside the window the account answers 429
// until the window has passed since the last failure (per-IP limits are in the routes).
export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** The caller of a signed-in request, as read from a verified access token. */
export type AuthContext = { userId: string; organizationId: string; roleName: RoleName; role: RoleEntry[] };

export const profilePathOf = (avatarFileId: string | null) =>
  avatarFileId ? `/files/${avatarFileId}` : null;

/** Verifies credentials and opens a session in the user's home organisation. */
export async function login(deps: Deps, input: LoginRequest): Promise<LoginResponse> {
  const now = deps.clock.now();
  const user = await repo.findUserByLogin(deps.db.orm, input.email);
  const windowStart = new Date(now.getTime() - FAILED_LOGIN_WINDOW_MS);
  if (
    user &&
    user.failedLoginCount >= MAX_FAILED_LOGINS &&
    user.failedLoginAt &&
    user.failedLoginAt > windowStart
  ) {
    throw tooManyRequests('auth.too_many_attempts');
  }
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok || !user.isActive) {
    if (user) await repo.recordFailedLogin(deps.db.orm, user.id, now, windowStart);
    throw unauthorized('auth.invalid_credentials');
  }
  const organizationId = await repo.findHomeOrganizationId(deps.db.orm, user.id);
  if (!organizationId) throw unauthorized('auth.invalid_credentials');
  await repo.recordSuccessfulLogin(deps.db.orm, user.id, now);
  const pair = await openSession(deps, user.id, organizationId, randomUUID());
  return { ...pair, profilePath: profilePathOf(user.avatarFileId) };
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

/** Ends the session of a refresh token (its whole family). Unknown tokens are ignored. */
export async function logout(deps: Deps, refreshToken: string) {
  const known = await repo.findRefreshToken(deps.db.orm, hashToken(refreshToken));
  if (known) await repo.revokeRefreshFamily(deps.db.orm, known.familyId, deps.clock.now());
}

/** Removes one of the caller's device (web push) tokens; other users' tokens are never touched. */
export async function unregisterDevice(deps: Deps, auth: AuthContext, deviceToken: string) {
  await repo.deleteDeviceToken(deps.db.orm, auth.userId, deviceToken);
}

/** Organisations the caller may switch to (spec §6: SuperAdmin, or organization view with scope all). */
export async function listOrganizations(deps: Deps, auth: AuthContext) {
  assertMaySwitch(auth);
  return repo.listOrganizations(deps.db.orm);
}

/** Re-issues the caller's session for another organisation (spec §7 PUT /super-admin/{id}). */
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
  if (!grant) throw unauthorized('auth.unauthenticated');
  const accessToken = await deps.tokens.signAccess({
    sub: userId,
    organizationId,
    roleName: grant.roleName,
    role: toRoleEntries(grant.permissions),
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
 * spec §3's refresh message (they store it and refresh their access token). A new family: the socket
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
  return { refreshToken, profilePath: profilePathOf(user.avatarFileId) };
}

/** Reads and verifies the bearer token of a request. */
export async function authenticate(deps: Deps, authorization: string | undefined): Promise<AuthContext> {
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) throw unauthorized();
  const claims = await deps.tokens.verifyAccess(match[1]);
  return {
    userId: claims.sub,
    organizationId: claims.organizationId,
    roleName: claims.roleName,
    role: claims.role,
  };
}

/** Mails a single-use, time-limited reset link. Silent for unknown addresses (no account enumeration). */
export async function requestPasswordReset(deps: Deps, email: string, lang: 'en' | 'th' = 'en') {
  const user = await repo.findUserByEmail(deps.db.orm, email);
  if (!user || !user.isActive) return;
  const { token, hash } = newOpaqueToken();
  await repo.insertPasswordToken(deps.db.orm, {
    userId: user.id,
    purpose: 'reset',
    tokenHash: hash,
    expiresAt: new Date(deps.clock.now().getTime() + RESET_TTL_MS),
  });
  const link = `${deps.config.PUBLIC_URL}/login/reset-password?token=${token}&lang=${lang}`;
  const mail =
    lang === 'th'
      ? {
          subject: 'ตั้งรหัสผ่านใหม่ของ Sabai Inbox',
          text: `สวัสดีคุณ ${user.firstName}\n\nกดลิงก์นี้ภายใน 60 นาทีเพื่อตั้งรหัสผ่านใหม่:\n${link}\n\nหากคุณไม่ได้ขอเปลี่ยนรหัสผ่าน ไม่ต้องทำอะไร`,
        }
      : {
          subject: 'Reset your Sabai Inbox password',
          text: `Hello ${user.firstName},\n\nOpen this link within 60 minutes to set a new password:\n${link}\n\nIf you did not ask for this, you can ignore this mail.`,
        };
  try {
    await deps.mailer.send({ to: user.email, ...mail });
  } catch (err) {
    deps.logger.error({ err }, 'password reset mail failed');
    throw badRequest('email.send_failed');
  }
}

/** Sets a new password from a reset or invitation link. */
export async function resetPassword(deps: Deps, token: string, password: string) {
  assertPasswordRules(password);
  const passwordHash = await hashPassword(password);
  const now = deps.clock.now();
  await deps.db.orm.transaction(async (tx) => {
    const spent = await repo.consumePasswordToken(tx, hashToken(token), now);
    if (!spent) throw badRequest('auth.reset_token_invalid');
    await repo.setPasswordHash(tx, spent.userId, passwordHash, now);
  });
}

/** Changes the caller's password after checking the current one (spec §5). */
export async function changePassword(
  deps: Deps,
  userId: string,
  currentPassword: string,
  newPassword: string,
) {
  const stored = await repo.findPasswordHash(deps.db.orm, userId);
  if (!(await verifyPassword(stored, currentPassword))) throw badRequest('auth.current_password_incorrect');
  assertPasswordRules(newPassword);
  await repo.setPasswordHash(deps.db.orm, userId, await hashPassword(newPassword), deps.clock.now());
}

/** Throws the first broken password rule as its code, with every problem in details. */
export function assertPasswordRules(password: string) {
  const problems = validatePassword(password, isCommonPassword);
  if (problems.length > 0) throw badRequest(problems[0]!, 'Password not allowed', { problems });
}
