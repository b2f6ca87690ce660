// Rules of the agent workspace that are not status transitions: who may change status, how many days are
// left to answer a Messenger or Instagram customer, and the inbox's filter and sort vocabulary.
import type { ChannelType } from './channel-type';
import { assertNever } from './exhaustive';
import { ISSUE_STATUSES, type IssueStatus } from './issue-status';
import { SOCIAL_REPLY_WINDOW_DAYS } from './limits';
import type { RoleName } from './permissions';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Staff cannot change an issue's status: they ask the team's manager, who closes it. */
export function canChangeIssueStatus(roleName: RoleName): boolean {
  return roleName !== 'Staff';
}

/**
 * When Meta stops accepting replies: 7 days after the customer's last message (HUMAN_AGENT tag). LINE has
 * no window (null); neither has an issue whose customer never wrote.
 */
export function replyDeadline(
  channelType: ChannelType,
  lastCustomerMessageAt: Date | string | null,
): Date | null {
  switch (channelType) {
    case 'line':
      return null;
    case 'facebook':
    case 'instagram':
      return lastCustomerMessageAt === null
        ? null
        : new Date(new Date(lastCustomerMessageAt).getTime() + SOCIAL_REPLY_WINDOW_DAYS * DAY_MS);
    default:
      return assertNever(channelType);
  }
}

/**
 * Whole days left to respond, counting a started day as a day: 6.2 days
 * left shows 7, an hour left shows 1, and 0 means the window has closed. Null when there is no window.
 */
export function daysLeftToRespond(deadline: Date | null, now: Date | number): number | null {
  if (!deadline) return null;
  const left = deadline.getTime() - new Date(now).getTime();
  return left > 0 ? Math.ceil(left / DAY_MS) : 0;
}

/** Inbox orders: last response (default, newest first), start date, status, days left. */
export const ISSUE_SORTS = ['lastResponse', 'startDate', 'status', 'daysLeft', 'slaDue'] as const;
export type IssueSort = (typeof ISSUE_SORTS)[number];

/**
 * The filter key `time`: a preset period of the issue's last activity. Start and end date filter
 * the start date instead (docs/decisions/inbox-and-issues.md "Filter keys").
 */
export const ISSUE_TIME_FILTERS = ['today', 'yesterday', 'last7Days', 'last30Days'] as const;
export type IssueTimeFilter = (typeof ISSUE_TIME_FILTERS)[number];

/** The statuses as columns of the kanban: every status, in pipeline order (resolved and transferred too). */
export const KANBAN_STATUSES: readonly IssueStatus[] = ISSUE_STATUSES;

/** Whether a kanban card may be dropped on the column: a transfer needs a target team, chosen in the issue. */
export function isKanbanDropTarget(status: IssueStatus): boolean {
  return status !== 'transferred';
}
