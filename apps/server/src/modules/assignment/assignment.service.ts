// Automatic assignment (spec §4; issue 5 §3). A job per new (or transferred) issue gives it to an eligible
// agent of its team: online, on shift in the organisation's time zone, outside their break, not on approved
// time off; the manager only as the team's manager working type says. When nobody is available the issue
// waits, and the team's backlog is handed out, oldest first, when someone becomes available: coming online,
// a shift start or break end (the minute sweep), a team switched to auto, an issue resolved.
import { z } from 'zod';
import { chooseAgent, isEligibleAgent, type AssignmentMethod, type ManagerWorkingType } from '@sabai/domain';
import type { Deps } from '../../deps';
import type { Executor } from '../../platform/db';
import { publishEvent } from '../../platform/events';
import type { Job, SendOptions } from '../../platform/jobs';
import { notify } from '../notifications';
import * as repo from './assignment.repo';

export const ASSIGN_JOB = 'issue.assign';
export const BACKLOG_JOB = 'team.assign_backlog';
export const SWEEP_JOB = 'assignment.sweep';
export const ASSIGN_RETRY = { retryLimit: 3, retryDelay: 1, retryBackoff: true } as const;
/** Issues handed out by one backlog job before it re-queues itself (keeps jobs short). */
const BACKLOG_BATCH = 500;

export type AssignResult =
  /** Given to this agent now. */
  | { outcome: 'assigned'; userId: string }
  /** Already assigned, not waiting, or being assigned by another worker: nothing to do here. */
  | { outcome: 'skipped' }
  /** The team assigns manually (or the issue has no team). */
  | { outcome: 'manual' }
  /** Nobody can take it now: the issue waits in the team's backlog. */
  | { outcome: 'no_agent' };

/** Enqueues the assignment of an issue in the caller's transaction (new issues, transfers). */
export async function requestAssignment(deps: Deps, tx: Executor, issueId: number) {
  await deps.jobs.sendInTransaction(tx, ASSIGN_JOB, { issueId }, ASSIGN_RETRY);
}

/** Enqueues the hand-out of a team's waiting issues in the caller's transaction (someone became available). */
export async function requestBacklogHandOut(deps: Deps, tx: Executor, teamId: string, options?: SendOptions) {
  await deps.jobs.sendInTransaction(tx, BACKLOG_JOB, { teamId }, { ...ASSIGN_RETRY, ...options });
}

/** Agents of the team who may receive an issue at `now`, with their open issue counts for least contact. */
export async function eligibleAgents(
  ex: Executor,
  team: { id: string; organizationId: string; managerWorkingType: ManagerWorkingType; timeZone: string },
  now: Date,
) {
  const agents = (await repo.agentsOf(ex, [team.id], now)).filter((a) =>
    isEligibleAgent(
      {
        availability: a.availability,
        isActive: a.isActive,
        isOnLeave: a.isOnLeave,
        isManager: a.isManager,
        shift: a.shift,
      },
      team.managerWorkingType,
      now,
      team.timeZone,
    ),
  );
  return agents.map((a) => a.userId);
}

/**
 * Assigns one waiting issue. Safe to run any number of times and from any number of workers at once: the
 * issue row is claimed with SKIP LOCKED and only updated while unassigned; the team row lock orders the
 * rotation.
 */
export async function assignIssue(deps: Deps, issueId: number): Promise<AssignResult> {
  const now = deps.clock.now();
  return deps.db.orm.transaction(async (tx): Promise<AssignResult> => {
    const issue = await repo.claimWaitingIssue(tx, issueId);
    if (!issue) return { outcome: 'skipped' };
    if (!issue.teamId) return { outcome: 'manual' };
    const team = await repo.lockTeam(tx, issue.teamId);
    if (!team || team.assignmentMode !== 'auto') return { outcome: 'manual' };
    const eligible = await eligibleAgents(tx, team, now);
    const counts =
      team.assignmentMethod === 'least_contact'
        ? await repo.openIssueCounts(tx, team.organizationId, eligible)
        : new Map<string, number>();
    const userId = chooseAgent(
      team.assignmentMethod as AssignmentMethod,
      eligible.map((id) => ({ userId: id, openIssues: counts.get(id) ?? 0 })),
      team.lastAssignedUserId,
    );
    if (!userId) return { outcome: 'no_agent' };
    if (!(await repo.assignTo(tx, issue.id, userId, now))) return { outcome: 'skipped' };
    await repo.setLastAssigned(tx, team.id, userId);
    await publishEvent(tx, {
      name: 'issue.assigned',
      organizationId: issue.organizationId,
      data: { issueId: issue.id, teamId: team.id, assigneeUserId: userId, status: 'on-going' },
    });
    await notify(tx, {
      organizationId: issue.organizationId,
      userId,
      type: 'issue_assigned',
      content: `Issue #${issue.id} from ${issue.channelName} was assigned to you`,
      issueId: issue.id,
      channelType: issue.channelType,
      channelName: issue.channelName,
      createdAt: now,
    });
    return { outcome: 'assigned', userId };
  });
}

/**
 * Hands out a team's waiting issues, oldest first, until nobody is available. An issue another worker is
 * assigning is skipped, not waited for. Returns how many were assigned and whether issues remain unvisited.
 */
export async function handOutBacklog(deps: Deps, teamId: string, limit = BACKLOG_BATCH) {
  let assigned = 0;
  let visited = 0;
  let afterId = 0;
  for (;;) {
    const ids = await repo.waitingIssueIds(deps.db.orm, teamId, afterId, 50);
    if (ids.length === 0) return { assigned, more: false };
    for (const id of ids) {
      if (visited++ >= limit) return { assigned, more: true };
      const result = await assignIssue(deps, id);
      if (result.outcome === 'no_agent' || result.outcome === 'manual') return { assigned, more: false };
      if (result.outcome === 'assigned') assigned++;
      afterId = id;
    }
  }
}

/** The minute sweep: queues a hand-out for every auto team with waiting issues (shift starts, break ends). */
export async function sweepBacklogs(deps: Deps) {
  for (const teamId of await repo.teamsWithBacklog(deps.db.orm)) {
    // One sweep hand-out per team per minute at most; other triggers are never throttled.
    await deps.jobs.send(
      BACKLOG_JOB,
      { teamId },
      { ...ASSIGN_RETRY, singletonKey: `sweep:${teamId}`, singletonSeconds: 60 },
    );
  }
}

const AssignJobData = z.object({ issueId: z.number().int().positive() });
const BacklogJobData = z.object({ teamId: z.uuid() });

/** The `issue.assign` job handler. */
export async function runAssignJob(deps: Deps, job: Job) {
  const { issueId } = AssignJobData.parse(job.data);
  await assignIssue(deps, issueId);
}

/** The `team.assign_backlog` job handler: re-queues itself while a long backlog remains. */
export async function runBacklogJob(deps: Deps, job: Job) {
  const { teamId } = BacklogJobData.parse(job.data);
  const { more } = await handOutBacklog(deps, teamId);
  if (more) await deps.jobs.send(BACKLOG_JOB, { teamId }, ASSIGN_RETRY);
}
