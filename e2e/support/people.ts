// People a journey brings in for itself, so no journey changes a demo user that another one signs in as.
import { inject } from './stack';
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

/** A team of the journey's own, managed by the demo manager, with `memberId` working weekdays 09–18. */
export async function createTeamOf(admin: ApiSession, name: string, memberId: string): Promise<string> {
  const people = await admin.call<{ id: string; email: string }[]>('GET', '/teams/member-options');
  const team = await admin.call<{ id: string }>('POST', '/teams', {
    name,
    managerUserId: people.find((person) => person.email === 'manager@demo.local')!.id,
    autoReplyMessage: 'We will reply soon. / ทีมงานจะตอบกลับโดยเร็ว',
    managerWorkingType: 'never',
    members: [
      {
        userId: memberId,
        workStart: '09:00',
        workStop: '18:00',
        breakStart: '12:00',
        breakStop: '13:00',
        workingDays: [1, 2, 3, 4, 5],
      },
    ],
  });
  return team.id;
}

/** Undoes createTeamOf and inviteActiveUser: the member leaves the team, then the team and the user go. */
export async function removeTeamOf(admin: ApiSession, teamId: string, memberId: string): Promise<void> {
  if (teamId) {
    await admin.call('DELETE', `/teams/${teamId}/members/${memberId}`);
    await admin.call('DELETE', `/teams/${teamId}`);
  }
  if (memberId) await admin.call('DELETE', `/users/${memberId}`);
}
