// Issue statuses and the rules for changing them (docs/decisions/inbox-and-issues.md "Issue statuses").
// The server enforces these; the web only reflects them.
import type { ChannelType } from './channel-type';
import { assertNever } from './exhaustive';
import { OLD_ISSUE_DAYS } from './limits';

export const ISSUE_STATUSES = [
  'un-assigned',
  'on-going',
  'waiting',
  'resolved',
  'resolved-success',
  'resolved-un-success',
  'close',
  'transferred',
] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

/**
 * What an issue's activity trail records (issue_activities.kind), shown in its chat as system lines:
 * `assigned` with no agent is an unassignment (back to the team's queue); `assigned` with no actor is the
 * automatic assignment; `customer_returned` is the customer writing again to a resolved issue; `chat_event`
 * something in the LINE chat besides a message (see ChatEventKind).
 */
export const ISSUE_ACTIVITY_KINDS = [
  'status',
  'assigned',
  'transferred',
  'note',
  'close_requested',
  'tag_added',
  'tag_removed',
  'auto_reply',
  'customer_returned',
  'csat_sent',
  'csat_rated',
  'csat_commented',
  'rule_fired',
  'macro_run',
  'chat_event',
] as const;
export type IssueActivityKind = (typeof ISSUE_ACTIVITY_KINDS)[number];

/**
 * One distinct colour per status, from the Ant Design palette, each
 * shade dark enough for WCAG AA: at least 4.5:1 as a tag's text on the light tint antd draws behind it
 * (the colour at 95% lightness) and on white.
 */
export const STATUS_COLOURS: Readonly<Record<IssueStatus, string>> = {
  'un-assigned': '#6b6b6b', // grey
  'on-going': '#0958d9', // blue
  waiting: '#965f00', // gold
  resolved: '#006d75', // cyan
  'resolved-success': '#237804', // green
  'resolved-un-success': '#c23a0a', // volcano
  close: '#434343', // dark grey
  transferred: '#722ed1', // purple
};

export type StatusFilter = { value: IssueStatus | ''; labelKey: `issue.status.${IssueStatus | 'all'}` };

/** The inbox's status filter: every status in pipeline order; the empty value means all statuses. */
export const STATUS_FILTERS: readonly StatusFilter[] = [
  { value: '', labelKey: 'issue.status.all' },
  { value: 'un-assigned', labelKey: 'issue.status.un-assigned' },
  { value: 'on-going', labelKey: 'issue.status.on-going' },
  { value: 'waiting', labelKey: 'issue.status.waiting' },
  { value: 'resolved', labelKey: 'issue.status.resolved' },
  { value: 'resolved-success', labelKey: 'issue.status.resolved-success' },
  { value: 'resolved-un-success', labelKey: 'issue.status.resolved-un-success' },
  { value: 'close', labelKey: 'issue.status.close' },
  // A transfer closes the issue as `transferred` (an un-assigned one too, docs/decisions/inbox-and-issues.md
  // "Issue statuses").
  { value: 'transferred', labelKey: 'issue.status.transferred' },
];

export type StatusChangeCode =
  | 'issue.status.unchanged'
  | 'issue.status.closed'
  | 'issue.status.not_assigned'
  | 'issue.status.staff_cannot_change'
  | 'issue.status.cannot_unassign'
  | 'issue.status.resolve_requires_on_going'
  | 'issue.status.close_requires_resolved'
  | 'issue.status.invalid_transition';

export type StatusChange = {
  from: IssueStatus;
  to: IssueStatus;
  isAssigned: boolean;
  /** False for staff, who wait for their manager. */
  actorCanChangeStatus: boolean;
};

export type StatusChangeResult = { ok: true } | { ok: false; code: StatusChangeCode };

const OPEN_STATUSES: readonly IssueStatus[] = ['un-assigned', 'on-going', 'waiting'];
const RESOLVED_STATUSES: readonly IssueStatus[] = ['resolved', 'resolved-success', 'resolved-un-success'];
/** The statuses an issue never leaves: it no longer changes. */
export const FINAL_STATUSES: readonly IssueStatus[] = ['close', 'transferred'];

/** Whether an issue in this status is still being worked on (un-assigned, on-going or waiting). */
export function isOpenStatus(status: IssueStatus): boolean {
  return OPEN_STATUSES.includes(status);
}

/** Whether the status is one of the resolved statuses. */
export function isResolvedStatus(status: IssueStatus): boolean {
  return RESOLVED_STATUSES.includes(status);
}

/** Whether the status never changes again: closed, or transferred into a new issue. */
export function isFinalStatus(status: IssueStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

const OK: StatusChangeResult = { ok: true };
const deny = (code: StatusChangeCode): StatusChangeResult => ({ ok: false, code });

/** Whether a status change is allowed, with the code of the first rule it breaks. */
export function checkStatusChange({
  from,
  to,
  isAssigned,
  actorCanChangeStatus,
}: StatusChange): StatusChangeResult {
  if (from === to) return deny('issue.status.unchanged');
  if (isFinalStatus(from)) return deny('issue.status.closed');
  // A transfer hands an open issue to another team, so it may happen before any agent is assigned.
  if (!isAssigned && to !== 'transferred') return deny('issue.status.not_assigned');
  if (!actorCanChangeStatus) return deny('issue.status.staff_cannot_change');
  return checkTarget(from, to);
}

function checkTarget(from: IssueStatus, to: IssueStatus): StatusChangeResult {
  switch (to) {
    case 'un-assigned':
      return deny('issue.status.cannot_unassign');
    case 'on-going':
      // un-assigned → on-going is the assignment itself (docs/decisions/inbox-and-issues.md "Issue statuses").
      return from === 'waiting' || from === 'un-assigned' ? OK : deny('issue.status.invalid_transition');
    case 'waiting':
      return from === 'on-going' ? OK : deny('issue.status.invalid_transition');
    case 'resolved':
    case 'resolved-success':
    case 'resolved-un-success':
      return from === 'on-going' ? OK : deny('issue.status.resolve_requires_on_going');
    case 'close':
      return isResolvedStatus(from) ? OK : deny('issue.status.close_requires_resolved');
    case 'transferred':
      return isOpenStatus(from) ? OK : deny('issue.status.invalid_transition');
    default:
      return assertNever(to);
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a facebook or instagram issue started more than 7 days ago, so Meta's reply window has likely closed. */
export function isOldSocialIssue(
  channelType: ChannelType,
  startDate: Date | string | number,
  now: Date | number,
): boolean {
  switch (channelType) {
    case 'line':
      return false;
    case 'facebook':
    case 'instagram': {
      const age = new Date(now).getTime() - new Date(startDate).getTime();
      // NaN (an unreadable date) compares false, so a bad date is never flagged.
      return age > OLD_ISSUE_DAYS * DAY_MS;
    }
    default:
      return assertNever(channelType);
  }
}
