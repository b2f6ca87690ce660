// The steps of a rule's firing or a macro's run as the chat's trail lists them: "assign team, add tag (skipped:
// Tag not found)", each step by its kind, a skipped one with the reason its error code gives.
import type { TFunction } from 'i18next';
import { RULE_ACTION_TYPES, type AutomationTrace, type RuleActionType } from '@sabai/contracts';
import { errorCodeTextKey } from '../../../lib/i18n';

type Step = NonNullable<AutomationTrace['steps']>[number];

const KNOWN_STEPS: ReadonlySet<string> = new Set(RULE_ACTION_TYPES);
const isKnownStep = (type: string): type is RuleActionType => KNOWN_STEPS.has(type);

/** A sentence's full stop dropped, so a reason reads inside the brackets of its step. */
const withoutFullStop = (text: string) => text.replace(/[.。]\s*$/, '');

function stepText(t: TFunction, step: Step): string {
  // A step this build does not know (a newer server's) is still counted, by a generic name.
  const label = t(isKnownStep(step.type) ? `inbox.trail.steps.${step.type}` : 'inbox.trail.steps.other');
  if (step.ok) return label;
  const reasonKey = step.code ? errorCodeTextKey(step.code) : null;
  const reason = reasonKey ? withoutFullStop(t(reasonKey)) : t('inbox.trail.stepFailed');
  return t('inbox.trail.stepSkipped', { step: label, reason });
}

/** The steps in the order they ran, joined; empty when the trail kept none. */
export function stepsText(t: TFunction, steps: AutomationTrace['steps']): string {
  return (steps ?? []).map((step) => stepText(t, step)).join(', ');
}
