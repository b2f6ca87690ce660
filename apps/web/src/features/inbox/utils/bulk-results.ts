// What a macro run or a bulk action did, in words: each issue done, or why not (the refused steps of a macro
// with their reasons, else the reason its error code gives).
import type { TFunction } from 'i18next';
import type { BulkResult } from '@sabai/contracts';
import { errorCodeTextKey } from '../../../lib/i18n';
import { stepsText } from './automation-steps';

type Outcome = BulkResult['results'][number];

/** Why an issue was refused as a whole, in the catalogue's words (a code this build lacks: a generic text). */
function refusalText(t: TFunction, code: string | null): string {
  const key = code ? errorCodeTextKey(code) : null;
  return t(key ?? 'errors.unknown');
}

/** An issue's line in the results: done, or the refused steps with their reasons, or why it was refused. */
export function outcomeText(t: TFunction, outcome: Outcome): string {
  if (outcome.ok) return t('inbox.bulk.results.ok');
  if (outcome.steps)
    return stepsText(
      t,
      outcome.steps.filter((step) => !step.ok),
    );
  return refusalText(t, outcome.code);
}

export type RunNotice = { kind: 'success' | 'warning' | 'error'; text: string };

/**
 * The notice after a macro ran on one issue: every step done; some skipped (all steps listed, the skipped
 * ones with their reasons); or not run at all (the issue is gone, not the caller's…).
 */
export function macroRunNotice(t: TFunction, macroName: string, outcome: Outcome): RunNotice {
  const values = { name: macroName, id: outcome.issueId };
  if (!outcome.steps)
    return {
      kind: 'error',
      text: t('inbox.macros.failed', { ...values, reason: refusalText(t, outcome.code) }),
    };
  const steps = stepsText(t, outcome.steps);
  return outcome.ok
    ? { kind: 'success', text: t('inbox.macros.ran', { ...values, steps }) }
    : { kind: 'warning', text: t('inbox.macros.ranWithSkips', { ...values, steps }) };
}

/** How many issues were done and how many not. */
export function resultCounts(results: readonly Outcome[]): { done: number; failed: number } {
  const done = results.filter((result) => result.ok).length;
  return { done, failed: results.length - done };
}
