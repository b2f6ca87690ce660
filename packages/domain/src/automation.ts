// Automation rules: when a rule is triggered, whether its conditions hold for an issue.
// Pure: the server's engine and its "test against an issue" answer both read the verdicts from here, so a
// rule fires exactly when its test says it would.
import { findKeyword } from './comment-keywords';
import { isOpenStatus, type IssueStatus } from './issue-status';

export const RULE_TRIGGERS = [
  'issue_created',
  'customer_message',
  'status_changed',
  'idle',
  'sla_warning',
  'sla_breached',
] as const;
export type RuleTrigger = (typeof RULE_TRIGGERS)[number];

/** The contact's fields a condition may read. */
export const RULE_CONTACT_FIELDS = ['name', 'email', 'mobileNumber', 'province', 'gender'] as const;
export type RuleContactField = (typeof RULE_CONTACT_FIELDS)[number];

export const RULE_TEXT_OPERATORS = ['contains', 'equals', 'isSet', 'isNotSet'] as const;
export type RuleTextOperator = (typeof RULE_TEXT_OPERATORS)[number];

/** One condition; a rule fires when all of its conditions hold. */
export type RuleCondition =
  | { type: 'channel'; channelIds: string[] }
  | { type: 'team'; teamIds: string[] }
  | { type: 'status'; statuses: IssueStatus[] }
  /** has: the issue carries one of the tags; !has: none of them. */
  | { type: 'tag'; tagIds: string[]; has: boolean }
  | { type: 'contact'; field: RuleContactField; operator: RuleTextOperator; value: string }
  /** One of the words appears in the customer's message (Thai words anywhere, Latin ones as words). */
  | { type: 'message_text'; words: string[] }
  | { type: 'business_hours'; inside: boolean }
  | { type: 'first_issue'; value: boolean };
export type RuleConditionType = RuleCondition['type'];

/** What a condition may know of an issue at the moment its rule is triggered. */
export type RuleFacts = {
  channelId: string;
  teamId: string | null;
  status: IssueStatus;
  tagIds: readonly string[];
  contact: Readonly<Record<RuleContactField, string | null>>;
  /** The customer's message that triggered the rule (else their latest), null when there is none. */
  messageText: string | null;
  withinBusinessHours: boolean;
  /** No earlier issue of the same contact. */
  firstIssue: boolean;
};

/** A condition's verdict: held or not, and what the issue had instead (the test screen says why). */
export type ConditionCheck = {
  index: number;
  type: RuleConditionType;
  holds: boolean;
  actual: string | null;
};

const normalise = (s: string) => s.normalize('NFC').trim().toLocaleLowerCase('en');

function contactHolds(c: Extract<RuleCondition, { type: 'contact' }>, actual: string | null) {
  const value = actual?.trim() ? actual : null;
  switch (c.operator) {
    case 'isSet':
      return value !== null;
    case 'isNotSet':
      return value === null;
    case 'equals':
      return value !== null && normalise(value) === normalise(c.value);
    case 'contains':
      return value !== null && normalise(value).includes(normalise(c.value));
  }
}

/**
 * Whether one condition holds. Reads only the fact the condition is about, so a part of the facts known
 * early (mayHold) decides the conditions on it. Allocates nothing: it runs for every rule on every message.
 */
export function conditionHolds(c: RuleCondition, facts: RuleFacts): boolean {
  switch (c.type) {
    case 'channel':
      return c.channelIds.includes(facts.channelId);
    case 'team':
      return facts.teamId !== null && c.teamIds.includes(facts.teamId);
    case 'status':
      return c.statuses.includes(facts.status);
    case 'tag':
      return c.tagIds.some((id) => facts.tagIds.includes(id)) === c.has;
    case 'contact':
      return contactHolds(c, facts.contact[c.field]);
    case 'message_text':
      return findKeyword(facts.messageText, c.words) !== null;
    case 'business_hours':
      return facts.withinBusinessHours === c.inside;
    case 'first_issue':
      return facts.firstIssue === c.value;
  }
}

/** What the issue had for a condition (the test screen says why a rule would not fire). */
function actualOf(c: RuleCondition, facts: RuleFacts): string | null {
  switch (c.type) {
    case 'channel':
      return facts.channelId;
    case 'team':
      return facts.teamId;
    case 'status':
      return facts.status;
    case 'tag':
      return facts.tagIds.join(',') || null;
    case 'contact':
      return facts.contact[c.field];
    case 'message_text':
      return findKeyword(facts.messageText, c.words) ?? facts.messageText;
    case 'business_hours':
      return String(facts.withinBusinessHours);
    case 'first_issue':
      return String(facts.firstIssue);
  }
}

/** Whether one condition holds, with what the issue had. */
export function checkCondition(c: RuleCondition, facts: RuleFacts): Omit<ConditionCheck, 'index'> {
  return { type: c.type, holds: conditionHolds(c, facts), actual: actualOf(c, facts) };
}

/** Every condition's verdict, in order; the rule fires when all hold (a rule without conditions always). */
export function checkConditions(conditions: readonly RuleCondition[], facts: RuleFacts) {
  const checks = conditions.map((c, index): ConditionCheck => ({ index, ...checkCondition(c, facts) }));
  return { fires: checks.every((c) => c.holds), checks };
}

/** Whether a rule's conditions all hold (the engine's verdict; checkConditions tells the same with reasons). */
export function conditionsHold(conditions: readonly RuleCondition[], facts: RuleFacts) {
  return conditions.every((c) => conditionHolds(c, facts));
}

/** What the one triggering a rule may already know of the issue as the rule will read it. */
export type KnownFacts = Partial<Pick<RuleFacts, 'channelId' | 'status' | 'messageText'>>;
const DECIDED_BY: Partial<Record<RuleConditionType, keyof KnownFacts>> = {
  channel: 'channelId',
  status: 'status',
  message_text: 'messageText',
};

/**
 * Whether the conditions decided by what is known hold, the others aside: a rule whose words are not in the
 * message, or whose statuses are not the issue's, cannot fire whatever the rest (the engine then reads
 * nothing for it).
 */
export function mayHold(conditions: readonly RuleCondition[], known: KnownFacts) {
  for (const c of conditions) {
    const field = DECIDED_BY[c.type];
    if (field !== undefined && known[field] !== undefined && !conditionHolds(c, known as RuleFacts))
      return false;
  }
  return true;
}

/**
 * Whether an action would change nothing on an open issue as the facts show it (a tag it already has, or
 * lacks): no need to take it.
 */
export function changesNothing(
  action: { type: string; tagId?: string },
  facts: Pick<RuleFacts, 'status' | 'tagIds'>,
) {
  if (!isOpenStatus(facts.status) || action.tagId === undefined) return false;
  if (action.type === 'add_tag') return facts.tagIds.includes(action.tagId);
  if (action.type === 'remove_tag') return !facts.tagIds.includes(action.tagId);
  return false;
}

/**
 * The facts after an action was taken, when they can still be told without reading the issue again (a tag
 * added or removed); undefined after any other action, which may change what conditions read.
 */
export function factsAfter<F extends Pick<RuleFacts, 'tagIds'>>(
  action: { type: string; tagId?: string },
  facts: F,
): F | undefined {
  if (action.tagId === undefined) return undefined;
  if (action.type === 'add_tag') return { ...facts, tagIds: [...new Set([...facts.tagIds, action.tagId])] };
  if (action.type === 'remove_tag')
    return { ...facts, tagIds: facts.tagIds.filter((t) => t !== action.tagId) };
  return undefined;
}

/** A rule's trigger: which event it waits for, narrowed for status changes and idle time. */
export type RuleWhen =
  | { trigger: 'issue_created' | 'customer_message' | 'sla_warning' | 'sla_breached' }
  /** to: only changes into this status (null: any change). */
  | { trigger: 'status_changed'; to: IssueStatus | null }
  /** Nothing happened on the issue for `minutes` while it stayed in `status`. */
  | { trigger: 'idle'; status: IssueStatus; minutes: number };

/** How many rule-made changes may follow one another from a single event before the chain stops. */
export const RULE_CHAIN_LIMIT = 5;

/** Whether an event of this kind (with the status it led to) is one the rule waits for. */
export function triggerMatches(when: RuleWhen, event: { trigger: RuleTrigger; status: IssueStatus }) {
  if (when.trigger !== event.trigger) return false;
  if (when.trigger === 'status_changed') return when.to === null || when.to === event.status;
  if (when.trigger === 'idle') return when.status === event.status;
  return true;
}

/**
 * The status changes that close an issue after the customer went quiet, each one allowed by the status rules (only a
 * resolved issue closes): a waiting issue is taken up, resolved and closed. Null when it cannot close this
 * way (no agent has it yet, or it is already closed or transferred).
 */
export function stepsToClose(status: IssueStatus): IssueStatus[] | null {
  switch (status) {
    case 'waiting':
      return ['on-going', 'resolved', 'close'];
    case 'on-going':
      return ['resolved', 'close'];
    case 'resolved':
    case 'resolved-success':
    case 'resolved-un-success':
      return ['close'];
    default:
      return null;
  }
}
