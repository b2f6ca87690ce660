import { useTranslation } from 'react-i18next';
import type { IssueActivity } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { assertNever } from '@sabai/domain';
import { TextWithNames } from '../../../components/text-with-names';
import { clockTime } from '../utils/time';

/** One change of the issue in its conversation: a small centred line with what happened and when. */
export function ActivityLine({ activity }: { activity: IssueActivity }) {
  const { t } = useTranslation();
  const { key, names, values } = describe(activity, t);
  return (
    <div className="activity-line" data-testid="activity-line" data-kind={activity.kind}>
      <span className="activity-line__text">
        <TextWithNames sentence={(slots) => t(key, { ...values, ...slots })} names={names} />
      </span>
      <time className="activity-line__time" dateTime={activity.at}>
        {clockTime(activity.at)}
      </time>
    </div>
  );
}

type Described = {
  key: Extract<TranslationKey, `inbox.trail.${string}`>;
  names: Record<string, string>;
  values?: Record<string, string | number>;
};

/** The sentence of an activity: which text, the names in it, and its other values. */
function describe(a: IssueActivity, t: (key: TranslationKey) => string): Described {
  const actor = a.actor?.displayName ?? t('inbox.trail.someone');
  switch (a.kind) {
    case 'assigned':
      if (!a.agent) return { key: 'inbox.trail.unassigned', names: { actor } };
      if (!a.actor) return { key: 'inbox.trail.assignedAuto', names: { agent: a.agent.displayName } };
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
    default:
      return assertNever(a.kind);
  }
}
