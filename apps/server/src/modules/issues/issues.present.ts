// Issue rows as the API shows them.
import type {
  AutomationTrace,
  IssueActivity,
  IssueCsat,
  IssueDetail,
  IssueHistory,
  IssueListItem,
} from '@sabai/contracts';
import { daysLeftToRespond, isFinalStatus, isOldSocialIssue, metaInboxLink } from '@sabai/domain';
import type { FileLinks } from '../../platform/file-links';
import { profilePathOf } from '../auth';
import { displayNameOf } from '../people';
import type { ActivityRow, HistoryRow, IssueRow, TrailPerson } from './issues.list';

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentListItem(row: IssueRow, now: Date, links: FileLinks): IssueListItem {
  return {
    id: Number(row.id),
    kind: row.kind,
    status: row.status,
    channel: { id: row.channel_id, name: row.channel_name, type: row.channel_type },
    contact: { id: row.contact_id, displayName: row.contact_display_name, pictureUrl: row.contact_picture },
    team: row.team_id ? { id: row.team_id, name: row.team_name ?? '' } : null,
    assignee: row.assignee_id
      ? {
          id: row.assignee_id,
          displayName: displayNameOf({
            firstName: row.assignee_first_name ?? '',
            lastName: row.assignee_last_name ?? '',
            username: row.assignee_username ?? '',
          }),
          profilePath: profilePathOf(links, row.assignee_avatar),
          ...(row.assignee_deleted ? { deleted: true as const } : {}),
        }
      : null,
    tags: row.tags ?? [],
    lastMessage: row.last_kind
      ? { text: row.last_text, kind: row.last_kind, senderType: row.last_sender ?? 'customer' }
      : null,
    unreadCount: row.unread_count,
    startDate: iso(row.start_date),
    lastResponseAt: iso(row.last_response_at),
    daysLeft: daysLeftToRespond(row.reply_deadline_at ? new Date(row.reply_deadline_at) : null, now),
    isOld: isOldSocialIssue(row.channel_type, row.start_date, now),
    // The request is answered once the issue is closed (or transferred): its tag goes with it.
    closeRequested: row.close_requested_at !== null && !isFinalStatus(row.status),
    sla:
      row.sla_target && row.sla_due_at && row.sla_warn_at
        ? { target: row.sla_target, dueAt: iso(row.sla_due_at), warnAt: iso(row.sla_warn_at) }
        : null,
  };
}

/**
 * What the detail adds beyond the row: the transfer's new issue, and the caller's own view of it (`viewOnly`:
 * they read it only because it was handed over to them).
 */
export type DetailExtras = {
  transferredToIssueId: number | null;
  muted: boolean;
  mayTake: boolean;
  viewOnly: boolean;
  customerBlocked: boolean;
  chatInStandby: boolean;
  groupChat: 'group' | 'room' | null;
  csat: IssueCsat | null;
};

export function presentDetail(
  row: IssueRow,
  now: Date,
  links: FileLinks,
  {
    transferredToIssueId,
    muted,
    mayTake,
    viewOnly,
    customerBlocked,
    chatInStandby,
    groupChat,
    csat,
  }: DetailExtras,
): IssueDetail {
  const item = presentListItem(row, now, links);
  return {
    ...item,
    contact: {
      id: row.contact_id,
      displayName: row.contact_display_name,
      name: row.contact_name,
      email: row.contact_email,
      mobileNumber: row.contact_mobile,
      pictureUrl: row.contact_picture,
    },
    note: row.note,
    adId: row.ad_id,
    transferredFromIssueId: row.transferred_from_issue_id,
    transferredToIssueId,
    replyLockedInboxUrl:
      item.daysLeft === 0 && row.channel_type !== 'line'
        ? metaInboxLink(row.channel_type, row.channel_page_id ?? row.channel_external_id)
        : null,
    muted,
    mayTake,
    viewOnly,
    customerBlocked,
    chatInStandby,
    groupChat,
    postId: row.post_id,
    csat,
  };
}

export function presentHistory(rows: HistoryRow[], transferredFromIssueId: number | null): IssueHistory {
  return rows.map((r) => ({
    issueId: Number(r.issue_id),
    channelId: r.channel_id,
    channelType: r.channel_type,
    channelName: r.channel_name,
    status: r.status,
    startDate: iso(r.start_date),
    lastMessage: r.last_text,
    isTransferredFrom: Number(r.issue_id) === transferredFromIssueId,
  }));
}

/**
 * One line of the trail. Each kind shows what it is about: `assigned` the agent given the issue (none: back
 * to the team's queue), who had it, and the team when the assignment moved it to another; `transferred` the
 * team and the issue it opened; `tag_*` the tag.
 */
export function presentActivity(row: ActivityRow): IssueActivity {
  const assigned = row.kind === 'assigned';
  const transferred = row.kind === 'transferred';
  const tagged = row.kind === 'tag_added' || row.kind === 'tag_removed';
  return {
    id: Number(row.id),
    kind: row.kind,
    at: iso(row.created_at),
    actor: trailPerson(row.actor),
    fromStatus: row.from_status,
    toStatus: row.to_status,
    agent: assigned ? trailPerson(row.agent) : null,
    previousAgent: assigned ? trailPerson(row.previous_agent) : null,
    team:
      ((assigned && row.team_changed) || transferred) && row.team_id
        ? { id: row.team_id, name: row.team_name ?? '' }
        : null,
    tag:
      tagged && row.tag_id
        ? { id: row.tag_id, name: row.tag_name ?? '', colour: row.tag_colour ?? '' }
        : null,
    relatedIssueId: transferred && row.to_issue_id !== null ? Number(row.to_issue_id) : null,
    csat:
      row.kind === 'csat_rated' || row.kind === 'csat_commented'
        ? {
            rating: row.csat_rating === null ? null : Number(row.csat_rating),
            comment: row.csat_comment,
          }
        : null,
    automation: presentTrace(row.automation),
    chatEvent: row.kind === 'chat_event' ? row.chat_event : null,
  };
}

/** A stored trace as the trail shows it: the firing's own line lists its steps, the changes it made do not. */
function presentTrace(t: AutomationTrace | null): AutomationTrace | null {
  if (!t) return null;
  return { source: t.source, id: t.id, name: t.name, steps: t.steps ?? null };
}

const trailPerson = (p: TrailPerson) => (p ? { id: p.id, displayName: displayNameOf(p) } : null);
