// How a team's assignment settings read and change (assignment to an agent is auto or manual;
// auto methods are round robin and least contact).
import type { AssignmentMethod, AssignmentMode } from '@sabai/domain';
import type { AutoAssignment, UpdateAutoAssignment } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';

export const MODE_LABELS: Record<AssignmentMode, TranslationKey> = {
  manual: 'autoAssignment.modes.manual',
  auto: 'autoAssignment.modes.auto',
};

export const METHOD_LABELS: Record<AssignmentMethod, TranslationKey> = {
  round_robin: 'autoAssignment.methods.round_robin',
  least_contact: 'autoAssignment.methods.least_contact',
};

export const METHOD_HINTS: Record<AssignmentMethod, TranslationKey> = {
  round_robin: 'autoAssignment.methodHints.round_robin',
  least_contact: 'autoAssignment.methodHints.least_contact',
};

/** The settings a row shows: what is being saved while a change is on its way, else what the server has. */
export function shownSettings(
  row: AutoAssignment,
  saving: UpdateAutoAssignment | null,
): UpdateAutoAssignment {
  return saving ?? { mode: row.mode, method: row.method };
}

/** The request for one changed setting; the other keeps its current value. */
export function changeOf(
  current: UpdateAutoAssignment,
  change: Partial<UpdateAutoAssignment>,
): UpdateAutoAssignment {
  return { mode: change.mode ?? current.mode, method: change.method ?? current.method };
}

/**
 * What auto-assignment does for the team now: nothing (manual), hand new issues out, or keep them
 * waiting because nobody is available.
 */
export type Readiness = 'manual' | 'ready' | 'nobody';

export function readinessOf(settings: UpdateAutoAssignment, availableNow: number): Readiness {
  if (settings.mode === 'manual') return 'manual';
  return availableNow > 0 ? 'ready' : 'nobody';
}
