// Keeping each open issue's service level clocks. Whatever changes what the clocks count
// from — a new issue, a customer message, an agent reply, a status, a team — calls refreshSla in its own
// transaction for the issues it touched: the clocks are computed again from the issue's facts (domain
// runningClocks), a target that completed is recorded met or breached, and the clock due first goes on the
// issue's row for the inbox. Set-based: a few statements however many issues.
import {
  businessSeconds,
  mostSpecificPolicy,
  nextDue,
  runningClocks,
  type BusinessCalendar,
  type SlaClock,
  type SlaTarget,
} from '@sabai/domain';
import type { Executor } from '../../platform/db';
import * as repo from './sla.repo';
import { activePoliciesOf, calendarOf } from './sla.settings-cache';

export type IssueRef = { issueId: number; organizationId: string };

const OPEN = new Set(['un-assigned', 'on-going', 'waiting']);
const RESOLVING = new Set(['resolved', 'resolved-success', 'resolved-un-success', 'close']);
const time = (v: Date | string | null) => (v === null ? null : new Date(v).getTime());

/** Computes the clocks of the given issues again; resolves once they and any completed targets are stored. */
export async function refreshSla(tx: Executor, now: Date, refs: IssueRef[]) {
  if (refs.length === 0) return;
  const policiesOf = await activePoliciesOf(tx, [...new Set(refs.map((r) => r.organizationId))]);
  // No policy: no clock runs (removing the last policy dropped every clock, in its recompute job).
  if ([...policiesOf.values()].every((p) => p.length === 0)) return;
  const facts = await repo.clockFacts(tx, [...new Set(refs.map((r) => r.issueId))]);

  const keep: repo.ClockRow[] = [];
  const drop: number[] = [];
  const outcomes: repo.NewOutcome[] = [];
  for (const f of facts) {
    const policy = mostSpecificPolicy(policiesOf.get(f.organization_id) ?? [], {
      teamId: f.team_id,
      channelId: f.channel_id,
    });
    const calendar = await calendarOf(tx, f.organization_id, policy?.businessHours ? f.channel_id : null);
    const paused = pauseAfter(f, now, calendar);
    const clocks = policy
      ? runningClocks(
          policy,
          {
            status: f.status,
            startedAt: time(f.started_at)!,
            firstResponseAt: time(f.first_response_at),
            waitStartedAt: time(f.wait_started_at),
            pausedSeconds: paused.seconds,
          },
          calendar,
        )
      : [];
    outcomes.push(...completed(f, clocks, policy, paused.seconds, calendar, now));
    if (!policy || !OPEN.has(f.status)) {
      if (f.tracked) drop.push(f.id);
      continue;
    }
    const of = (target: SlaTarget) => clocks.find((c) => c.target === target) ?? null;
    const first = nextDue(clocks);
    const unchanged =
      f.tracked &&
      f.policy_id === policy.id &&
      time(f.first_response_due_at) === (of('firstResponse')?.dueAt ?? null) &&
      time(f.next_response_due_at) === (of('nextResponse')?.dueAt ?? null) &&
      time(f.resolution_due_at) === (of('resolution')?.dueAt ?? null) &&
      time(f.paused_since) === (paused.since?.getTime() ?? null) &&
      (f.paused_seconds ?? 0) === paused.seconds;
    // A customer writing again while already waiting changes nothing: no write.
    if (unchanged) continue;
    keep.push({
      issueId: f.id,
      organizationId: f.organization_id,
      policyId: policy.id,
      firstResponseDueAt: dateOf(of('firstResponse')?.dueAt),
      firstResponseWarnAt: dateOf(of('firstResponse')?.warnAt),
      nextResponseDueAt: dateOf(of('nextResponse')?.dueAt),
      nextResponseWarnAt: dateOf(of('nextResponse')?.warnAt),
      resolutionDueAt: dateOf(of('resolution')?.dueAt),
      resolutionWarnAt: dateOf(of('resolution')?.warnAt),
      pausedSince: paused.since,
      pausedSeconds: paused.seconds,
      dueAt: dateOf(first?.dueAt),
      warnAt: dateOf(first?.warnAt),
      target: first?.target ?? null,
    });
  }
  await repo.recordOutcomes(tx, outcomes);
  await repo.saveClocks(tx, keep);
  await repo.announceSoonClocks(tx, keep, now);
  await repo.dropClocks(tx, drop);
}

const dateOf = (ms: number | undefined) => (ms === undefined ? null : new Date(ms));

/**
 * The resolution clock's pause: it starts when the issue begins waiting for the customer, and its working
 * time is added up when the issue stops waiting.
 */
function pauseAfter(f: repo.ClockFacts, now: Date, calendar: BusinessCalendar) {
  const seconds = f.paused_seconds ?? 0;
  const since = time(f.paused_since);
  if (f.status === 'waiting') return { since: since === null ? now : new Date(since), seconds };
  if (since === null) return { since: null, seconds };
  return { since: null, seconds: seconds + businessSeconds(since, now.getTime(), calendar) };
}

/**
 * The targets that completed since the clocks were stored: the first response once answered, a next
 * response once the customer's wait ended, the resolution once resolved or closed — each met when done by
 * its due time. A clock that stopped for another reason (a transfer, a policy change) counts only if it was
 * already overdue.
 */
function completed(
  f: repo.ClockFacts,
  running: SlaClock[],
  policy: repo.PolicyRow | null,
  pausedSeconds: number,
  calendar: BusinessCalendar,
  now: Date,
): repo.NewOutcome[] {
  if (!f.tracked) return [];
  const still = (target: SlaTarget) => running.some((c) => c.target === target);
  const outcome = (target: SlaTarget, dueAt: number, doneAt: number | null): repo.NewOutcome[] => {
    const done = doneAt ?? now.getTime();
    if (doneAt === null && done <= dueAt) return [];
    return [
      {
        organizationId: f.organization_id,
        issueId: f.id,
        channelId: f.channel_id,
        teamId: f.team_id,
        agentUserId: f.assignee_user_id,
        target,
        dueAt: new Date(dueAt),
        doneAt: new Date(done),
        met: done <= dueAt,
        at: now,
      },
    ];
  };
  const result: repo.NewOutcome[] = [];
  const firstDue = time(f.first_response_due_at);
  if (firstDue !== null && !still('firstResponse'))
    result.push(...outcome('firstResponse', firstDue, time(f.first_response_at)));
  const nextDue = time(f.next_response_due_at);
  if (nextDue !== null && !still('nextResponse')) {
    const answered = f.wait_started_at === null ? time(f.last_agent_message_at) : null;
    result.push(...outcome('nextResponse', nextDue, answered));
  }
  if (RESOLVING.has(f.status) && policy?.resolutionMinutes) {
    // The due time as it stood when the issue was resolved (a pause then still counts).
    const [clock] = runningClocks(
      { ...policy, firstResponseMinutes: null, nextResponseMinutes: null },
      {
        status: 'on-going',
        startedAt: time(f.started_at)!,
        firstResponseAt: null,
        waitStartedAt: null,
        pausedSeconds,
      },
      calendar,
    );
    if (clock) result.push(...outcome('resolution', clock.dueAt, time(f.ended_at) ?? now.getTime()));
  }
  return result;
}
