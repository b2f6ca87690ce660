import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { IssueActivity } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { assertNever } from '@sabai/domain';
import { TextWithNames } from '../../../components/text-with-names';
import { stepsText } from '../utils/automation-steps';
import { clockTime } from '../utils/time';

/** One change of the issue in its conversation: a small centred line with what happened and when. */
export function ActivityLine({ activity }: { activity: IssueActivity }) {
  const { t } = useTranslation();
  const { key, names, values, actorKey } = describe(activity, t);
  return (
    <div
      className="activity-line"
      data-testid="activity-line"
      data-kind={activity.kind}
      data-automation={activity.automation?.source}
    >
      <span className="activity-line__text">
        <TextWithNames
          sentence={(slots) =>
            t(key, {
              ...values,
              ...slots,
              // Made by a rule: the rule, named, stands where a person's name would.
              ...(actorKey ? { actor: t(actorKey, { rule: slots.rule }) } : {}),
            })
          }
          names={names}
        />
      </span>
      <time className="activity-line__time" dateTime={activity.at}>
        {clockTime(activity.at)}
      </time>
    </div>
  );
}

type TrailKey = Extract<TranslationKey, `inbox.trail.${string}`>;

type Described = {
  key: TrailKey;
  names: Record<string, string>;
  values?: Record<string, string | number>;
  /** The sentence's actor is a rule or macro, named `rule` among the names, worded by this text. */
  actorKey?: TrailKey;
};

/** The sentence of an activity: which text, the names in it, and its other values. */
function describe(a: IssueActivity, t: TFunction): Described {
  const trace = a.automation;
  // A rule's firing and a macro's run have lines of their own; the changes they made name them as the actor.
  if (a.kind === 'rule_fired' || a.kind === 'macro_run') return describeRun(a, t);
  const described = describePerson(a, t);
  if (a.actor !== null || trace === null || !('actor' in described.names)) return described;
  const { actor: _system, ...names } = described.names;
  return {
    ...described,
    names: { ...names, rule: trace.name },
    actorKey: trace.source === 'rule' ? 'inbox.trail.ruleActor' : 'inbox.trail.macroActor',
  };
}

/** "Rule “VIP to Wholesale” ran: assign team, add tag"; "Malee ran macro “Refund”: …". */
function describeRun(a: IssueActivity, t: TFunction): Described {
  const steps = stepsText(t, a.automation?.steps ?? null);
  const name = a.automation?.name ?? '';
  if (a.kind === 'rule_fired')
    return steps
      ? { key: 'inbox.trail.ruleFired', names: { rule: name }, values: { steps } }
      : { key: 'inbox.trail.ruleFiredBare', names: { rule: name } };
  const actor = a.actor?.displayName ?? t('inbox.trail.someone');
  return steps
    ? { key: 'inbox.trail.macroRun', names: { actor, macro: name }, values: { steps } }
    : { key: 'inbox.trail.macroRunBare', names: { actor, macro: name } };
}

/** "Khun Mai, a member joined the chat": the members' names are shown as names are, isolated. */
function describeChatEvent(a: IssueActivity, t: TFunction): Described {
  const chat = a.chatEvent;
  if (!chat) return { key: 'inbox.trail.someone', names: {} };
  const members = chat.members.map((name) => name ?? t('inbox.trail.aMember')).join(', ');
  return {
    key: `inbox.trail.chat.${chat.event}`,
    names: chat.members.length > 0 ? { members } : {},
    values: { detail: chat.detail ?? '' },
  };
}

/** The sentence of a change with its actor (a person, or the system when there is none). */
function describePerson(a: IssueActivity, t: TFunction): Described {
  const actor = a.actor?.displayName ?? t('inbox.trail.someone');
  // A rule's assignment has an actor to name (the rule), unlike the automatic assignment.
  const isAutomatic = !a.actor && !a.automation;
  switch (a.kind) {
    case 'assigned':
      // To another team's queue, no agent yet (a transfer of team, by a person or a rule).
      if (!a.agent && a.team) return { key: 'inbox.trail.movedToTeam', names: { actor, team: a.team.name } };
      if (!a.agent) return { key: 'inbox.trail.unassigned', names: { actor } };
      if (isAutomatic) return { key: 'inbox.trail.assignedAuto', names: { agent: a.agent.displayName } };
      if (!a.actor) return { key: 'inbox.trail.assigned', names: { actor, agent: a.agent.displayName } };
      if (a.actor.id === a.agent.id) return { key: 'inbox.trail.took', names: { actor } };
      if (a.previousAgent && a.previousAgent.id !== a.agent.id)
        return {
          key: 'inbox.trail.reassigned',
          names: { actor, previous: a.previousAgent.displayName, agent: a.agent.displayName },
        };
      return { key: 'inbox.trail.assigned', names: { actor, agent: a.agent.displayName } };
    case 'status':
      return {
        key: 'inbox.trail.status',
        names: { actor },
        values: {
          from: a.fromStatus ? t(`issue.status.${a.fromStatus}`) : '',
          to: a.toStatus ? t(`issue.status.${a.toStatus}`) : '',
        },
      };
    case 'transferred':
      return {
        key: 'inbox.trail.transferred',
        names: { actor, team: a.team?.name ?? '' },
        values: { id: a.relatedIssueId ?? '' },
      };
    case 'note':
      return { key: 'inbox.trail.note', names: { actor } };
    case 'close_requested':
      return { key: 'inbox.trail.closeRequested', names: { actor } };
    case 'tag_added':
      return { key: 'inbox.trail.tagAdded', names: { actor, tag: a.tag?.name ?? '' } };
    case 'tag_removed':
      return { key: 'inbox.trail.tagRemoved', names: { actor, tag: a.tag?.name ?? '' } };
    case 'auto_reply':
      return { key: 'inbox.trail.autoReply', names: {} };
    case 'customer_returned':
      return { key: 'inbox.trail.customerReturned', names: {} };
    // The system sent the survey; the customer rated and commented (no actor).
    case 'csat_sent':
      return { key: 'inbox.trail.csatSent', names: {} };
    case 'csat_rated':
      return { key: 'inbox.trail.csatRated', names: {}, values: { rating: a.csat?.rating ?? '' } };
    case 'csat_commented':
      // The customer's words are shown as names are: isolated, controls made visible.
      return { key: 'inbox.trail.csatCommented', names: { comment: a.csat?.comment ?? '' } };
    case 'rule_fired':
    case 'macro_run':
      return describeRun(a, t);
    case 'chat_event':
      return describeChatEvent(a, t);
    default:
      return assertNever(a.kind);
  }
}
