// User management: the user fields' validations and the refusals ('Can't add user, Please contact sale',
// Generate-link failed, user not found, the role-update warning). Users are invited: they get a mail with a
// set-password link (the reset-password flow's single-use token, purpose 'invite', valid 7 days).
import { isAllowed, mayHandleRole, type RoleName } from '@sabai/domain';
import type { HandOverIssues, InviteUser, Page, UpdateUser, User, UserOpenIssues } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { isUniqueViolation } from '../../db/list-helpers';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import {
  changeSessions,
  insertPasswordToken,
  newOpaqueToken,
  profilePathOf,
  revokeUserRefreshTokens,
  voidPasswordTokens,
} from '../auth';
import type { AuthContext } from '../../ports';
import { handOverOpenIssues, openIssuesByTeam, openIssuesOf } from '../issues';
import { displayNameOf } from '../people';
import { storeAvatar, type AvatarFile } from './avatar';
import * as repo from './users-admin.repo';

const INVITE_TTL_MS = 7 * 24 * 3600 * 1000;

/** An invitation's set-password link, valid for a week from `now`. */
const inviteToken = (userId: string, tokenHash: string, now: Date) => ({
  userId,
  purpose: 'invite' as const,
  tokenHash,
  expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
});

export async function listUsers(deps: Deps, auth: AuthContext, q: repo.UserFilter): Promise<Page<User>> {
  const { rows, total } = await repo.listUsers(deps.db.orm, auth.organizationId, q);
  return { items: await present(deps, auth, rows), total, page: q.page, pageSize: q.pageSize };
}

export async function getUser(deps: Deps, auth: AuthContext, id: string): Promise<User> {
  const row = await repo.findUser(deps.db.orm, auth.organizationId, id);
  if (!row) throw userNotFound();
  return (await present(deps, auth, [row]))[0]!;
}

/** Invites a new user: account without password, membership with the role, teams, and the set-password mail. */
export async function inviteUser(deps: Deps, auth: AuthContext, input: InviteUser): Promise<User> {
  const role = await repo.findRole(deps.db.orm, auth.organizationId, input.roleId);
  if (!role) throw badRequest('user.role_not_found', 'Role not found.');
  assertMayGrant(auth, role.name);
  await assertTeams(deps, auth.organizationId, input.teamIds);
  if (await repo.emailTaken(deps.db.orm, input.email)) throw emailTaken();
  const username = await freeUsername(deps, input.email);
  const now = deps.clock.now();
  const { token, hash } = newOpaqueToken();
  const userId = await deps.db.orm
    .transaction(async (tx) => {
      const seats = await repo.lockSeats(tx, auth.organizationId);
      if (seats.used >= seats.max) throw conflict('user.plan_limit', "Can't add user, Please contact sale");
      const id = await repo.insertUser(tx, {
        email: input.email,
        username,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash: null,
        createdAt: now,
        updatedAt: now,
      });
      await repo.insertMembership(tx, {
        userId: id,
        organizationId: auth.organizationId,
        roleId: role.id,
        isDefault: true,
        createdAt: now,
      });
      await repo.setTeams(tx, auth.organizationId, id, input.teamIds);
      await insertPasswordToken(tx, inviteToken(id, hash, now));
      return id;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    });
  try {
    await sendInvitation(deps, input.email, input.firstName, token, input.lang);
  } catch (err) {
    // Nothing half-made stays behind: the invitation can simply be tried again.
    deps.logger.error({ err }, 'invitation mail failed');
    await repo.deleteUserRow(deps.db.orm, userId);
    throw linkFailed();
  }
  return getUser(deps, auth, userId);
}

/** Mails a new set-password link to an invited user; only the newest link stays valid. */
export async function resendInvitation(deps: Deps, auth: AuthContext, id: string, lang: 'en' | 'th') {
  const row = await repo.findUser(deps.db.orm, auth.organizationId, id);
  if (!row) throw userNotFound();
  if (row.status !== 'invited') throw conflict('user.not_invited', 'This user has already set a password.');
  const now = deps.clock.now();
  const { token, hash } = newOpaqueToken();
  const tokenId = await insertPasswordToken(deps.db.orm, inviteToken(id, hash, now));
  try {
    await sendInvitation(deps, row.email, row.firstName, token, lang);
  } catch (err) {
    deps.logger.error({ err }, 'invitation mail failed');
    await repo.deletePasswordToken(deps.db.orm, tokenId);
    throw linkFailed();
  }
  await voidPasswordTokens(deps.db.orm, id, 'invite', now, tokenId);
}

/**
 * Edits a user. The role-update warning: a role change is refused while the user is still in a team the edit
 * does not keep; they are taken out of it first (a save without the role change), then the role changes.
 */
export async function updateUser(
  deps: Deps,
  auth: AuthContext,
  id: string,
  input: UpdateUser,
): Promise<User> {
  const row = await repo.findUser(deps.db.orm, auth.organizationId, id);
  if (!row) throw userNotFound();
  assertMayManage(auth, row.roleName);
  const role = await repo.findRole(deps.db.orm, auth.organizationId, input.roleId);
  if (!role) throw badRequest('user.role_not_found', 'Role not found.');
  assertMayGrant(auth, role.name);
  await assertTeams(deps, auth.organizationId, input.teamIds);
  if (await repo.usernameTaken(deps.db.orm, input.username, id)) throw conflict('user.username_taken');
  const roleChanged = role.id !== row.roleId;
  if (roleChanged) {
    if (id === auth.userId) throw conflict('user.cannot_change_own_role', 'You cannot change your own role.');
    const kept = new Set(input.teamIds);
    const others = (await repo.teamsOfUsers(deps.db.orm, auth.organizationId, [id])).filter(
      (t) => !kept.has(t.id),
    );
    if (others.length > 0) {
      throw conflict(
        'user.in_other_team',
        'This user is still in another team. Remove the user from that team before updating the role.',
        { teams: others.map((t) => ({ id: t.id, name: t.name })) },
      );
    }
  }
  await deps.db.orm
    .transaction(async (tx) => {
      const now = deps.clock.now();
      await repo.updateUser(
        tx,
        id,
        { firstName: input.firstName, lastName: input.lastName, username: input.username },
        now,
      );
      await repo.setTeams(tx, auth.organizationId, id, input.teamIds);
      if (roleChanged) {
        await repo.setRole(tx, auth.organizationId, id, role.id);
        await changeSessions(deps, tx, auth.organizationId, [id], 'role_changed');
      }
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw conflict('user.username_taken');
      throw err;
    });
  return getUser(deps, auth, id);
}

/** Replaces a user's image (images only, ≤ 5 MB checked while streaming). */
export async function updateUserImage(
  deps: Deps,
  auth: AuthContext,
  id: string,
  file: AvatarFile,
): Promise<User> {
  const row = await repo.findUser(deps.db.orm, auth.organizationId, id);
  if (!row) {
    file.stream.resume();
    throw userNotFound();
  }
  assertMayManage(auth, row.roleName);
  await storeAvatar(deps, id, file);
  return getUser(deps, auth, id);
}

/**
 * Deactivates or reactivates a user. An account is one person across organisations, so an organisation
 * may deactivate only users who belong to it alone; others are removed from it instead (DELETE).
 */
export async function setActive(deps: Deps, auth: AuthContext, id: string, isActive: boolean): Promise<User> {
  const row = await repo.findUser(deps.db.orm, auth.organizationId, id);
  if (!row) throw userNotFound();
  assertMayManage(auth, row.roleName);
  if (id === auth.userId) throw conflict('user.cannot_deactivate_self', 'You cannot deactivate yourself.');
  if ((await repo.otherMembershipCount(deps.db.orm, id, auth.organizationId)) > 0) {
    throw conflict(
      'user.member_elsewhere',
      'This user belongs to another organisation: remove them instead.',
    );
  }
  await deps.db.orm.transaction(async (tx) => {
    const now = deps.clock.now();
    if (isActive && !row.isActive) {
      const seats = await repo.lockSeats(tx, auth.organizationId);
      if (seats.used >= seats.max) throw conflict('user.plan_limit', "Can't add user, Please contact sale");
    }
    await repo.updateUser(tx, id, { isActive }, now);
    if (!isActive) {
      await repo.setOffline(tx, id);
      await revokeUserRefreshTokens(tx, id, now);
      await changeSessions(deps, tx, auth.organizationId, [id], 'deactivated');
    }
  });
  return getUser(deps, auth, id);
}

/**
 * Removes a user from the organisation (teams, membership, sessions there). Refused while they hold open
 * issues, which are handed over first (handOver). The removal is recorded, so their messages, issues and
 * reports show "Name (deleted)"; an account left in no organisation becomes a tombstone.
 */
export async function deleteUser(deps: Deps, auth: AuthContext, id: string) {
  const row = await repo.findUser(deps.db.orm, auth.organizationId, id);
  if (!row) throw userNotFound();
  assertMayManage(auth, row.roleName);
  if (id === auth.userId) throw conflict('user.cannot_delete_self', 'You cannot delete yourself.');
  await deps.db.orm.transaction(async (tx) => {
    const now = deps.clock.now();
    const open = await openIssuesOf(tx, auth.organizationId, id);
    if (open.length > 0) {
      throw conflict('user.has_open_issues', "Hand this user's open issues over before deleting them.", {
        openIssues: open.length,
        teams: openIssuesByTeam(open),
        issueIds: open.slice(0, 100).map((issue) => issue.id),
      });
    }
    await repo.removeFromOrganization(tx, auth.organizationId, id);
    await repo.recordRemoval(tx, auth.organizationId, id, now);
    await revokeUserRefreshTokens(tx, id, now, { organizationId: auth.organizationId });
    if ((await repo.otherMembershipCount(tx, id, auth.organizationId)) === 0)
      await repo.tombstone(tx, id, now);
    await changeSessions(deps, tx, auth.organizationId, [id], 'removed');
  });
}

/** The user's open issues per team: what must be handed over before they can be deleted. */
export async function openIssuesSummary(deps: Deps, auth: AuthContext, id: string): Promise<UserOpenIssues> {
  const row = await repo.findUser(deps.db.orm, auth.organizationId, id);
  if (!row) throw userNotFound();
  const open = await deps.db.orm.transaction((tx) => openIssuesOf(tx, auth.organizationId, id));
  return { openIssues: open.length, teams: openIssuesByTeam(open) };
}

/**
 * Hands the user's open issues to another agent (who must be in every team involved) or back to each
 * team's queue (which must keep someone to take it); each issue records it in its activities.
 */
export async function handOver(
  deps: Deps,
  auth: AuthContext,
  id: string,
  input: HandOverIssues,
): Promise<UserOpenIssues> {
  const row = await repo.findUser(deps.db.orm, auth.organizationId, id);
  if (!row) throw userNotFound();
  assertMayManage(auth, row.roleName);
  await deps.db.orm.transaction(async (tx) => {
    await handOverOpenIssues(deps, tx, {
      organizationId: auth.organizationId,
      actorUserId: auth.userId,
      fromUserId: id,
      toUserId: input.toUserId,
      now: deps.clock.now(),
    });
  });
  return openIssuesSummary(deps, auth, id);
}

const userNotFound = () => notFound('user.not_found', 'User not found.');
const emailTaken = () => conflict('user.email_taken', 'This email is already in use.');
const linkFailed = () =>
  badRequest('user.generate_link_failed', 'The set-password link could not be sent. Please try again.');

const mayHandle = (auth: AuthContext, role: RoleName) => mayHandleRole(auth.roleName, role);

/** Refuses granting a role above the caller's. */
function assertMayGrant(auth: AuthContext, roleName: RoleName) {
  if (!mayHandle(auth, roleName)) throw roleNotAllowed();
}

/** Refuses editing, deactivating or removing a user whose role is above the caller's. */
function assertMayManage(auth: AuthContext, targetRole: RoleName) {
  if (!mayHandle(auth, targetRole)) throw roleNotAllowed();
}

const roleNotAllowed = () => forbidden('user.role_not_allowed', 'This role is above yours.');

async function assertTeams(deps: Deps, organizationId: string, teamIds: string[]) {
  const known = new Set(await repo.teamsInOrganization(deps.db.orm, organizationId, teamIds));
  const unknown = [...new Set(teamIds)].filter((id) => !known.has(id));
  if (unknown.length > 0) throw badRequest('team.not_found', 'Team not found.', { teamIds: unknown });
}

/** A username from the email's local part, numbered when taken (the user can change it later). */
async function freeUsername(deps: Deps, email: string) {
  const base =
    (email.split('@')[0] ?? '')
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N}._-]/gu, '')
      .slice(0, 50) || 'user';
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!(await repo.usernameTaken(deps.db.orm, candidate))) return candidate;
  }
  return `${base}-${Date.now().toString(36)}`;
}

async function sendInvitation(deps: Deps, to: string, firstName: string, token: string, lang: 'en' | 'th') {
  const link = `${deps.config.PUBLIC_URL}/login/set-new-password?token=${token}&lang=${lang}`;
  const mail =
    lang === 'th'
      ? {
          subject: 'คำเชิญเข้าใช้งาน Sabai Inbox',
          text: `สวัสดี${firstName ? `คุณ ${firstName}` : 'ค่ะ'}\n\nคุณได้รับเชิญให้เข้าใช้งาน Sabai Inbox กดลิงก์นี้ภายใน 7 วันเพื่อตั้งรหัสผ่าน:\n${link}`,
        }
      : {
          subject: 'You are invited to Sabai Inbox',
          text: `Hello${firstName ? ` ${firstName}` : ''},\n\nYou have been invited to Sabai Inbox. Open this link within 7 days to set your password:\n${link}`,
        };
  await deps.mailer.send({ to, ...mail });
}

async function present(deps: Deps, auth: AuthContext, rows: repo.UserRow[]): Promise<User[]> {
  const teams = await repo.teamsOfUsers(
    deps.db.orm,
    auth.organizationId,
    rows.map((r) => r.id),
  );
  const canUpdate = isAllowed(auth.role, 'user', 'update', ['all']);
  const canDelete = isAllowed(auth.role, 'user', 'delete', ['all']);
  return rows.map((r) => {
    const manageable = mayHandle(auth, r.roleName);
    return {
      id: r.id,
      email: r.email,
      username: r.username,
      firstName: r.firstName,
      lastName: r.lastName,
      displayName: displayNameOf(r),
      profilePath: profilePathOf(deps.fileLinks, r.avatarFileId),
      role: { id: r.roleId, name: r.roleName },
      teams: teams.filter((t) => t.userId === r.id).map((t) => ({ id: t.id, name: t.name })),
      status: r.status,
      availability: r.availability === 'online' ? 'online' : 'offline',
      lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      canUpdate: canUpdate && manageable,
      canDelete: canDelete && manageable && r.id !== auth.userId,
    };
  });
}
