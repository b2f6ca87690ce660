// The signed-in user's own profile, avatar and notification settings (/profile/edit-profile).
import type { Me, NotificationSettings, UpdateProfileRequest } from '@sabai/contracts';
import { conflict, notFound } from '../../http/errors';
import type { Deps } from '../../deps';
import { profilePathOf } from '../auth';
import type { AuthContext } from '../../ports';
import { storeAvatar, type AvatarFile } from './avatar';
import * as repo from './users.repo';

/** The caller's profile as the web app shows it in the header and the profile page. */
export async function getMe(deps: Deps, auth: AuthContext): Promise<Me> {
  const row = await repo.findProfile(deps.db.orm, auth.userId, auth.organizationId);
  if (!row) throw notFound();
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    displayName: `${row.firstName} ${row.lastName}`.trim() || row.username,
    profilePath: profilePathOf(deps.fileLinks, row.avatarFileId),
    roleName: auth.roleName,
    roles: [auth.roleName],
    organization: { id: auth.organizationId, name: row.organizationName },
    permissions: auth.role,
    politeParticle: row.politeParticle,
  };
}

export async function updateMe(deps: Deps, auth: AuthContext, input: UpdateProfileRequest): Promise<Me> {
  if (await repo.usernameTakenByOther(deps.db.orm, auth.userId, input.username)) {
    throw conflict('user.username_taken');
  }
  await repo.updateProfile(deps.db.orm, auth.userId, input, deps.clock.now());
  return getMe(deps, auth);
}

/** Stores a new avatar for the caller (see storeAvatar) and answers with the updated profile. */
export async function updateAvatar(deps: Deps, auth: AuthContext, file: AvatarFile): Promise<Me> {
  await storeAvatar(deps, auth.userId, file);
  return getMe(deps, auth);
}

export async function getNotificationSettings(deps: Deps, auth: AuthContext): Promise<NotificationSettings> {
  const row = await repo.findNotificationSettings(deps.db.orm, auth.userId);
  if (!row) throw notFound();
  return { web: row.web, sound: row.sound, line: row.line, lineLinked: row.lineUserId !== null };
}

export async function updateNotificationSettings(
  deps: Deps,
  auth: AuthContext,
  input: { web: boolean; sound: boolean; line: boolean },
): Promise<NotificationSettings> {
  await repo.updateNotificationSettings(deps.db.orm, auth.userId, input, deps.clock.now());
  return getNotificationSettings(deps, auth);
}
