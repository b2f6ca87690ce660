// Automatic assignment. A job per new (or transferred) issue gives it to an eligible
// agent of its team: online, on shift in the organisation's time zone, outside their break, not on approved
// time off; the manager only as the team's manager working type says. When nobody is available the issue
// waits, and the team's backlog is handed out, oldest first, when someone becomes available: coming online,
// a shift start or break end (the minute sweep), a team switched to auto, an issue resolved.
import { z } from 'zod';
import { NOTICE_TEXTS } from '@sabai/contracts';
import { chooseAgent, isEligibleAgent, type AssignmentMethod, type ManagerWorkingType } from '@sabai/domain';
import type { Deps } from '../../deps';
import type { Executor } from '../../platform/db';
import { publishEvents, type DomainEvent } from '../../platform/events';
import { defineJob, jobToSend, type JobOf, type SendOptions } from '../../platform/jobs';
import * as repo from './assignment.repo';

const ASSIGN_RETRY = { retryLimit: 3, retryDelay: 1, retryBackoff: true };
/** Assigns one issue, after the older waiting issues of its team. */
export const ASSIGN_JOB = defineJob(
  'issue.assign',
  z.object({ issueId: z.number().int().positive() }),
  ASSIGN_RETRY,
);
/** Hands out a team's waiting issues. */
export const BACKLOG_JOB = defineJob('team.assign_backlog', z.object({ teamId: z.guid() }), ASSIGN_RETRY);
/** The minute sweep (no data): queues a hand-out for every auto team with waiting issues. */
export const SWEEP_JOB = defineJob('assignment.sweep', z.object({}), { retryLimit: 0 });
/** Issues assigned per transaction when a backlog is handed out. */
const BACKLOG_BATCH = 100;
/** Issues handed out by one backlog job before it re-queues itself (keeps jobs short). */
const BACKLOG_LIMIT = 1000;

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
  await deps.jobs.sendInTransaction(tx, ASSIGN_JOB, { issueId });
}

/** Seconds before the durable hand-out of an ingest's new issues runs (see handOutFallbackJobs). */
const HAND_OUT_FALLBACK_SECONDS = 5;
/** A team's fallback jobs from one process are at least this far apart: half the delay. */
const HAND_OUT_FALLBACK_EVERY_MS = HAND_OUT_FALLBACK_SECONDS * 500;

/**
 * The hand-out jobs an ingest transaction queues for its teams with new issues waiting for an agent: the
 * ingest hands them out itself once it commits (startHandOuts), so these only matter after a crash, a
 * failed hand-out, or for an issue a hand-out skipped while another transaction held it. Not one
 * `issue.assign` job per issue: those jobs' fetch, read and completion were about 40% of the database's
 * statements in a burst of first contacts, and found their issue assigned. Nor one per transaction: each
 * took a turn in the team's hand-outs. A team gets one every half delay from this process at most, since a
 * job runs no earlier than its start and so sees every issue committed before; the minute sweep backs up
 * a transaction slower than that, or one that failed after taking the turn.
 */
export function handOutFallbackJobs(deps: Deps, teamIds: string[]) {
  const now = deps.clock.now().getTime();
  const queued = handOutsOf(deps).fallbacks;
  const due = teamIds.filter((teamId) => now - (queued.get(teamId) ?? 0) >= HAND_OUT_FALLBACK_EVERY_MS);
  for (const teamId of due) queued.set(teamId, now);
  return due.map((teamId) => jobToSend(BACKLOG_JOB, { teamId }, { startAfter: HAND_OUT_FALLBACK_SECONDS }));
}

/** Enqueues the hand-out of a team's waiting issues in the caller's transaction (someone became available). */
export async function requestBacklogHandOut(deps: Deps, tx: Executor, teamId: string, options?: SendOptions) {
  await deps.jobs.sendInTransaction(tx, BACKLOG_JOB, { teamId }, options);
}

/**
 * Assigns one waiting issue (the `issue.assign` job). Safe to run any number of times and from any number
 * of workers at once: see assignWaiting.
 */
export async function assignIssue(deps: Deps, issueId: number): Promise<AssignResult> {
  // The issue's team is read first without a lock, so that the team row is always locked before issue rows.
  for (let attempt = 0; attempt < 2; attempt++) {
    const issue = await repo.peekWaitingIssue(deps.db.orm, issueId);
    if (!issue) return { outcome: 'skipped' };
    if (!issue.teamId) return { outcome: 'manual' };
    const batch = await assignWaiting(deps, issue.teamId, { issueIds: [issueId] });
    if (batch.outcome !== 'assigned') {
      // Claimed by nobody: another worker assigned it meanwhile, or its team changed since the read.
      if (batch.outcome === 'none_claimed') continue;
      return { outcome: batch.outcome };
    }
    return { outcome: 'assigned', userId: batch.assigned[0]!.userId };
  }
  return { outcome: 'skipped' };
}

type BatchResult =
  | { outcome: 'assigned'; assigned: Array<{ issueId: number; userId: string }> }
  | { outcome: 'manual' | 'no_agent' | 'none_claimed' };

/**
 * Assigns waiting issues of one team in one transaction: the given ones, or the oldest `limit`. The team row
 * is locked first (the rotation and least-contact counts are read under it, so two workers never pick from
 * the same state), then the issues are claimed (a batch skips rows others hold) and updated only while
 * unassigned: an issue never goes to two agents.
 */
async function assignWaiting(
  deps: Deps,
  teamId: string,
  pick: { issueIds: number[] } | { limit: number },
): Promise<BatchResult> {
  return inTeamTurn(teamId, () => assignWaitingNow(deps, teamId, pick));
}

// The team's row lock serialises its assignments anyway; the jobs of one team in this process wait for
// their turn here rather than for the lock inside a transaction, where each would hold a pooled connection:
// a burst of new issues (one job each) would otherwise take the whole pool, webhooks included.
const teamTurns = new Map<string, Promise<unknown>>();

function inTeamTurn<T>(teamId: string, work: () => Promise<T>): Promise<T> {
  const turn = (teamTurns.get(teamId) ?? Promise.resolve()).then(work);
  const settled = turn.catch(() => undefined);
  teamTurns.set(teamId, settled);
  void settled.then(() => {
    if (teamTurns.get(teamId) === settled) teamTurns.delete(teamId);
  });
  return turn;
}

async function assignWaitingNow(
  deps: Deps,
  teamId: string,
  pick: { issueIds: number[] } | { limit: number },
): Promise<BatchResult> {
  const now = deps.clock.now();
  return deps.db.orm.transaction(async (tx): Promise<BatchResult> => {
    const team = await repo.lockTeam(tx, teamId);
    if (!team || team.assignmentMode !== 'auto') return { outcome: 'manual' };
    const method = team.assignmentMethod as AssignmentMethod;
    const agents = (
      await repo.agentsOf(tx, [teamId], now, {
        managers: team.managerWorkingType === 'always',
        openCounts: method === 'least_contact',
      })
    ).filter((a) => isEligibleAgent(a, team.managerWorkingType as ManagerWorkingType, now, team.timeZone));
    if (agents.length === 0) return { outcome: 'no_agent' };
    const claimed = await repo.claimWaitingIssues(tx, teamId, pick);
    if (claimed.length === 0) return { outcome: 'none_claimed' };

    const candidates = agents.map((a) => ({ userId: a.userId, openIssues: a.openIssues }));
    let last = team.lastAssignedUserId;
    const assignments: repo.Assignment[] = claimed.map((issue) => {
      const userId = chooseAgent(method, candidates, last)!;
      last = userId;
      candidates.find((c) => c.userId === userId)!.openIssues++;
      return {
        issueId: issue.id,
        userId,
        organizationId: issue.organizationId,
        content: NOTICE_TEXTS.assignedFrom(issue.id, issue.channelName),
        channelType: issue.channelType,
        channelName: issue.channelName,
      };
    });
    const applied = await repo.applyAssignments(tx, teamId, last!, assignments, now);
    await publishEvents(
      tx,
      applied.flatMap((a): DomainEvent[] => [
        {
          name: 'issue.assigned',
          organizationId: team.organizationId,
          data: { issueId: a.issueId, teamId, assigneeUserId: a.userId, status: 'on-going' },
        },
        {
          name: 'notification.created',
          organizationId: team.organizationId,
          data: {
            notificationId: a.notificationId,
            userId: a.userId,
            type: 'issue_assigned',
            issueId: a.issueId,
            content: assignments.find((x) => x.issueId === a.issueId)?.content ?? '',
          },
        },
      ]),
    );
    return { outcome: 'assigned', assigned: applied.map((a) => ({ issueId: a.issueId, userId: a.userId })) };
  });
}

/**
 * Hands out a team's waiting issues, oldest first, in batches, until nobody is available or none is left
 * (issues other workers hold are theirs). Returns how many were assigned and whether the limit stopped it.
 */
export async function handOutBacklog(deps: Deps, teamId: string, limit = BACKLOG_LIMIT) {
  const { issueIds, more } = await handOut(deps, teamId, limit);
  return { assigned: issueIds.size, more };
}

type HandOut = { issueIds: Set<number>; more: boolean };

async function handOut(deps: Deps, teamId: string, limit: number): Promise<HandOut> {
  const issueIds = new Set<number>();
  while (issueIds.size < limit) {
    const wanted = Math.min(BACKLOG_BATCH, limit - issueIds.size);
    const batch = await assignWaiting(deps, teamId, { limit: wanted });
    if (batch.outcome !== 'assigned') break;
    for (const { issueId } of batch.assigned) issueIds.add(issueId);
    // A short batch found every waiting issue it could take: another pass would find none.
    if (batch.assigned.length < wanted) return { issueIds, more: false };
  }
  return { issueIds, more: issueIds.size >= limit };
}

// A burst of new issues sends one job each. Each job used to run its own hand-out, nearly all finding the
// backlog already given out by an earlier one (a transaction and five statements per issue for nothing,
// which slowed the ingest of the next messages). Now a team has at most one hand-out running in this process
// and one waiting to start, which every job arriving meanwhile joins: it starts after their issues were
// committed (each job is sent in its issue's transaction), so it sees them.
type TeamHandOuts = {
  /** Per team, the last hand-out queued (it settles after the ones before it). */
  last: Map<string, Promise<unknown>>;
  /** Per team, the hand-out not started yet, which callers join. */
  waiting: Map<string, Promise<HandOut>>;
  /** Per team, when the ingest last queued a fallback hand-out job (epoch ms). */
  fallbacks: Map<string, number>;
};
// Per database, so that two apps in one process (tests) never share a team's hand-out.
const handOutsByDb = new WeakMap<Deps['db'], TeamHandOuts>();

function handOutsOf(deps: Deps): TeamHandOuts {
  let handOuts = handOutsByDb.get(deps.db);
  if (!handOuts)
    handOutsByDb.set(deps.db, (handOuts = { last: new Map(), waiting: new Map(), fallbacks: new Map() }));
  return handOuts;
}

function handOutSoon(deps: Deps, teamId: string): Promise<HandOut> {
  const { last, waiting } = handOutsOf(deps);
  const joined = waiting.get(teamId);
  if (joined) return joined;
  const next = (last.get(teamId) ?? Promise.resolve()).then(async () => {
    waiting.delete(teamId);
    const result = await handOut(deps, teamId, BACKLOG_LIMIT);
    if (result.more) await deps.jobs.send(BACKLOG_JOB, { teamId });
    return result;
  });
  const settled = next.catch(() => undefined);
  waiting.set(teamId, next);
  last.set(teamId, settled);
  void settled.then(() => {
    if (last.get(teamId) === settled) last.delete(teamId);
  });
  return next;
}

/** Resolves once this process's hand-outs have ended (a stopping worker, before the database closes). */
export async function handOutsSettled(deps: Deps) {
  await Promise.all(handOutsOf(deps).last.values());
}

/** The minute sweep: queues a hand-out for every auto team with waiting issues (shift starts, break ends). */
export async function sweepBacklogs(deps: Deps) {
  for (const teamId of await repo.teamsWithBacklog(deps.db.orm)) {
    // One sweep hand-out per team per minute at most; other triggers are never throttled.
    await deps.jobs.send(BACKLOG_JOB, { teamId }, { singletonKey: `sweep:${teamId}`, singletonSeconds: 60 });
  }
}

/**
 * Starts handing out the waiting issues of `teamIds` in this process, right after the ingest transaction
 * that stored them committed. A failed hand-out queues its own retry: the fallback job of that transaction
 * may have been left to an earlier one (see handOutFallbackJobs), which may already have run.
 */
export function startHandOuts(deps: Deps, teamIds: Iterable<string>) {
  for (const teamId of teamIds)
    handOutSoon(deps, teamId).catch(async (err: unknown) => {
      deps.logger.warn({ err, teamId }, 'hand-out after inbound failed; a hand-out job will retry it');
      await deps.jobs
        .send(BACKLOG_JOB, { teamId }, { startAfter: 1 })
        .catch((sendErr: unknown) =>
          deps.logger.error(
            { err: sendErr, teamId },
            'hand-out retry not queued; the minute sweep will take it',
          ),
        );
    });
}

/** The `issue.assign` job handler: its issue, after the older waiting issues of its team. */
export async function runAssignJob(deps: Deps, job: JobOf<typeof ASSIGN_JOB>) {
  const { issueId } = job.data;
  // An issue given out meanwhile was given out by a hand-out, which took the team's older ones first.
  const issue = await repo.peekWaitingIssue(deps.db.orm, issueId);
  if (!issue?.teamId) return;
  // Older waiting issues of the team go first (the backlog is handed out oldest first), and a hand-out
  // gives out whatever arrived meanwhile, so a burst of new issues does not wait for its own jobs.
  const { issueIds } = await handOutSoon(deps, issue.teamId);
  if (issueIds.has(issueId)) return;
  // A batch skips rows others hold (inbound storing the customer's next message): then wait for this one.
  await assignIssue(deps, issueId);
}

/** The `team.assign_backlog` job handler: re-queues itself while a long backlog remains. */
export async function runBacklogJob(deps: Deps, job: JobOf<typeof BACKLOG_JOB>) {
  await handOutSoon(deps, job.data.teamId);
}
