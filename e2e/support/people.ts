// People a journey brings in for itself, so no journey changes a demo user that another one signs in as.
import { inject } from 'vitest';
import type { ApiSession } from './api';
import { waitForMailLink } from './app';
import { DEMO_PASSWORD } from './demo';

export type Invitee = {
  email: string;
  firstName: string;
  lastName: string;
  roleId: string;
  teamIds?: string[];
  lang?: 'en' | 'th';
};

/** The admin invites someone, who sets a password from the mail: an active user. Returns their id. */
export async function inviteActiveUser(
  admin: ApiSession,
  invitee: Invitee,
  password = DEMO_PASSWORD,
): Promise<string> {
  const since = Date.now();
  const user = await admin.call<{ id: string }>('POST', '/users', { lang: 'en', ...invitee });
  const link = new URL(
    await waitForMailLink(inject('mailDir'), invitee.email, '/login/set-new-password', since),
  );
  await admin.call('POST', '/auth/reset-password', { token: link.searchParams.get('token'), password });
  return user.id;
}

/** The id of a role by its name (Admin, Manager, Staff). */
export async function roleId(admin: ApiSession, name: string): Promise<string> {
  const roles = await admin.call<{ id: string; name: string }[]>('GET', '/roles');
  return roles.find((role) => role.name === name)!.id;
}
