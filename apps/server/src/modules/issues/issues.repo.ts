import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { IssueCsat } from '@sabai/contracts';
import type { Scope } from '@sabai/domain';
import {
  channels,
  contactIdentities,
  csatSurveys,
  issueActivities,
  issueMutes,
  issues,
  lineChatMembers,
  memberships,
  teamMembers,
  teams,
  users,
} from '../../db/schema';
import { rowsOf, type Executor } from '../../platform/db';
import { lineChatKind } from '../../channels';
import { queueOrder, waitingForAgent } from '../assignment';
import { activeMemberOf, membershipUser } from '../people';

/**
 * The SQL condition that limits issues to what a caller's scope lets them see (docs/architecture.md "Where
 * rules live": the server filters by scope on every call): all = the organisation; myTeam = issues of teams
 * they manage or belong to, or assigned to them; myIssue = assigned to them. `table` is how the query names
 * the issues table (`i` in the workspace's raw SQL).
 */
export function issueScopeCondition(
  organizationId: string,
  userId: string,
  scope: Scope,
  table = 'issues',
): SQL {
  const col = (name: string) => sql.raw(`${table}.${name}`);
  const inOrg = sql`${col('organization_id')} = ${organizationId}`;
  switch (scope) {
    case 'all':
    case 'myChannel':
      return inOrg;
    case 'myTeam':
      return sql`(${inOrg} AND (${col('assignee_user_id')} = ${userId} OR ${inCallersTeams(userId, table)}))`;
    case 'myIssue':
    case 'myCanned':
      return sql`(${inOrg} AND ${col('assignee_user_id')} = ${userId})`;
  }
}

/** The SQL condition: the issue's team is one the caller belongs to or manages. */
function inCallersTeams(userId: string, table = 'issues'): SQL {
  const teamId = sql.raw(`${table}.team_id`);
  return sql`(${teamId} IN (SELECT ${teamMembers.teamId} FROM ${teamMembers} WHERE ${teamMembers.userId} = ${userId})
    OR ${teamId} IN (SELECT ${teams.id} FROM ${teams} WHERE ${teams.managerUserId} = ${userId}))`;
}

/**
 * The SQL condition: the issue was handed over to the caller by a transfer — an issue made from it, directly
 * or along a chain of transfers (B from A, C from B…), is in their scope. Whoever receives the conversation
 * may read how it went so far (never change it: write paths keep to issueScopeCondition). Not the hand-over
 * of a leaving user's issues (issues.hand-over.ts), which reassigns them.
 */
export function handedOverCondition(
  organizationId: string,
  userId: string,
  scope: Scope,
  table = 'issues',
): SQL {
  const col = (name: string) => sql.raw(`${table}.${name}`);
  return sql`(${col('organization_id')} = ${organizationId} AND EXISTS (
    WITH RECURSIVE later (id) AS (
      SELECT l.id FROM ${issues} l WHERE l.transferred_from_issue_id = ${col('id')}
      UNION SELECT l.id FROM ${issues} l JOIN later ON l.transferred_from_issue_id = later.id
    )
    SELECT 1 FROM later JOIN ${issues} h ON h.id = later.id
    WHERE ${issueScopeCondition(organizationId, userId, scope, 'h')}))`;
}

/** What the caller may read of an issue: in their scope, or handed over to them (read paths only). */
export function readableCondition(
  organizationId: string,
  userId: string,
  scope: Scope,
  table = 'issues',
): SQL {
  return sql`(${issueScopeCondition(organizationId, userId, scope, table)} OR ${handedOverCondition(organizationId, userId, scope, table)})`;
}

export type ScopedIssue = typeof issues.$inferSelect;

/**
 * One issue the caller may read (a read path: detail, messages, activity, history); `handedOver` when only
 * a transfer to them lets them (view only). Null = 404.
 */
export async function findIssueToRead(
  ex: Executor,
  organizationId: string,
  userId: string,
  scope: Scope,
  issueId: number,
): Promise<{ issue: ScopedIssue; handedOver: boolean } | null> {
  const [row] = await ex
    .select({ issue: issues, inScope: sql<boolean>`${issueScopeCondition(organizationId, userId, scope)}` })
    .from(issues)
    .where(and(eq(issues.id, issueId), readableCondition(organizationId, userId, scope)));
  return row ? { issue: row.issue, handedOver: !row.inScope } : null;
}

/** One issue the caller may see; null for another organisation's or an out-of-scope issue (a 404). */
export async function findIssueInScope(
  ex: Executor,
  organizationId: string,
  userId: string,
  scope: Scope,
  issueId: number,
) {
  const [row] = await ex
    .select()
    .from(issues)
    .where(and(eq(issues.id, issueId), issueScopeCondition(organizationId, userId, scope)));
  return row ?? null;
}

/** findIssueInScope, locking the row until the caller's transaction ends (updates never interleave). */
export async function lockIssueInScope(
  tx: Executor,
  organizationId: string,
  userId: string,
  scope: Scope,
  issueId: number,
) {
  const [row] = await tx
    .select()
    .from(issues)
    .where(and(eq(issues.id, issueId), issueScopeCondition(organizationId, userId, scope)))
    .for('update');
  return row ?? null;
}

/**
 * The caller's next issue to take, locked: the oldest (queue order) waiting issue of their teams that their
 * view scope shows. Rows others hold are skipped, so two callers at once never get the same issue.
 */
export async function lockNextToTake(tx: Executor, organizationId: string, userId: string, viewScope: Scope) {
  const [row] = await tx
    .select()
    .from(issues)
    .where(
      and(issueScopeCondition(organizationId, userId, viewScope), waitingForAgent, inCallersTeams(userId)),
    )
    .orderBy(queueOrder)
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

export async function updateIssue(tx: Executor, issueId: number, set: Partial<typeof issues.$inferInsert>) {
  await tx.update(issues).set(set).where(eq(issues.id, issueId));
}

export async function insertIssue(tx: Executor, values: typeof issues.$inferInsert) {
  const [row] = await tx.insert(issues).values(values).returning();
  return row!;
}

export type NewActivity = typeof issueActivities.$inferInsert;

/** Records what happened to an issue (one entry or several), in the transaction of the change. */
export async function recordActivity(tx: Executor, values: NewActivity | NewActivity[]) {
  const rows = Array.isArray(values) ? values : [values];
  if (rows.length > 0) await tx.insert(issueActivities).values(rows);
}

/** Copies an issue's tags onto another (a transfer keeps the labels). */
export async function copyTags(tx: Executor, fromIssueId: number, toIssueId: number) {
  await tx.execute(
    sql`INSERT INTO issue_tags (issue_id, tag_id) SELECT ${toIssueId}, tag_id FROM issue_tags WHERE issue_id = ${fromIssueId}`,
  );
}

export type TeamPerson = { teamId: string; userId: string; isManager: boolean };

/** The active members and the manager of an organisation's teams (who can be given an issue). */
export async function teamPeople(ex: Executor, organizationId: string) {
  const result = await ex.execute(sql`
    SELECT t.id AS team_id, t.name AS team_name, u.id AS user_id, u.first_name, u.last_name, u.username,
      (t.manager_user_id = u.id) AS is_manager
    FROM ${teams} t
    JOIN users u ON u.id IN (SELECT tm.user_id FROM team_members tm WHERE tm.team_id = t.id) OR u.id = t.manager_user_id
    WHERE t.organization_id = ${organizationId} AND u.is_active
    ORDER BY t.name, u.first_name, u.last_name, u.username`);
  return rowsOf<{
    team_id: string;
    team_name: string;
    user_id: string;
    first_name: string;
    last_name: string;
    username: string;
    is_manager: boolean;
  }>(result);
}

/** The organisation's teams with no members yet (still listed for transfers). */
export async function teamsOf(ex: Executor, organizationId: string) {
  return ex
    .select({ id: teams.id, name: teams.name, managerUserId: teams.managerUserId })
    .from(teams)
    .where(eq(teams.organizationId, organizationId))
    .orderBy(teams.name);
}

/** Teams the user manages or belongs to. */
export async function teamIdsOf(ex: Executor, userId: string): Promise<string[]> {
  const result = await ex.execute(sql`
    SELECT team_id AS id FROM team_members WHERE user_id = ${userId}
    UNION SELECT id FROM teams WHERE manager_user_id = ${userId}`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/** The organisation's channels (deleted ones too: their issues stay), tags and active agents, for filters. */
export async function filterOptions(ex: Executor, organizationId: string) {
  const [channelRows, tagRows, agentRows] = await Promise.all([
    ex.execute(
      sql`SELECT id, name, type FROM channels WHERE organization_id = ${organizationId} ORDER BY deleted_at IS NOT NULL, name`,
    ),
    ex.execute(
      sql`SELECT id, name, colour FROM tags WHERE organization_id = ${organizationId} ORDER BY name`,
    ),
    ex
      .select({
        id: users.id,
        first_name: users.firstName,
        last_name: users.lastName,
        username: users.username,
      })
      .from(memberships)
      .innerJoin(users, membershipUser)
      .where(activeMemberOf(organizationId))
      .orderBy(users.firstName, users.lastName, users.username),
  ]);
  return {
    channels: rowsOf<{ id: string; name: string; type: 'line' | 'facebook' | 'instagram' }>(channelRows),
    tags: rowsOf<{ id: string; name: string; colour: string }>(tagRows),
    agents: agentRows,
  };
}

export async function isMuted(ex: Executor, userId: string, issueId: number): Promise<boolean> {
  const rows = await ex
    .select({ issueId: issueMutes.issueId })
    .from(issueMutes)
    .where(and(eq(issueMutes.userId, userId), eq(issueMutes.issueId, issueId)));
  return rows.length > 0;
}

/** The members seen in an issue's LINE group or room: those still in it first, then by name. */
export async function chatMembersOf(ex: Executor, issueId: number) {
  const rows = await ex
    .select({
      userId: lineChatMembers.userId,
      displayName: lineChatMembers.displayName,
      pictureUrl: lineChatMembers.pictureUrl,
      leftAt: lineChatMembers.leftAt,
    })
    .from(issues)
    .innerJoin(lineChatMembers, eq(lineChatMembers.identityId, issues.contactIdentityId))
    .where(eq(issues.id, issueId))
    .orderBy(sql`${lineChatMembers.leftAt} IS NOT NULL`, lineChatMembers.displayName, lineChatMembers.userId)
    .limit(CHAT_MEMBERS_LIMIT);
  return rows.map(({ leftAt, ...m }) => ({ ...m, hasLeft: leftAt !== null }));
}

/** LINE groups hold at most 500 members. */
const CHAT_MEMBERS_LIMIT = 500;

/**
 * What a LINE chat is and why it cannot take a reply now: a group or room, the customer blocked the account
 * (unfollowed), another module controls the chat (standby). Nothing of it for other channels.
 */
export async function lineChatState(
  ex: Executor,
  issueId: number,
): Promise<{ customerBlocked: boolean; chatInStandby: boolean; groupChat: 'group' | 'room' | null }> {
  const [row] = await ex
    .select({
      isFollowing: contactIdentities.isFollowing,
      inStandby: contactIdentities.inStandby,
      chatId: contactIdentities.externalUserId,
    })
    .from(issues)
    .innerJoin(contactIdentities, eq(contactIdentities.id, issues.contactIdentityId))
    .innerJoin(channels, eq(channels.id, issues.channelId))
    .where(and(eq(issues.id, issueId), eq(channels.type, 'line')));
  const kind = row ? lineChatKind(row.chatId) : 'user';
  return {
    customerBlocked: row?.isFollowing === false,
    chatInStandby: row?.inStandby === true,
    groupChat: kind === 'user' ? null : kind,
  };
}

/** The satisfaction survey the issue sent, with the customer's answer (csat module writes it). */
export async function issueSurvey(ex: Executor, issueId: number): Promise<IssueCsat | null> {
  const [row] = await ex
    .select({
      sentAt: csatSurveys.sentAt,
      rating: csatSurveys.rating,
      ratedAt: csatSurveys.ratedAt,
      comment: csatSurveys.comment,
    })
    .from(csatSurveys)
    .where(eq(csatSurveys.issueId, issueId));
  if (!row) return null;
  return {
    sentAt: row.sentAt.toISOString(),
    rating: row.rating,
    ratedAt: row.ratedAt?.toISOString() ?? null,
    comment: row.comment,
  };
}

/** Mutes or unmutes; doing either twice changes nothing. */
export async function setMuted(ex: Executor, userId: string, issueId: number, muted: boolean) {
  if (muted) await ex.insert(issueMutes).values({ userId, issueId }).onConflictDoNothing();
  else await ex.delete(issueMutes).where(and(eq(issueMutes.userId, userId), eq(issueMutes.issueId, issueId)));
}
