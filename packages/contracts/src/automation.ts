import { z } from 'zod';
import {
  ISSUE_STATUSES,
  RULE_CONTACT_FIELDS,
  RULE_TEXT_OPERATORS,
  type RuleCondition,
  type RuleWhen,
} from '@sabai/domain';
import { PersonSchema } from './lists';

// Automation rules and macros: ordered rules of "when … if … then …" that the
// server runs on each triggering event, and saved sequences of steps an agent runs on chosen issues.

/** The statuses a rule or macro may set: not `transferred` (a transfer opens an issue, with its own call). */
export const SETTABLE_STATUSES = ISSUE_STATUSES.filter((s) => s !== 'transferred');
const Status = z.enum(ISSUE_STATUSES);
const Ids = z.array(z.uuid()).min(1).max(50);

/** At most 30 days, in minutes. */
export const RULE_MINUTES_MAX = 43_200;
const Minutes = z.number().int().min(1).max(RULE_MINUTES_MAX);

export const RuleWhenSchema = z.discriminatedUnion('trigger', [
  z.object({ trigger: z.enum(['issue_created', 'customer_message', 'sla_warning', 'sla_breached']) }),
  z.object({ trigger: z.literal('status_changed'), to: Status.nullable() }),
  z.object({ trigger: z.literal('idle'), status: z.enum(SETTABLE_STATUSES), minutes: Minutes }),
]) satisfies z.ZodType<RuleWhen>;

const Word = z.string().trim().min(1).max(100);

export const RuleConditionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('channel'), channelIds: Ids }),
  z.object({ type: z.literal('team'), teamIds: Ids }),
  z.object({ type: z.literal('status'), statuses: z.array(Status).min(1) }),
  z.object({ type: z.literal('tag'), tagIds: Ids, has: z.boolean() }),
  z.object({
    type: z.literal('contact'),
    field: z.enum(RULE_CONTACT_FIELDS),
    operator: z.enum(RULE_TEXT_OPERATORS),
    /** Ignored by isSet / isNotSet. */
    value: z.string().trim().max(200).default(''),
  }),
  z.object({ type: z.literal('message_text'), words: z.array(Word).min(1).max(50) }),
  z.object({ type: z.literal('business_hours'), inside: z.boolean() }),
  z.object({ type: z.literal('first_issue'), value: z.boolean() }),
]) satisfies z.ZodType<RuleCondition>;

/** The private note's text a rule or macro adds, and a notice's text. */
export const AUTOMATION_TEXT_MAX = 500;
const Text = z.string().trim().min(1).max(AUTOMATION_TEXT_MAX);

/** Steps a macro may take on an issue (a rule may take these and the ones below). */
const macroActions = [
  z.object({ type: z.literal('assign_team'), teamId: z.uuid() }),
  z.object({ type: z.literal('assign_agent'), teamId: z.uuid(), userId: z.uuid() }),
  z.object({ type: z.literal('auto_assign') }),
  z.object({ type: z.literal('add_tag'), tagId: z.uuid() }),
  z.object({ type: z.literal('remove_tag'), tagId: z.uuid() }),
  z.object({ type: z.literal('send_canned'), cannedResponseId: z.uuid() }),
  z.object({ type: z.literal('set_status'), status: z.enum(SETTABLE_STATUSES) }),
  z.object({ type: z.literal('add_note'), text: Text }),
] as const;

export const MacroActionSchema = z.discriminatedUnion('type', [...macroActions]);
export type MacroAction = z.infer<typeof MacroActionSchema>;

export const RuleActionSchema = z.discriminatedUnion('type', [
  ...macroActions,
  /** A notice (bell, socket, push, LINE alert) to the chosen users and, with `assignee`, the issue's agent. */
  z.object({
    type: z.literal('notify'),
    userIds: z.array(z.uuid()).max(50),
    assignee: z.boolean(),
    text: Text,
  }),
  /** Closes the issue when the customer stays silent for `minutes`, with a last message (may be empty). */
  z.object({
    type: z.literal('close_after_inactivity'),
    minutes: Minutes,
    message: z.string().trim().max(AUTOMATION_TEXT_MAX),
  }),
]);
export type RuleAction = z.infer<typeof RuleActionSchema>;
export type RuleActionType = RuleAction['type'];
export const RULE_ACTION_TYPES = RuleActionSchema.options.map((o) => o.shape.type.value) as RuleActionType[];
export const MACRO_ACTION_TYPES = MacroActionSchema.options.map((o) => o.shape.type.value);

/** Rules per organisation, conditions and actions per rule. */
export const AUTOMATION_RULES_MAX = 200;
export const RULE_CONDITIONS_MAX = 20;
export const RULE_ACTIONS_MAX = 10;

export const SaveAutomationRuleSchema = z.object({
  name: z.string().trim().min(1).max(100),
  isActive: z.boolean().default(true),
  when: RuleWhenSchema,
  conditions: z.array(RuleConditionSchema).max(RULE_CONDITIONS_MAX),
  actions: z.array(RuleActionSchema).min(1).max(RULE_ACTIONS_MAX),
});
export type SaveAutomationRule = z.infer<typeof SaveAutomationRuleSchema>;

export const AutomationRuleSchema = SaveAutomationRuleSchema.extend({
  id: z.string(),
  /** Order of evaluation, from 1. */
  position: z.number().int(),
  firings: z.number().int(),
  lastFiredAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AutomationRule = z.infer<typeof AutomationRuleSchema>;
export const AutomationRuleListSchema = z.array(AutomationRuleSchema);

/** The rules' new order: every rule of the organisation, once. */
export const OrderAutomationRulesSchema = z.object({
  ids: z.array(z.uuid()).min(1).max(AUTOMATION_RULES_MAX),
});

/** "Test against a past issue": a rule as edited (saved or not) and the issue's number. */
export const TestAutomationRuleSchema = z.object({
  rule: SaveAutomationRuleSchema,
  issueId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type TestAutomationRule = z.infer<typeof TestAutomationRuleSchema>;

export const RuleTestResultSchema = z.object({
  wouldFire: z.boolean(),
  /** Each condition's verdict; `actual` is what the issue has (an id, a status, a text, true/false). */
  checks: z.array(
    z.object({
      index: z.number().int(),
      type: z.string(),
      holds: z.boolean(),
      actual: z.string().nullable(),
    }),
  ),
});
export type RuleTestResult = z.infer<typeof RuleTestResultSchema>;

/** One step of a rule's firing or a macro's run: taken, or skipped with the error code that refused it. */
const StepSchema = z.object({ type: z.string(), ok: z.boolean(), code: z.string().nullable() });

/**
 * Who made a change in an issue's trail when no person did: an automation rule or a macro (its name as it
 * was then), and for the firing's own line each step with its outcome (`skipped` with the error code when
 * the issue did not allow it).
 */
export const AutomationTraceSchema = z.object({
  source: z.enum(['rule', 'macro']),
  id: z.string(),
  name: z.string(),
  steps: z.array(z.object({ type: z.string(), ok: z.boolean(), code: z.string().nullable() })).nullable(),
});
export type AutomationTrace = z.infer<typeof AutomationTraceSchema>;

// ---- macros and bulk actions -------------------------------------------------------------------------------

export const SaveMacroSchema = z.object({
  name: z.string().trim().min(1).max(100),
  /** Shared with the organisation (canned response scope all); otherwise the author's own. */
  isShared: z.boolean(),
  actions: z.array(MacroActionSchema).min(1).max(RULE_ACTIONS_MAX),
});
export type SaveMacro = z.infer<typeof SaveMacroSchema>;

export const MacroSchema = SaveMacroSchema.extend({
  id: z.string(),
  owner: PersonSchema.nullable(),
  canUpdate: z.boolean(),
  canDelete: z.boolean(),
  updatedAt: z.string(),
});
export type Macro = z.infer<typeof MacroSchema>;
export const MacroListSchema = z.array(MacroSchema);

/** Issues one macro run or bulk action may take at once. */
export const BULK_ISSUES_MAX = 100;
const IssueIds = z
  .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
  .min(1)
  .max(BULK_ISSUES_MAX);

export const RunMacroSchema = z.object({ issueIds: IssueIds });

/** The statuses a bulk action may set (each change checked per issue against the status rules). */
export const BULK_STATUSES = [
  'waiting',
  'resolved',
  'resolved-success',
  'resolved-un-success',
  'close',
] as const;

export const BulkActionSchema = z.object({
  issueIds: IssueIds,
  action: z.discriminatedUnion('type', [
    /** To an agent (of the given team, else of each issue's team). */
    z.object({ type: z.literal('assign'), teamId: z.uuid().optional(), userId: z.uuid() }),
    z.object({ type: z.literal('add_tag'), tagId: z.uuid() }),
    z.object({ type: z.literal('remove_tag'), tagId: z.uuid() }),
    z.object({ type: z.literal('transfer'), teamId: z.uuid(), userId: z.uuid().optional() }),
    z.object({ type: z.literal('status'), status: z.enum(BULK_STATUSES) }),
  ]),
});
export type BulkAction = z.infer<typeof BulkActionSchema>;

/**
 * Each issue's outcome, in the order asked: done, or refused with the error code the single action would
 * give (a macro's issue also lists its steps; a refused step does not stop the next).
 */
export const BulkResultSchema = z.object({
  results: z.array(
    z.object({
      issueId: z.number(),
      ok: z.boolean(),
      code: z.string().nullable(),
      steps: z.array(StepSchema).nullable(),
    }),
  ),
});
export type BulkResult = z.infer<typeof BulkResultSchema>;
