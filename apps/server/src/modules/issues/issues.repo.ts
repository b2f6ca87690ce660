import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Scope } from '@sabai/domain';
import { issues, teamMembers, teams } from '../../db/schema';
import type { Executor } from '../../platform/db';

/**
 * The SQL condition that limits issues to what a caller's scope lets them see (architecture.md: the server
 * filters by scope on every call): all = the organisation; myTeam = issues of teams they manage or belong
 * to, or assigned to them; myIssue = assigned to them.
 */
export function issueScopeCondition(organizationId: string, userId: string, scope: Scope): SQL {
  const inOrg = eq(issues.organizationId, organizationId);
  switch (scope) {
    case 'all':
    case 'myChannel':
      return inOrg;
    case 'myTeam':
      return and(
        inOrg,
        or(
          eq(issues.assigneeUserId, userId),
          sql`${issues.teamId} IN (SELECT ${teamMembers.teamId} FROM ${teamMembers} WHERE ${teamMembers.userId} = ${userId})`,
          sql`${issues.teamId} IN (SELECT ${teams.id} FROM ${teams} WHERE ${teams.managerUserId} = ${userId})`,
        ),
      )!;
    case 'myIssue':
    case 'myCanned':
      return and(inOrg, eq(issues.assigneeUserId, userId))!;
  }
}

export type ScopedIssue = typeof issues.$inferSelect;

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

/** Issues per status in the caller's scope, in one query (filter tabs, dashboard summary). */
export async function countByStatus(ex: Executor, organizationId: string, userId: string, scope: Scope) {
  return ex
    .select({ status: issues.status, count: sql<number>`count(*)::int` })
    .from(issues)
    .where(issueScopeCondition(organizationId, userId, scope))
    .groupBy(issues.status);
}
