import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Scope } from '@sabai/domain';
import { teamMembers, teams } from '../../db/schema';
import type { Executor } from '../../platform/db';

/** Teams the caller may see: the organisation's (scope all), or those they manage or belong to (myTeam). */
export async function listTeams(ex: Executor, organizationId: string, userId: string, scope: Scope) {
  const mine = or(
    eq(teams.managerUserId, userId),
    sql`${teams.id} IN (SELECT ${teamMembers.teamId} FROM ${teamMembers} WHERE ${teamMembers.userId} = ${userId})`,
  );
  return ex
    .select({ id: teams.id, name: teams.name, managerUserId: teams.managerUserId })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), scope === 'all' ? undefined : mine))
    .orderBy(asc(teams.name));
}
