// The macro editor's values, the rules of SaveMacroSchema mirrored for its messages (a name; 1 to 10 steps
// and their inputs are the step editor's) and where a refused save shows its reason.
import {
  MACRO_ACTION_TYPES,
  SaveMacroSchema,
  SETTABLE_STATUSES,
  type Macro,
  type MacroAction,
  type SaveMacro,
} from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { ApiError } from '../../../lib/api-client';
import type { Feedback } from './canned-form';

export const MACRO_NAME_MAX = SaveMacroSchema.shape.name.maxLength ?? 100;

export type MacroStepType = MacroAction['type'];

/** The kinds of step, in the order the "Add step" menu offers them. */
export const STEP_TYPES: readonly MacroStepType[] = MACRO_ACTION_TYPES;

/**
 * The statuses a step may set: not transferred (a transfer is its own action), nor un-assigned, which no
 * change may go back to: such a step would be skipped on every issue.
 */
export const MACRO_STATUSES = SETTABLE_STATUSES.filter((status) => status !== 'un-assigned');

/** A step as the editor holds it: its type, and its fields as far as they are filled in. */
type Draft<T> = T extends { type: infer K } ? { type: K } & Partial<Omit<T, 'type'>> : never;
type StepDraft = Draft<MacroAction>;

export type MacroFormValues = { name: string; isShared: boolean; actions: StepDraft[] };

/** The editor's values for a macro, or for a new one (shared when the user may share). */
export function toMacroValues(macro: Macro | null, mayShare: boolean): MacroFormValues {
  if (!macro) return { name: '', isShared: mayShare, actions: [] };
  return { name: macro.name, isShared: macro.isShared, actions: macro.actions.map((step) => ({ ...step })) };
}

/**
 * The request for the values the form has validated: each step keeps its own fields only (a step whose
 * type changed must not carry the old one's), texts trimmed.
 */
export function toMacroRequest(values: MacroFormValues): SaveMacro {
  return {
    name: values.name.trim(),
    isShared: values.isShared,
    actions: values.actions.map(toAction),
  };
}

function toAction(step: StepDraft): MacroAction {
  switch (step.type) {
    case 'assign_team':
      return { type: step.type, teamId: step.teamId ?? '' };
    case 'assign_agent':
      return { type: step.type, teamId: step.teamId ?? '', userId: step.userId ?? '' };
    case 'auto_assign':
      return { type: step.type };
    case 'add_tag':
    case 'remove_tag':
      return { type: step.type, tagId: step.tagId ?? '' };
    case 'send_canned':
      return { type: step.type, cannedResponseId: step.cannedResponseId ?? '' };
    case 'set_status':
      return { type: step.type, status: step.status ?? 'resolved' };
    case 'add_note':
      return { type: step.type, text: (step.text ?? '').trim() };
  }
}

/** The canned responses a macro's send step may choose: a shared macro runs for anyone, so shared ones only. */
export function isCannedUsable(
  response: { isShared: boolean; owner: { id: string } | null },
  isSharedMacro: boolean,
  myId: string | undefined,
): boolean {
  return response.isShared || (!isSharedMacro && response.owner?.id === myId);
}

type MacroField = 'name' | 'actions';

/** Maps a refused save onto its field or the form. */
export function macroSaveFeedback(error: unknown): Feedback<MacroField>[] {
  if (!(error instanceof ApiError)) return [{ field: null, message: 'errors.unknown' }];
  const message = (key: TranslationKey, field: MacroField | null = null) => [{ field, message: key }];
  switch (error.code) {
    case 'macro.name_exists':
      return message('errors.macro.name_exists', 'name');
    case 'macro.not_found':
      return message('errors.macro.not_found');
    case 'automation.reference_missing':
      return message('errors.automation.reference_missing', 'actions');
    case 'auth.forbidden':
      return message('errors.auth.forbidden');
    case 'validation.failed':
      return message('errors.validation.failed');
    default:
      return message('common.error.update');
  }
}
