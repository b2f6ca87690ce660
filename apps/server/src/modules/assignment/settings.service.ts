// Auto-assignment settings per team (/setting/auto-assignment, scope all or myTeam).
import { isEligibleAgent, scopeFor, type Scope } from '@sabai/domain';
import type { AutoAssignment, Page, UpdateAutoAssignment } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import type { AuthContext } from '../../ports';
import * as repo from './assignment.repo';
import { requestBacklogHandOut } from './assignment.service';

type Query = Parameters<typeof repo.listSettings>[2];
type SettingsRow = NonNullable<Awaited<ReturnType<typeof repo.findSettings>>>;

const filterOf = (auth: AuthContext, scope: Scope): repo.SettingsFilter => ({
  organizationId: auth.organizationId,
  userId: auth.userId,
  mineOnly: scope !== 'all',
});

export async function listAutoAssignment(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  q: Query,
): Promise<Page<AutoAssignment>> {
  const { rows, total } = await repo.listSettings(deps.db.orm, filterOf(auth, scope), q);
  return { items: await present(deps, auth, rows), total, page: q.page, pageSize: q.pageSize };
}

export async function getAutoAssignment(deps: Deps, auth: AuthContext, scope: Scope, teamId: string) {
  const row = await repo.findSettings(deps.db.orm, filterOf(auth, scope), teamId);
  if (!row) throw notFound('team.not_found');
  return (await present(deps, auth, [row]))[0]!;
}

/** Switches a team between manual and auto and picks the method; switching to auto hands out the backlog. */
export async function updateAutoAssignment(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  teamId: string,
  input: UpdateAutoAssignment,
): Promise<AutoAssignment> {
  const row = await repo.findSettings(deps.db.orm, filterOf(auth, scope), teamId);
  if (!row) throw notFound('team.not_found');
  await deps.db.orm.transaction(async (tx) => {
    await repo.updateSettings(tx, teamId, input, deps.clock.now());
    if (input.mode === 'auto') await requestBacklogHandOut(deps, tx, teamId);
  });
  return getAutoAssignment(deps, auth, scope, teamId);
}

async function present(deps: Deps, auth: AuthContext, rows: SettingsRow[]): Promise<AutoAssignment[]> {
  const now = deps.clock.now();
  const agents = await repo.agentsOf(
    deps.db.orm,
    rows.map((r) => r.teamId),
    now,
    { managers: true, openCounts: false },
  );
  const updateScope = scopeFor(auth.role, 'auto_assignment', 'update');
  return rows.map((r) => ({
    teamId: r.teamId,
    teamName: r.teamName,
    mode: r.mode,
    method: r.method,
    memberCount: r.memberCount,
    availableNow: agents.filter(
      (a) => a.teamId === r.teamId && isEligibleAgent(a, r.managerWorkingType, now, r.timeZone),
    ).length,
    waitingIssues: r.waitingIssues,
    canUpdate: updateScope === 'all' || (updateScope === 'myTeam' && Boolean(r.isMine)),
  }));
}
