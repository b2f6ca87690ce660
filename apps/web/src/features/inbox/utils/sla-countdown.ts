// An issue's service level clock at a moment: its state and the time left or overdue, as
// the card's chip counts down to it.
import type { IssueSla } from '@sabai/contracts';
import { slaState } from '@sabai/domain';

export type SlaCountdown = {
  /** Fine, amber from the clock's warnAt (80% of its target), red from its dueAt. */
  state: ReturnType<typeof slaState>;
  /** Whole minutes until due, or past it once breached: rounded up, so "1 min" until the very end. */
  minutes: number;
};

export function slaCountdown(sla: IssueSla, now: number): SlaCountdown {
  const dueAt = Date.parse(sla.dueAt);
  const state = slaState({ dueAt, warnAt: Date.parse(sla.warnAt) }, now);
  return { state, minutes: Math.max(1, Math.ceil(Math.abs(dueAt - now) / 60_000)) };
}

/** When the clock next changes colour (amber at warnAt, red at dueAt), or null once red. */
export function nextSlaChange(sla: IssueSla, now: number): number | null {
  const warnAt = Date.parse(sla.warnAt);
  const dueAt = Date.parse(sla.dueAt);
  if (now < warnAt) return warnAt;
  return now < dueAt ? dueAt : null;
}
