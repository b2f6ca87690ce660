// The rule editor's values, the rules of SaveAutomationRuleSchema mirrored for its messages (a name, minutes
// from 1 to 30 days, words of at most 100 characters; 1 to 10 actions and the inputs they share with macros
// are the step editor's) and where a refused save shows its reason.
import {
  isTranslatedErrorCode,
  AUTOMATION_TEXT_MAX,
  RULE_CONDITIONS_MAX,
  RULE_MINUTES_MAX,
  SaveAutomationRuleSchema,
  type SETTABLE_STATUSES,
  type AutomationRule,
  type RuleAction,
  type RuleActionType,
  type SaveAutomationRule,
  type TranslatedErrorCode,
} from '@sabai/contracts';
import type { IssueStatus, RuleCondition, RuleConditionType, RuleTrigger } from '@sabai/domain';
import type { TranslationKey } from '@sabai/i18n';
import { ApiError } from '../../../lib/api-client';

export { AUTOMATION_TEXT_MAX, RULE_CONDITIONS_MAX, RULE_MINUTES_MAX };

export const NAME_MAX = SaveAutomationRuleSchema.shape.name.maxLength ?? 100;
export const WORD_MAX = 100;
export const WORDS_MAX = 50;
export const CONTACT_VALUE_MAX = 200;

/** The statuses a rule may set or wait in (not `transferred`). */
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];

/** The "to any status" choice of the status change trigger (null in the request). */
export const ANY_STATUS = '';

export const TRIGGERS: readonly RuleTrigger[] = [
  'customer_message',
  'issue_created',
  'status_changed',
  'idle',
  'sla_warning',
  'sla_breached',
];

export const CONDITION_TYPES: readonly RuleConditionType[] = [
  'message_text',
  'channel',
  'team',
  'status',
  'tag',
  'contact',
  'business_hours',
  'first_issue',
];

export const ACTION_TYPES: readonly RuleActionType[] = [
  'assign_team',
  'assign_agent',
  'auto_assign',
  'add_tag',
  'remove_tag',
  'send_canned',
  'set_status',
  'add_note',
  'notify',
  'close_after_inactivity',
];

/** A condition or action as the editor holds it: its type, and its fields as far as they are filled in. */
type Draft<T> = T extends { type: infer K } ? { type: K } & Partial<Omit<T, 'type'>> : never;
export type ConditionDraft = Draft<RuleCondition>;
export type ActionDraft = Draft<RuleAction>;

export type RuleFormValues = {
  name: string;
  isActive: boolean;
  trigger: RuleTrigger;
  /** status_changed: the status it changes to, or ANY_STATUS. */
  toStatus: IssueStatus | typeof ANY_STATUS;
  /** idle: the status the issue stays in, and for how long. */
  idleStatus: SettableStatus;
  idleMinutes: number | null;
  conditions: ConditionDraft[];
  actions: ActionDraft[];
};

const DAY_MINUTES = 1_440;

/** A new condition of a type, with its neutral choices made. */
export function newCondition(type: RuleConditionType): ConditionDraft {
  switch (type) {
    case 'channel':
      return { type, channelIds: [] };
    case 'team':
      return { type, teamIds: [] };
    case 'status':
      return { type, statuses: [] };
    case 'tag':
      return { type, tagIds: [], has: true };
    case 'contact':
      return { type, field: 'name', operator: 'contains', value: '' };
    case 'message_text':
      return { type, words: [] };
    case 'business_hours':
      return { type, inside: true };
    case 'first_issue':
      return { type, value: true };
  }
}

/** A new action of a type, with what it cannot do without left to choose. */
export function newAction(type: RuleActionType): ActionDraft {
  switch (type) {
    case 'notify':
      return { type, userIds: [], assignee: true, text: '' };
    case 'close_after_inactivity':
      return { type, minutes: DAY_MINUTES, message: '' };
    case 'add_note':
      return { type, text: '' };
    default:
      return { type } as ActionDraft;
  }
}

export function toFormValues(rule: AutomationRule | null): RuleFormValues {
  const values: RuleFormValues = {
    name: rule?.name ?? '',
    isActive: rule?.isActive ?? true,
    trigger: rule?.when.trigger ?? 'customer_message',
    toStatus: ANY_STATUS,
    idleStatus: 'waiting',
    idleMinutes: DAY_MINUTES,
    conditions: rule ? rule.conditions.map((c) => ({ ...c }) as ConditionDraft) : [],
    actions: rule ? rule.actions.map((a) => ({ ...a }) as ActionDraft) : [],
  };
  const when = rule?.when;
  if (when?.trigger === 'status_changed') values.toStatus = when.to ?? ANY_STATUS;
  if (when?.trigger === 'idle') {
    values.idleStatus = when.status;
    values.idleMinutes = when.minutes;
  }
  return values;
}

function toWhen(values: RuleFormValues): SaveAutomationRule['when'] {
  switch (values.trigger) {
    case 'status_changed':
      return { trigger: 'status_changed', to: values.toStatus || null };
    case 'idle':
      return { trigger: 'idle', status: values.idleStatus, minutes: values.idleMinutes ?? 0 };
    default:
      return { trigger: values.trigger };
  }
}

const trimmed = (text: string | undefined) => (text ?? '').trim();

/** A condition as the API takes it (the form has checked that its choices are made). */
export function toCondition(c: ConditionDraft): RuleCondition {
  switch (c.type) {
    case 'channel':
      return { type: c.type, channelIds: c.channelIds ?? [] };
    case 'team':
      return { type: c.type, teamIds: c.teamIds ?? [] };
    case 'status':
      return { type: c.type, statuses: c.statuses ?? [] };
    case 'tag':
      return { type: c.type, tagIds: c.tagIds ?? [], has: c.has ?? true };
    case 'contact': {
      const operator = c.operator ?? 'contains';
      // isSet and isNotSet compare with nothing: a value typed before switching to them is not kept.
      const value = operator === 'isSet' || operator === 'isNotSet' ? '' : trimmed(c.value);
      return { type: c.type, field: c.field ?? 'name', operator, value };
    }
    case 'message_text':
      return { type: c.type, words: (c.words ?? []).map((w) => w.trim()).filter(Boolean) };
    case 'business_hours':
      return { type: c.type, inside: c.inside ?? true };
    case 'first_issue':
      return { type: c.type, value: c.value ?? true };
  }
}

/** An action as the API takes it (the form has checked that its choices are made). */
export function toAction(a: ActionDraft): RuleAction {
  switch (a.type) {
    case 'assign_team':
      return { type: a.type, teamId: a.teamId ?? '' };
    case 'assign_agent':
      return { type: a.type, teamId: a.teamId ?? '', userId: a.userId ?? '' };
    case 'auto_assign':
      return { type: a.type };
    case 'add_tag':
    case 'remove_tag':
      return { type: a.type, tagId: a.tagId ?? '' };
    case 'send_canned':
      return { type: a.type, cannedResponseId: a.cannedResponseId ?? '' };
    case 'set_status':
      return { type: a.type, status: a.status ?? 'waiting' };
    case 'add_note':
      return { type: a.type, text: trimmed(a.text) };
    case 'notify':
      return { type: a.type, userIds: a.userIds ?? [], assignee: a.assignee ?? false, text: trimmed(a.text) };
    case 'close_after_inactivity':
      return { type: a.type, minutes: a.minutes ?? 0, message: trimmed(a.message) };
  }
}

export function toRequest(values: RuleFormValues): SaveAutomationRule {
  return {
    name: values.name.trim(),
    isActive: values.isActive,
    when: toWhen(values),
    conditions: (values.conditions ?? []).map(toCondition),
    actions: (values.actions ?? []).map(toAction),
  };
}

/** The same rule switched on or off (the list's switch saves the whole rule). */
export const withActive = (rule: AutomationRule, isActive: boolean): SaveAutomationRule => ({
  name: rule.name,
  isActive,
  when: rule.when,
  conditions: rule.conditions,
  actions: rule.actions,
});

/** Whether a number of minutes typed is out of the rules' range (1 minute to 30 days). */
export const isMinutesOutOfRange = (minutes: number | null | undefined): boolean =>
  minutes === null || minutes === undefined || minutes < 1 || minutes > RULE_MINUTES_MAX;

/** What is wrong with a condition's words, if anything: the message and the limit it names. */
export function wordsProblem(
  words: readonly string[] | undefined,
): { key: TranslationKey; max: number } | null {
  const kept = (words ?? []).map((w) => w.trim()).filter(Boolean);
  if (kept.length === 0) return { key: 'automation.form.wordsRequired', max: 1 };
  if (kept.length > WORDS_MAX) return { key: 'automation.form.wordsMax', max: WORDS_MAX };
  if (kept.some((w) => w.length > WORD_MAX)) return { key: 'automation.form.wordTooLong', max: WORD_MAX };
  return null;
}

/** The rules as they stand after moving the one at `index` by `delta` places (unchanged at either end). */
export function moved<T>(rules: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (index < 0 || index >= rules.length || to < 0 || to >= rules.length) return [...rules];
  const next = [...rules];
  const [rule] = next.splice(index, 1);
  next.splice(to, 0, rule as T);
  return next;
}

/** Where a refused save shows its reason: a field of the editor (its name path) or the editor as a whole. */
export type RuleFeedback = { field: (string | number)[] | null; message: TranslationKey };

const TOP_FIELDS = new Set(['name', 'conditions', 'actions']);

/** The editor's field a validation failure's path names (/actions/0/teamId), if the editor has it. */
export function fieldOfPath(path: string): (string | number)[] | null {
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  const [top, index, field] = parts;
  if (top === 'when') {
    if (index === 'to') return ['toStatus'];
    if (index === 'status') return ['idleStatus'];
    if (index === 'minutes') return ['idleMinutes'];
    return ['trigger'];
  }
  if (typeof top !== 'string' || !TOP_FIELDS.has(top)) return null;
  if (top === 'name') return ['name'];
  if (typeof index !== 'number') return [top];
  return typeof field === 'string' ? [top, index, field] : null;
}

const errorText = (code: TranslatedErrorCode): TranslationKey => `errors.${code}`;

/** Maps a failed save onto a field of the editor, or the editor as a whole. */
export function ruleSaveFeedback(error: unknown): RuleFeedback[] {
  if (!(error instanceof ApiError)) return [{ field: null, message: 'errors.unknown' }];
  switch (error.code) {
    case 'validation.failed': {
      const details = Array.isArray(error.details) ? (error.details as unknown[]) : [];
      const fields = details.flatMap((detail): RuleFeedback[] => {
        const path = (detail as { path?: unknown } | null)?.path;
        const field = typeof path === 'string' ? fieldOfPath(path) : null;
        return field ? [{ field, message: 'errors.validation.failed' }] : [];
      });
      return fields.length > 0 ? fields : [{ field: null, message: 'errors.validation.failed' }];
    }
    // Anything else is said of the editor as a whole: automation.reference_missing (which of its choices
    // is gone the server does not say), automation.not_found, automation.too_many, a network failure.
    default:
      return [
        {
          field: null,
          message: isTranslatedErrorCode(error.code) ? errorText(error.code) : 'common.error.update',
        },
      ];
  }
}
