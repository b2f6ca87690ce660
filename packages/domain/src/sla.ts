// Service level targets: which policy an issue follows, and when each of its clocks is due.
// Pure: the server stores the due times it computes here, the web counts down to them.
import { addBusinessSeconds, type BusinessCalendar } from './report-metrics';
import type { IssueStatus } from './issue-status';

export const SLA_TARGETS = ['firstResponse', 'nextResponse', 'resolution'] as const;
export type SlaTarget = (typeof SLA_TARGETS)[number];

/** A clock turns amber once this share of its target has passed, red when it is due. */
export const SLA_WARN_SHARE = 0.8;

/** A policy's reach and targets (minutes; null: no target of that kind). */
export type SlaPolicyRule = {
  teamId: string | null;
  channelId: string | null;
  firstResponseMinutes: number | null;
  nextResponseMinutes: number | null;
  resolutionMinutes: number | null;
  /** Counted in the channel's business hours (shifts, holidays), else around the clock. */
  businessHours: boolean;
};

/**
 * The policy an issue follows: the most specific one that matches its team and channel — team and channel,
 * then team, then channel, then the organisation's default (neither) — or null.
 */
export function mostSpecificPolicy<P extends Pick<SlaPolicyRule, 'teamId' | 'channelId'>>(
  policies: readonly P[],
  issue: { teamId: string | null; channelId: string },
): P | null {
  const rank = (p: P) => {
    if (p.teamId !== null && p.teamId !== issue.teamId) return -1;
    if (p.channelId !== null && p.channelId !== issue.channelId) return -1;
    return (p.teamId !== null ? 2 : 0) + (p.channelId !== null ? 1 : 0);
  };
  let best: P | null = null;
  for (const p of policies) if (rank(p) >= 0 && (best === null || rank(p) > rank(best))) best = p;
  return best;
}

/** What an issue's clocks are computed from. */
export type SlaFacts = {
  status: IssueStatus;
  /** The customer's first message (the issue's start). */
  startedAt: number;
  /** The first agent reply, or null. */
  firstResponseAt: number | null;
  /** The customer's current wait for an agent (since their first unanswered message), or null. */
  waitStartedAt: number | null;
  /** Working seconds the issue spent waiting for the customer (which pauses the resolution clock). */
  pausedSeconds: number;
};

export type SlaClock = { target: SlaTarget; dueAt: number; warnAt: number };

const SECONDS_PER_MINUTE = 60;

function clock(
  target: SlaTarget,
  from: number,
  minutes: number,
  alreadyUsed: number,
  cal: BusinessCalendar,
): SlaClock | null {
  const seconds = minutes * SECONDS_PER_MINUTE;
  const dueAt = addBusinessSeconds(from, seconds + alreadyUsed, cal);
  const warnAt = addBusinessSeconds(from, seconds * SLA_WARN_SHARE + alreadyUsed, cal);
  return dueAt === null || warnAt === null ? null : { target, dueAt, warnAt };
}

const isOpen = (s: IssueStatus) => s === 'un-assigned' || s === 'on-going' || s === 'waiting';

/**
 * The clocks running now: the first response until the first reply; the next response while the customer
 * waits for an answer after that; the resolution until the issue is resolved, paused while it waits for the
 * customer (the pause is added to its target). `calendar` is the channel's, or around the clock.
 */
export function runningClocks(
  policy: SlaPolicyRule,
  facts: SlaFacts,
  calendar: BusinessCalendar,
): SlaClock[] {
  if (!isOpen(facts.status)) return [];
  const clocks: Array<SlaClock | null> = [];
  if (facts.firstResponseAt === null && policy.firstResponseMinutes !== null)
    clocks.push(clock('firstResponse', facts.startedAt, policy.firstResponseMinutes, 0, calendar));
  if (facts.firstResponseAt !== null && facts.waitStartedAt !== null && policy.nextResponseMinutes !== null)
    clocks.push(clock('nextResponse', facts.waitStartedAt, policy.nextResponseMinutes, 0, calendar));
  // Paused (waiting for the customer): no due time until the customer answers.
  if (facts.status !== 'waiting' && policy.resolutionMinutes !== null)
    clocks.push(
      clock('resolution', facts.startedAt, policy.resolutionMinutes, facts.pausedSeconds, calendar),
    );
  return clocks.filter((c): c is SlaClock => c !== null);
}

/** The clock due first (what the inbox shows and sorts by), or null. */
export function nextDue(clocks: readonly SlaClock[]): SlaClock | null {
  return clocks.reduce<SlaClock | null>(
    (first, c) => (first === null || c.dueAt < first.dueAt ? c : first),
    null,
  );
}

/** How a clock looks at `now`: fine, amber from 80% of its target, red once due. */
export function slaState(c: { dueAt: number; warnAt: number }, now: number): 'ok' | 'warning' | 'breached' {
  if (now >= c.dueAt) return 'breached';
  return now >= c.warnAt ? 'warning' : 'ok';
}

/** Around the clock in the organisation's zone: a policy that does not follow business hours. */
export const aroundTheClock = (timeZone: string): BusinessCalendar => ({
  mode: '24x7',
  shifts: [],
  holidays: new Set(),
  timeZone,
});
