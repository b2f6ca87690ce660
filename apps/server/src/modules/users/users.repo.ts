import { and, eq, ne, sql } from 'drizzle-orm';
import { organizations, users } from '../../db/schema';
import type { Executor } from '../../platform/db';

export async function findProfile(ex: Executor, userId: string, organizationId: string) {
  const [row] = await ex
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarFileId: users.avatarFileId,
      politeParticle: users.politeParticle,
      organizationName: organizations.name,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, organizationId))
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function usernameTakenByOther(ex: Executor, userId: string, username: string) {
  const rows = await ex
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, ne(users.id, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function updateProfile(
  ex: Executor,
  userId: string,
  values: { username: string; firstName: string; lastName: string; politeParticle?: 'ka' | 'krap' | null },
  now: Date,
) {
  await ex
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, userId));
}

/** Points the user at a new avatar and returns the previous file id (to delete it). */
export async function replaceAvatar(ex: Executor, userId: string, fileId: string, now: Date) {
  const [before] = await ex
    .select({ avatarFileId: users.avatarFileId })
    .from(users)
    .where(eq(users.id, userId));
  await ex.update(users).set({ avatarFileId: fileId, updatedAt: now }).where(eq(users.id, userId));
  return before?.avatarFileId ?? null;
}

export async function findNotificationSettings(ex: Executor, userId: string) {
  const [row] = await ex
    .select({
      web: users.notifyWeb,
      sound: users.notifySound,
      line: users.notifyLine,
      lineUserId: users.lineUserId,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function updateNotificationSettings(
  ex: Executor,
  userId: string,
  values: { web: boolean; sound: boolean; line: boolean },
  now: Date,
) {
  await ex
    .update(users)
    .set({ notifyWeb: values.web, notifySound: values.sound, notifyLine: values.line, updatedAt: now })
    .where(eq(users.id, userId));
}
