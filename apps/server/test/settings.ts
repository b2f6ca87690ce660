// Factories for the organisation settings tests (teams with shifts, channels, waiting issues): rows written
// directly, so each test builds exactly the state it needs in its own organisation.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { MemberShift } from '@sabai/domain';
import { channels, contacts, issues, memberships, teamMembers, teams } from '../src/db/schema';
import { startEventBus, type DomainEvent } from '../src/platform/events';
import { silentLogger } from '../src/platform/logger';
import type { TestApp } from './app';
import type { TestOrg } from './factories';

/** Works every day, all day but one minute (the break must lie inside the shift). */
export const ALWAYS_SHIFT: MemberShift = {
  workStart: '00:00',
  workStop: '23:59',
  breakStart: '23:58',
  breakStop: '23:59',
  workingDays: [1, 2, 3, 4, 5, 6, 7],
};

export const OFFICE_SHIFT: MemberShift = {
  workStart: '09:00',
  workStop: '18:00',
  breakStart: '12:00',
  breakStop: '13:00',
  workingDays: [1, 2, 3, 4, 5],
};

type TeamOptions = Partial<typeof teams.$inferInsert> & {
  members?: Array<{ userId: string; shift?: MemberShift }>;
};

/** A team with members (each with a shift, ALWAYS_SHIFT by default). */
export async function buildStaffedTeam(t: TestApp, org: TestOrg, opts: TeamOptions = {}) {
  const { members = [], ...values } = opts;
  const [team] = await t.db.orm
    .insert(teams)
    .values({ organizationId: org.id, name: `Team ${randomUUID().slice(0, 8)}`, ...values })
    .returning();
  if (members.length) {
    await t.db.orm.insert(teamMembers).values(
      members.map((m) => {
        const shift = m.shift ?? ALWAYS_SHIFT;
        return {
          teamId: team!.id,
          organizationId: org.id,
          userId: m.userId,
          ...shift,
          workingDays: [...shift.workingDays],
        };
      }),
    );
  }
  return team!;
}

export async function setAvailability(
  t: TestApp,
  org: TestOrg,
  userIds: string[],
  availability: 'online' | 'offline',
) {
  for (const userId of userIds) {
    await t.db.orm
      .update(memberships)
      .set({ availability })
      .where(and(eq(memberships.organizationId, org.id), eq(memberships.userId, userId)));
  }
}

/** A LINE channel of the organisation routing to `teamId`. */
export async function buildChannel(t: TestApp, org: TestOrg, teamId: string | null = null) {
  const [row] = await t.db.orm
    .insert(channels)
    .values({
      organizationId: org.id,
      type: 'line',
      name: `LINE ${randomUUID().slice(0, 6)}`,
      externalId: String(Math.floor(Math.random() * 1e12)),
      assignedTeamId: teamId,
    })
    .returning();
  return row!;
}

/** `count` waiting (un-assigned) issues of a team, oldest first by id, from one contact. */
export async function buildIssues(
  t: TestApp,
  org: TestOrg,
  opts: {
    teamId: string | null;
    channelId: string;
    count?: number;
    status?: (typeof issues.$inferInsert)['status'];
    assigneeUserId?: string | null;
  },
) {
  const [contact] = await t.db.orm
    .insert(contacts)
    .values({ organizationId: org.id, displayName: 'Customer' })
    .returning({ id: contacts.id });
  const rows = await t.db.orm
    .insert(issues)
    .values(
      Array.from({ length: opts.count ?? 1 }, () => ({
        organizationId: org.id,
        channelId: opts.channelId,
        contactId: contact!.id,
        teamId: opts.teamId,
        status: opts.status ?? 'un-assigned',
        assigneeUserId: opts.assigneeUserId ?? null,
      })),
    )
    .returning({ id: issues.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export async function issueRows(t: TestApp, ids: number[]) {
  return t.db.orm
    .select({ id: issues.id, assigneeUserId: issues.assigneeUserId, status: issues.status })
    .from(issues)
    .where(inArray(issues.id, ids))
    .orderBy(asc(issues.id));
}

/** Domain events of one organisation received by this process (pg_notify, delivered on commit). */
export async function collectEvents(t: TestApp, organizationId: string) {
  const bus = await startEventBus(t.db, { logger: silentLogger });
  const received: DomainEvent[] = [];
  bus.subscribe((e) => {
    if (e.organizationId === organizationId) received.push(e);
  });
  return { received, close: () => bus.close() };
}
