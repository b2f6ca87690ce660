// The automation engine: called with the events of a change, inside that change's
// transaction (a batch of customer messages in the ingest worker, a status change, a job's idle or service
// level event). For each event, in order, every active rule of the organisation waiting for it is checked
// against the issue as the event left it (domain `conditionsHold`); the firings are recorded once per rule
// and event (a replayed event fires nothing), then each firing rule's actions run in the rules' order.
// Loops cannot happen: a change a rule makes never fires that rule or the rules before it in the chain, and a
// chain stops after RULE_CHAIN_LIMIT rule-made changes.
import {
  changesNothing,
  factsAfter,
  isWorkingTime,
  mayHold,
  RULE_CHAIN_LIMIT,
  triggerMatches,
  conditionsHold,
  type RuleFacts,
} from '@sabai/domain';
import type { Deps } from '../../deps';
import type { Executor } from '../../platform/db';
import type { RuleEngine, RuleEvent } from '../../ports';
import { recordActivity, type Actor, type NewActivity } from '../issues';
import { runStep, type StepResult } from './automation.actions';
import * as repo from './automation.repo';
import { activeRulesOf, calendarOf } from './automation.rules-cache';

/** The engine as other modules reach it (through Deps: the issues module's changes call it back). */
export const ruleEngine: RuleEngine<Deps> = { run: runRules };

type Match = { event: RuleEvent; rule: repo.RuleRow };

/** Runs the rules the events fire, in the caller's transaction. */
export async function runRules(deps: Deps, tx: Executor, events: RuleEvent[]) {
  const live = events.filter((e) => (e.chain?.depth ?? 0) < RULE_CHAIN_LIMIT);
  if (live.length === 0) return;
  const rulesOf = await activeRulesOf(tx, [...new Set(live.map((e) => e.organizationId))]);
  // Every rule meets every message of a batch: the checks cheapest and most often failing come first.
  const waiting = live.flatMap((event) => {
    const at = { trigger: event.trigger, status: event.status ?? 'un-assigned' };
    const known = { ...event.known, messageText: event.messageText };
    const rules = (rulesOf.get(event.organizationId) ?? []).filter(
      (rule) =>
        rule.when.trigger === event.trigger &&
        (event.ruleId === undefined || event.ruleId === rule.id) &&
        triggerMatches(rule.when, at) &&
        !event.chain?.ruleIds.includes(rule.id) &&
        mayHold(rule.conditions, known),
    );
    return rules.length > 0 ? [{ event, rules }] : [];
  });
  // Most events fire nothing: no rule waits for them, and nothing is read.
  if (waiting.length === 0) return;
  const now = deps.clock.now();
  const facts = await factsOf(tx, waiting, now);
  const matches: Match[] = waiting.flatMap(({ event, rules }) => {
    const issueFacts = facts.get(event.issueId);
    if (!issueFacts) return [];
    const withText = { ...issueFacts, messageText: event.messageText ?? issueFacts.messageText };
    return rules.filter((rule) => conditionsHold(rule.conditions, withText)).map((rule) => ({ event, rule }));
  });
  const fresh = await repo.recordFirings(
    tx,
    matches.map(({ event, rule }) => ({
      ruleId: rule.id,
      issueId: event.issueId,
      eventKey: event.key,
      organizationId: event.organizationId,
    })),
    now,
  );
  // The firings' own trail lines are written together, after their changes. The facts read above describe
  // an issue until a firing changes it in a way they cannot follow (a tag they can): a firing skips the steps
  // they show to change nothing (a rule tagging every message of a conversation costs no query after the first).
  const firings: NewActivity[] = [];
  const current = new Map(facts);
  for (const match of matches) {
    if (!fresh.has(repo.firingKey({ ruleId: match.rule.id, eventKey: match.event.key }))) continue;
    const { line, factsNow } = await fire(deps, tx, match, now, current.get(match.event.issueId));
    if (factsNow) current.set(match.event.issueId, factsNow);
    else current.delete(match.event.issueId);
    if (line) firings.push(line);
  }
  if (firings.length > 0) await recordActivity(tx, firings);
}

/**
 * Runs a firing rule's actions in order; resolves to the firing's trail line, with each step's outcome (none
 * when every step was found already done), and the issue's facts after them when they are still known.
 */
async function fire(
  deps: Deps,
  tx: Executor,
  { event, rule }: Match,
  now: Date,
  known: RuleFacts | undefined,
): Promise<{ line: NewActivity | null; factsNow: RuleFacts | undefined }> {
  const actor: Actor & { automation: NonNullable<Actor['automation']> } = {
    organizationId: event.organizationId,
    userId: null,
    canChangeStatus: true,
    automation: {
      source: 'rule',
      id: rule.id,
      name: rule.name,
      chain: { depth: (event.chain?.depth ?? 0) + 1, ruleIds: [...(event.chain?.ruleIds ?? []), rule.id] },
    },
  };
  const steps: StepResult[] = [];
  let facts = known;
  let skipped = 0;
  for (const action of rule.actions) {
    if (facts && changesNothing(action, facts)) {
      steps.push({ type: action.type, ok: true, code: null });
      skipped += 1;
      continue;
    }
    const step = await runStep(deps, tx, actor, event.issueId, action, now);
    steps.push(step);
    facts = facts && step.ok ? factsAfter(action, facts) : undefined;
  }
  // A firing that found everything already done leaves no line: a rule tagging every message of a
  // conversation would otherwise fill its trail (the firing is still counted).
  if (skipped === steps.length) return { line: null, factsNow: facts };
  const line: NewActivity = {
    organizationId: event.organizationId,
    issueId: event.issueId,
    actorUserId: null,
    kind: 'rule_fired',
    data: { automation: { source: 'rule', id: rule.id, name: rule.name, steps }, trigger: event.trigger },
    createdAt: now,
  };
  return { line, factsNow: facts };
}

/** What the conditions of the waiting rules read of their issues, in one query. */
async function factsOf(tx: Executor, waiting: Array<{ event: RuleEvent; rules: repo.RuleRow[] }>, now: Date) {
  const reads = (type: string) =>
    waiting.some(({ rules }) => rules.some((r) => r.conditions.some((c) => c.type === type)));
  const needsLatestText = waiting.some(
    ({ event, rules }) =>
      event.messageText === undefined &&
      rules.some((r) => r.conditions.some((c) => c.type === 'message_text')),
  );
  const rows = await repo.issueFacts(
    tx,
    [...new Set(waiting.map(({ event }) => event.issueId))],
    needsLatestText,
  );
  const readsHours = reads('business_hours');
  const facts = new Map<number, RuleFacts>();
  for (const row of rows) {
    const withinBusinessHours = readsHours
      ? isWorkingTime(now.getTime(), await calendarOf(tx, row.organization_id, row.channel_id))
      : true;
    facts.set(Number(row.id), factsFromRow(row, withinBusinessHours));
  }
  return facts;
}

export function factsFromRow(row: repo.IssueFactsRow, withinBusinessHours: boolean): RuleFacts {
  return {
    channelId: row.channel_id,
    teamId: row.team_id,
    status: row.status,
    tagIds: row.tag_ids ?? [],
    contact: {
      name: row.name,
      email: row.email,
      mobileNumber: row.mobileNumber,
      province: row.province,
      gender: row.gender,
    },
    messageText: row.latest_text,
    withinBusinessHours,
    firstIssue: row.first_issue,
  };
}
