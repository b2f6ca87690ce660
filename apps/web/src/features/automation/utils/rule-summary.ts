// A rule read as a sentence ("When the customer sends a message, if the message contains “wholesale”, then
// assign to team Wholesale and add the tag VIP."), and a test's verdicts with what the issue has. The
// sentences are phrases: translated text with names (teams, tags, people, typed words) kept apart, so the
// screen shows each name isolated as SafeText does.
import type { TFunction } from 'i18next';
import type { RuleAction, RuleTestResult, SaveAutomationRule } from '@sabai/contracts';
import type { IssueStatus, RuleCondition, RuleWhen } from '@sabai/domain';
import type { TranslationKey } from '@sabai/i18n';
import { formatMinutes } from '../../../lib/duration';

export type Segment = { text: string } | { name: string };
export type Phrase = Segment[];

export type NameKind = 'channel' | 'team' | 'tag' | 'user' | 'canned';
/** A named thing's name: known, null once it is gone, undefined while its list is being read. */
export type NameOf = (kind: NameKind, id: string) => string | null | undefined;

// Marks a phrase's place in a translated sentence; no translation contains it.
const MARK = '\u0001';
const PENDING = '…';
/** How much of a customer's message a test result quotes. */
const QUOTE_MAX = 120;

/** Joins neighbouring texts, so a phrase holds as few segments as it can. */
function compact(phrase: Phrase): Phrase {
  return phrase.reduce<Phrase>((out, segment) => {
    const last = out[out.length - 1];
    if ('text' in segment && last && 'text' in last) out[out.length - 1] = { text: last.text + segment.text };
    else if (!('text' in segment) || segment.text) out.push(segment);
    return out;
  }, []);
}

/** A translated sentence with phrases in some of its places (the others take plain values). */
export function fill(
  t: TFunction,
  key: TranslationKey,
  values: Record<string, string | number | Phrase> = {},
) {
  const phrases: Phrase[] = [];
  const plain: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) {
      plain[name] = `${MARK}${phrases.length}${MARK}`;
      phrases.push(value);
    } else plain[name] = value;
  }
  // Even parts are the sentence's own text; odd ones the index of the phrase in their place.
  const parts = (t(key, plain) as string).split(MARK);
  return compact(
    parts.flatMap((part, i) => (i % 2 === 1 ? (phrases[Number(part)] ?? []) : [{ text: part }])),
  );
}

/** The phrase as plain text (tests, accessible names). */
export const phraseText = (phrase: Phrase): string =>
  phrase.map((segment) => ('text' in segment ? segment.text : segment.name)).join('');

/** "A", "A and B", "A, B and C" (or "or"). */
export function joinList(t: TFunction, items: readonly Phrase[], word: 'and' | 'or'): Phrase {
  const last = ` ${word === 'and' ? t('automation.summary.and') : t('automation.summary.or')} `;
  return compact(
    items.flatMap((item, i) => {
      if (i === 0) return item;
      return [{ text: i === items.length - 1 ? last : ', ' }, ...item];
    }),
  );
}

function named(t: TFunction, nameOf: NameOf, kind: NameKind, id: string): Phrase {
  const name = nameOf(kind, id);
  if (name === undefined) return [{ text: PENDING }];
  return name === null ? [{ text: t('automation.summary.missing') }] : [{ name }];
}

const quoted = (word: string): Phrase => [{ text: '“' }, { name: word }, { text: '”' }];
const status = (t: TFunction, s: IssueStatus): Phrase => [{ text: t(`issue.status.${s}`) }];

/** What starts the rule, inside "When …". */
export function describeWhen(t: TFunction, when: RuleWhen): Phrase {
  switch (when.trigger) {
    case 'status_changed':
      return when.to
        ? fill(t, 'automation.when.statusChangedTo', { status: status(t, when.to) })
        : fill(t, 'automation.when.status_changed');
    case 'idle':
      return fill(t, 'automation.when.idle', {
        status: status(t, when.status),
        time: formatMinutes(t, when.minutes),
      });
    default:
      return fill(t, `automation.when.${when.trigger}`);
  }
}

const CONTACT_OPERATOR_KEYS = {
  contains: 'automation.conditions.contactContains',
  equals: 'automation.conditions.contactEquals',
  isSet: 'automation.conditions.contactIsSet',
  isNotSet: 'automation.conditions.contactIsNotSet',
} as const satisfies Record<Extract<RuleCondition, { type: 'contact' }>['operator'], TranslationKey>;

/** One condition, as it reads after "if". */
export function describeCondition(t: TFunction, c: RuleCondition, nameOf: NameOf): Phrase {
  const names = (kind: NameKind, ids: readonly string[]) =>
    joinList(
      t,
      ids.map((id) => named(t, nameOf, kind, id)),
      'or',
    );
  switch (c.type) {
    case 'channel':
      return fill(t, 'automation.conditions.channel', { names: names('channel', c.channelIds) });
    case 'team':
      return fill(t, 'automation.conditions.team', { names: names('team', c.teamIds) });
    case 'status':
      return fill(t, 'automation.conditions.status', {
        names: joinList(
          t,
          c.statuses.map((s) => status(t, s)),
          'or',
        ),
      });
    case 'tag':
      return fill(t, c.has ? 'automation.conditions.tagHas' : 'automation.conditions.tagHasNone', {
        names: names('tag', c.tagIds),
      });
    case 'contact':
      return fill(t, CONTACT_OPERATOR_KEYS[c.operator], {
        field: t(`automation.contactFields.${c.field}`),
        value: [{ name: c.value }],
      });
    case 'message_text':
      return fill(t, 'automation.conditions.messageText', {
        words: joinList(t, c.words.map(quoted), 'or'),
      });
    case 'business_hours':
      return fill(
        t,
        c.inside ? 'automation.conditions.insideBusinessHours' : 'automation.conditions.outsideBusinessHours',
      );
    case 'first_issue':
      return fill(t, c.value ? 'automation.conditions.firstIssue' : 'automation.conditions.notFirstIssue');
  }
}

/** One action, as it reads after "then". */
export function describeAction(t: TFunction, a: RuleAction, nameOf: NameOf): Phrase {
  const name = (kind: NameKind, id: string) => named(t, nameOf, kind, id);
  switch (a.type) {
    case 'assign_team':
      return fill(t, 'automation.actions.assign_team', { team: name('team', a.teamId) });
    case 'assign_agent':
      return fill(t, 'automation.actions.assign_agent', {
        agent: name('user', a.userId),
        team: name('team', a.teamId),
      });
    case 'add_tag':
    case 'remove_tag':
      return fill(t, `automation.actions.${a.type}`, { tag: name('tag', a.tagId) });
    case 'send_canned':
      return fill(t, 'automation.actions.send_canned', { canned: name('canned', a.cannedResponseId) });
    case 'set_status':
      return fill(t, 'automation.actions.set_status', { status: status(t, a.status) });
    case 'notify': {
      const people = a.userIds.map((id) => name('user', id));
      if (a.assignee) people.push([{ text: t('automation.actions.notifyAssignee') }]);
      return fill(t, 'automation.actions.notify', { people: joinList(t, people, 'and') });
    }
    case 'close_after_inactivity':
      return fill(t, 'automation.actions.close_after_inactivity', { time: formatMinutes(t, a.minutes) });
    case 'auto_assign':
    case 'add_note':
      return fill(t, `automation.actions.${a.type}`);
  }
}

/** The whole rule in one sentence: when, if (when it has conditions), then. */
export function ruleSentence(
  t: TFunction,
  rule: Pick<SaveAutomationRule, 'when' | 'conditions' | 'actions'>,
  nameOf: NameOf,
): Phrase {
  const when = describeWhen(t, rule.when);
  const actions = joinList(
    t,
    rule.actions.map((a) => describeAction(t, a, nameOf)),
    'and',
  );
  if (rule.conditions.length === 0) return fill(t, 'automation.summary.sentenceAlways', { when, actions });
  const conditions = joinList(
    t,
    rule.conditions.map((c) => describeCondition(t, c, nameOf)),
    'and',
  );
  return fill(t, 'automation.summary.sentence', { when, conditions, actions });
}

type Check = RuleTestResult['checks'][number];

/** What the issue had for a condition, as the test answered it (ids, a status, text, 'true' / 'false'). */
export function describeActual(t: TFunction, check: Check, nameOf: NameOf): Phrase {
  const nothing = [{ text: t('automation.test.nothing') }];
  const actual = check.actual;
  if (actual === null || actual === '') return nothing;
  switch (check.type) {
    case 'channel':
    case 'team':
      return named(t, nameOf, check.type, actual);
    case 'status':
      return [{ text: t(`issue.status.${actual as IssueStatus}`, { defaultValue: actual }) }];
    case 'tag':
      return joinList(
        t,
        actual.split(',').map((id) => named(t, nameOf, 'tag', id)),
        'and',
      );
    case 'message_text': {
      // Held: the word that matched; not held: the customer's latest message, which had none of them.
      if (check.holds) return fill(t, 'automation.test.matchedWord', { text: [{ name: actual }] });
      const quote = actual.length > QUOTE_MAX ? `${actual.slice(0, QUOTE_MAX)}…` : actual;
      return fill(t, 'automation.test.latestMessage', { text: [{ name: quote }] });
    }
    case 'business_hours':
      return [
        { text: t(actual === 'true' ? 'automation.test.insideHours' : 'automation.test.outsideHours') },
      ];
    case 'first_issue':
      return [{ text: t(actual === 'true' ? 'automation.test.isFirst' : 'automation.test.isNotFirst') }];
    default:
      return [{ name: actual }];
  }
}
