// A small organisation for the agent workspace tests: two teams, a user per role, a LINE and a Messenger
// channel, and issues created straight in the database with known timestamps.
import { randomUUID } from 'node:crypto';
import { replyDeadline, type IssueStatus, type RoleName } from '@sabai/domain';
import { channels, contacts, issueTags, issues, messages, tags, teamMembers } from '../src/db/schema';
import { call, type TestApp } from './app';
import { buildOrganization, buildTeam, buildUser, signIn, type TestOrg, type TestUser } from './factories';

const SHIFT = { workStart: '00:00', workStop: '23:59', breakStart: '12:00', breakStop: '12:01' };

export type Workspace = Awaited<ReturnType<typeof buildWorkspace>>;

export async function buildWorkspace(t: TestApp) {
  const org = await buildOrganization(t);
  const user = (role: RoleName, firstName: string) => buildUser(t, org, role, { firstName });
  const [admin, manager, staff, staff2, managerB, staffB] = await Promise.all([
    user('Admin', 'Ada'),
    user('Manager', 'Mana'),
    user('Staff', 'Sam'),
    user('Staff', 'Sue'),
    user('Manager', 'Bee'),
    user('Staff', 'Bob'),
  ]);
  const teamA = await buildTeam(t, org, {
    name: `Alpha ${randomUUID().slice(0, 6)}`,
    managerUserId: manager.id,
  });
  const teamB = await buildTeam(t, org, {
    name: `Beta ${randomUUID().slice(0, 6)}`,
    managerUserId: managerB.id,
  });
  await t.db.orm.insert(teamMembers).values([
    { teamId: teamA.id, userId: staff.id, organizationId: org.id, ...SHIFT },
    { teamId: teamA.id, userId: staff2.id, organizationId: org.id, ...SHIFT },
    { teamId: teamB.id, userId: staffB.id, organizationId: org.id, ...SHIFT },
  ]);
  const [line, facebook] = await t.db.orm
    .insert(channels)
    .values([
      {
        organizationId: org.id,
        type: 'line',
        name: 'LINE shop',
        externalId: `L${randomUUID()}`,
        isActive: false,
      },
      {
        organizationId: org.id,
        type: 'facebook',
        name: 'FB page',
        externalId: `F${randomUUID()}`,
        pageId: '555',
        isActive: false,
      },
    ])
    .returning();
  const [vip] = await t.db.orm
    .insert(tags)
    .values({ organizationId: org.id, name: 'VIP', colour: '#ff0000', teamId: teamA.id })
    .returning();

  const tokens = new Map<TestUser, string>();
  const tokenOf = async (u: TestUser) => {
    if (!tokens.has(u)) tokens.set(u, (await signIn(t, u)).accessToken);
    return tokens.get(u)!;
  };

  /** An issue with one customer message; `at` is its start and last activity. */
  const addIssue = async (v: {
    contact?: Partial<typeof contacts.$inferInsert>;
    channel?: 'line' | 'facebook';
    team?: 'A' | 'B' | null;
    assignee?: TestUser | null;
    status?: IssueStatus;
    at?: Date;
    text?: string;
    tagged?: boolean;
  }) => {
    const at = v.at ?? new Date();
    const [contact] = await t.db.orm
      .insert(contacts)
      .values({ organizationId: org.id, displayName: 'Customer', ...v.contact })
      .returning();
    const channel = v.channel === 'facebook' ? facebook! : line!;
    const [issue] = await t.db.orm
      .insert(issues)
      .values({
        organizationId: org.id,
        channelId: channel.id,
        contactId: contact!.id,
        teamId: v.team === null ? null : v.team === 'B' ? teamB.id : teamA.id,
        assigneeUserId: v.assignee?.id ?? null,
        status: v.status ?? (v.assignee ? 'on-going' : 'un-assigned'),
        startDate: at,
        lastResponseAt: at,
        lastCustomerMessageAt: at,
        replyDeadlineAt: replyDeadline(v.channel ?? 'line', at),
        firstCustomerMessageAt: at,
        waitStartedAt: at,
      })
      .returning();
    await t.db.orm.insert(messages).values({
      organizationId: org.id,
      issueId: issue!.id,
      channelId: channel.id,
      direction: 'inbound',
      senderType: 'customer',
      kind: 'text',
      text: v.text ?? 'hello',
      providerMessageId: randomUUID(),
      createdAt: at,
    });
    if (v.tagged) await t.db.orm.insert(issueTags).values({ issueId: issue!.id, tagId: vip!.id });
    return issue!;
  };

  /** A request to the API as `user` of this workspace. */
  const api = async (
    user: TestUser,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
  ) => call(t.app, method, `/api/v1${url}`, { token: await tokenOf(user), body });

  return {
    org,
    admin,
    manager,
    staff,
    staff2,
    managerB,
    staffB,
    teamA,
    teamB,
    line: line!,
    facebook: facebook!,
    vip: vip!,
    tokenOf,
    api,
    addIssue,
  };
}

export type { TestOrg };
