import { z } from 'zod';
import { csvList, queryFlag } from './common';
import { ISSUE_KINDS } from './comments';
import { IssueCsatSchema } from './csat';
import { IssueSlaSchema } from './sla';
import { AutomationTraceSchema } from './automation';
import {
  CHANNEL_TYPES,
  CHAT_EVENT_KINDS,
  ISSUE_ACTIVITY_KINDS,
  ISSUE_SORTS,
  ISSUE_STATUSES,
  ISSUE_TIME_FILTERS,
} from '@sabai/domain';

/** Issues per status in the caller's scope. */
/** Issues per status; both null when a search matched too many issues to count in time (no numbers shown). */
export const StatusCountsSchema = z.object({
  counts: z.record(z.enum(ISSUE_STATUSES), z.number()).nullable(),
  total: z.number().nullable(),
});
export type StatusCounts = z.infer<typeof StatusCountsSchema>;

// The agent workspace: list with its filter keys, detail, history and updates.

/** The list's filter keys: channel, team, status (empty = all), myIssue, time, search, tag, dates, agent. */
export const IssueFilterSchema = z.object({
  channel: csvList(z.uuid()).optional(),
  team: csvList(z.uuid()).optional(),
  status: z.union([z.enum(ISSUE_STATUSES), z.literal('')]).optional(),
  myIssue: queryFlag.optional(),
  time: z.enum(ISSUE_TIME_FILTERS).optional(),
  search: z.string().trim().max(100).optional(),
  tag: csvList(z.uuid()).optional(),
  /** Start date range, inclusive days (yyyy-mm-dd) in the organisation's time zone. */
  startDate: z.iso.date().optional(),
  endDate: z.iso.date().optional(),
  /** Assignee user ids; `none` for issues nobody has. */
  agent: csvList(z.union([z.uuid(), z.literal('none')])).optional(),
  /** Conversations, comments, or both when absent. */
  kind: z.enum(ISSUE_KINDS).optional(),
});
export type IssueFilter = z.infer<typeof IssueFilterSchema>;

export const IssueListQuerySchema = IssueFilterSchema.extend({
  sort: z.enum(ISSUE_SORTS).default('lastResponse'),
  order: z.enum(['asc', 'desc']).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type IssueListQuery = z.infer<typeof IssueListQuerySchema>;

const Named = z.object({ id: z.string(), name: z.string() });

export const IssueListItemSchema = z.object({
  id: z.number(),
  kind: z.enum(ISSUE_KINDS),
  status: z.enum(ISSUE_STATUSES),
  channel: z.object({ id: z.string(), name: z.string(), type: z.enum(CHANNEL_TYPES) }),
  contact: z.object({ id: z.string(), displayName: z.string(), pictureUrl: z.string().nullable() }),
  team: Named.nullable(),
  assignee: z
    .object({
      id: z.string(),
      displayName: z.string(),
      profilePath: z.string().nullable(),
      /** Deleted from the organisation: shown as "Name (deleted)". */
      deleted: z.literal(true).optional(),
    })
    .nullable(),
  tags: z.array(z.object({ id: z.string(), name: z.string(), colour: z.string() })),
  lastMessage: z.object({ text: z.string().nullable(), kind: z.string(), senderType: z.string() }).nullable(),
  unreadCount: z.number(),
  startDate: z.string(),
  lastResponseAt: z.string(),
  /** Whole days left to answer on Messenger or Instagram (0 = window closed); null on LINE. */
  daysLeft: z.number().nullable(),
  /** A Messenger or Instagram issue started more than 7 days ago. */
  isOld: z.boolean(),
  closeRequested: z.boolean(),
  /** The service level clock due first while the issue is open under a policy. */
  sla: IssueSlaSchema.nullable(),
});
export type IssueListItem = z.infer<typeof IssueListItemSchema>;

export const IssuePageSchema = z.object({
  items: z.array(IssueListItemSchema),
  nextCursor: z.string().nullable(),
});
export type IssuePage = z.infer<typeof IssuePageSchema>;

export const IssueDetailSchema = IssueListItemSchema.extend({
  contact: z.object({
    id: z.string(),
    displayName: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    mobileNumber: z.string().nullable(),
    pictureUrl: z.string().nullable(),
  }),
  note: z.string(),
  adId: z.string().nullable(),
  transferredFromIssueId: z.number().nullable(),
  /** The issue this one was transferred into, when it was. */
  transferredToIssueId: z.number().nullable(),
  /** Past Meta's 7 days: the Business Suite inbox to answer from. */
  replyLockedInboxUrl: z.string().nullable(),
  /** The caller muted the issue: its customer's messages bring them no notification. */
  muted: z.boolean(),
  /** The caller may take it for themselves now ("Assign to me": domain `checkTake`). */
  mayTake: z.boolean(),
  /** The caller reads it because it was handed over to them (a transfer): no change allowed. */
  viewOnly: z.boolean(),
  /** LINE: the customer blocked the account; replies cannot reach them until they add it again. */
  customerBlocked: z.boolean(),
  /**
   * LINE: another module (a chatbot service added to the account) controls the chat; nothing can be sent to
   * the customer until it hands the chat back.
   */
  chatInStandby: z.boolean(),
  /** LINE: the issue is the conversation of a group or a multi-person chat (room); null for a 1:1 chat. */
  groupChat: z.enum(['group', 'room']).nullable(),
  /** A comment issue's post (GET /posts/:id), shown above the thread. */
  postId: z.string().nullable(),
  /** The satisfaction survey this issue sent, and the customer's rating and comment once given. */
  csat: IssueCsatSchema.nullable(),
});
export type IssueDetail = z.infer<typeof IssueDetailSchema>;

/** The contact's other issues, newest first. */
export const IssueHistorySchema = z.array(
  z.object({
    issueId: z.number(),
    channelId: z.string(),
    channelType: z.enum(CHANNEL_TYPES),
    channelName: z.string(),
    status: z.enum(ISSUE_STATUSES),
    startDate: z.string(),
    lastMessage: z.string().nullable(),
    isTransferredFrom: z.boolean(),
  }),
);
export type IssueHistory = z.infer<typeof IssueHistorySchema>;

/**
 * One line of an issue's activity trail (oldest first), shown in its chat between the messages. `actor` is
 * who did it (null: the system — automatic assignment, automatic reply — or the customer); `agent` the
 * agent given the issue or taken from it (`assigned`; null agent: back to the team's queue); `previousAgent`
 * who had it before; `team` the team it went to (`assigned` with a team change, `transferred`); `tag` the
 * tag added or removed; `relatedIssueId` the issue a transfer opened.
 */
export const IssueActivitySchema = z.object({
  id: z.number(),
  kind: z.enum(ISSUE_ACTIVITY_KINDS),
  at: z.string(),
  actor: z.object({ id: z.string(), displayName: z.string() }).nullable(),
  fromStatus: z.enum(ISSUE_STATUSES).nullable(),
  toStatus: z.enum(ISSUE_STATUSES).nullable(),
  agent: z.object({ id: z.string(), displayName: z.string() }).nullable(),
  previousAgent: z.object({ id: z.string(), displayName: z.string() }).nullable(),
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
  tag: z.object({ id: z.string(), name: z.string(), colour: z.string() }).nullable(),
  relatedIssueId: z.number().nullable(),
  /** `csat_rated`: the rating (1–5); `csat_commented`: the customer's comment. */
  csat: z.object({ rating: z.number().nullable(), comment: z.string().nullable() }).nullable(),
  /** Made by an automation rule or a macro (then `actor` is null, or the agent who ran the macro). */
  automation: AutomationTraceSchema.nullable(),
  /**
   * `chat_event`: what happened in the LINE chat, the members it names (their names, null while LINE has not
   * given one) and what it names besides (the beacon, membership or video id).
   */
  chatEvent: z
    .object({
      event: z.enum(CHAT_EVENT_KINDS),
      members: z.array(z.string().nullable()),
      detail: z.string().nullable(),
    })
    .nullable(),
});
export type IssueActivity = z.infer<typeof IssueActivitySchema>;

/** A member seen in a LINE group or room: who wrote in it or joined it, and whether they are still in it. */
export const ChatMemberSchema = z.object({
  userId: z.string(),
  displayName: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  hasLeft: z.boolean(),
});
export type ChatMember = z.infer<typeof ChatMemberSchema>;
export const ChatMembersSchema = z.object({ items: z.array(ChatMemberSchema) });
export type ChatMembers = z.infer<typeof ChatMembersSchema>;
export const IssueActivityTrailSchema = z.array(IssueActivitySchema);

/** The kinds of issue update: note, status. */
export const UpdateIssueSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('note'), note: z.string().max(2000) }),
  z.object({ kind: z.literal('status'), status: z.enum(ISSUE_STATUSES) }),
]);
export type UpdateIssue = z.infer<typeof UpdateIssueSchema>;

/** Assign or re-assign: an agent (of the team), and optionally another team. */
export const AssignIssueSchema = z.object({ userId: z.uuid(), teamId: z.uuid().optional() });
export type AssignIssue = z.infer<typeof AssignIssueSchema>;

/** Transfer to another team (auto-assigned there) or straight to one of its agents. */
export const TransferIssueSchema = z.object({
  teamId: z.uuid(),
  userId: z.uuid().optional(),
  note: z.string().max(2000).optional(),
});
export type TransferIssue = z.infer<typeof TransferIssueSchema>;

/** Agents an issue can be given to: members and managers of each team the caller may assign within. */
export const AssignableTeamsSchema = z.array(
  Named.extend({ members: z.array(z.object({ id: z.string(), displayName: z.string() })) }),
);
export type AssignableTeams = z.infer<typeof AssignableTeamsSchema>;

/** What the inbox's filter bar offers: the organisation's channels, teams, tags and agents. */
export const IssueFilterOptionsSchema = z.object({
  channels: z.array(Named.extend({ type: z.enum(CHANNEL_TYPES) })),
  teams: z.array(Named),
  tags: z.array(Named.extend({ colour: z.string() })),
  agents: z.array(z.object({ id: z.string(), displayName: z.string() })),
});
export type IssueFilterOptions = z.infer<typeof IssueFilterOptionsSchema>;
