// A channel's AI first responder as its form holds it, and the PUT body
// (packages/contracts first-responder.ts FirstResponderSettingsSchema).
import {
  FIRST_RESPONDER_DEFAULTS,
  FIRST_RESPONDER_MAX_WORDS,
  type AiSettings,
  type FirstResponderSettings,
  type FirstResponderWhen,
} from '@sabai/contracts';
import type { KeywordLimits } from './comment-rules';

export const FIRST_RESPONDER_LIMITS = {
  minutes: { min: 1, max: 1440 },
  confidence: { min: 0.05, max: 0.95, step: 0.05 },
  label: 100,
} as const;

/** The hand-over words' tags: at most 30 words of 50 characters (the contract's limits). */
export const HAND_OVER_WORD_LIMITS: KeywordLimits = {
  count: FIRST_RESPONDER_MAX_WORDS,
  length: 50,
  tooMany: 'channels.firstResponder.tooManyWords',
  tooLong: 'channels.firstResponder.wordTooLong',
};

export const DEFAULT_LABEL = FIRST_RESPONDER_DEFAULTS.label;

export type FirstResponderField = keyof FirstResponderSettings;

/** Whether the minutes to wait for an agent matter: only when the AI answers unassigned issues. */
export const usesMinutes = (when: FirstResponderWhen | undefined) => when === 'unassigned' || when === 'both';

/** The PUT body: the label trimmed and the threshold rounded to the slider's step, as the form shows it. */
export function toSaveRequest(values: FirstResponderSettings): FirstResponderSettings {
  return {
    enabled: values.enabled,
    when: values.when,
    unassignedMinutes: values.unassignedMinutes,
    handOverWords: [...values.handOverWords],
    confidenceThreshold: Math.round(values.confidenceThreshold * 100) / 100,
    label: values.label.trim(),
  };
}

/** Whether the form differs from the saved settings (what Save would change). */
export function hasChanges(
  values: FirstResponderSettings | undefined,
  saved: FirstResponderSettings,
): boolean {
  if (!values?.when || !values.handOverWords) return false;
  return JSON.stringify(toSaveRequest(values)) !== JSON.stringify(toSaveRequest(saved));
}

/** The label's problem, if any (the server trims before it checks). */
export function labelProblem(value: string | undefined): 'required' | 'tooLong' | null {
  const text = (value ?? '').trim();
  if (!text) return 'required';
  return text.length > FIRST_RESPONDER_LIMITS.label ? 'tooLong' : null;
}

/** Whether a number of minutes is refused (a whole number from 1 to 1440). */
export function minutesProblem(value: number | null | undefined): boolean {
  const { min, max } = FIRST_RESPONDER_LIMITS.minutes;
  return typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max;
}

const FIELDS: readonly FirstResponderField[] = [
  'enabled',
  'when',
  'unassignedMinutes',
  'handOverWords',
  'confidenceThreshold',
  'label',
];

/** '/handOverWords/3' or 'label' (a validation detail's path) → the field it names. */
export function firstResponderFieldOfPath(path: string): FirstResponderField | null {
  const name = /^\/?([A-Za-z]+)(?:[/.]|$)/.exec(path)?.[1];
  return FIELDS.find((field) => field === name) ?? null;
}

/** Whether the organisation keeps the responder silent: AI assist off, or its first responder feature off. */
export const isResponderSwitchedOff = (ai: Pick<AiSettings, 'enabled' | 'features'>) =>
  !ai.enabled || !ai.features.firstResponder;
