// The agent workspace's rules and transactions: reading issues in the caller's scope, and the
// updates (note, status), assignment (given by a lead or taken by the agent), transfer and the staff's
// request to close. Every update locks the issue row, checks the rule of packages/domain under that lock,
// writes the change with its activity (the facts reports read) and publishes the event in the same
// transaction.
import { NOTICE_TEXTS } from '@sabai/contracts';
import type {
  AssignIssue,
  AssignableTeams,
  ChatMembers,
  IssueActivity,
  IssueDetail,
  IssueFilter,
  IssueFilterOptions,
  IssueHistory,
  IssueListQuery,
  IssuePage,
  StatusCounts,
  TransferIssue,
  UpdateIssue,
} from '@sabai/contracts';
import {
  ISSUE_STATUSES,
  canChangeIssueStatus,
  checkStatusChange,
  checkTake,
  isFinalStatus,
  isTakeable,
  mayTakeIssues,
  scopeFor,
  type Scope,
} from '@sabai/domain';
import type { Deps } from '../../deps';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { Executor } from '../../platform/db';
import { publishEvent } from '../../platform/events';
import { requestAssignment } from '../assignment';
import { refreshSla } from '../sla';
import type { AuthContext } from '../../ports';
import { markIssueNotificationsRead, notify } from '../notifications';
import { organizationTimeZone } from '../organizations';
import { displayNameOf } from '../people';
import {
  changeStatus,
  giveIssue,
  notifyGiven,
  publishIssueEvent,
  type Actor,
  type LockedIssue,
} from './issues.changes';
import { decodeCursor, defaultOrder, encodeCursor } from './issues.filters';
import * as list from './issues.list';
import { presentActivity, presentDetail, presentHistory, presentListItem } from './issues.present';
import * as repo from './issues.repo';

async function callerOf(deps: Deps, auth: AuthContext, scope: Scope): Promise<list.Caller> {
  const timeZone = await organizationTimeZone(deps.db.orm, auth.organizationId);
  return { organizationId: auth.organizationId, userId: auth.userId, scope, timeZone };
}

export async function listIssues(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  q: IssueListQuery,
): Promise<IssuePage> {
  const cursor = q.cursor ? decodeCursor(q.cursor) : null;
  if (q.cursor && !cursor) throw badRequest('issue.invalid_cursor');
  const caller = await callerOf(deps, auth, scope);
  const rows = await list.listIssues(deps.db.orm, caller, {
    filter: q,
    sort: q.sort,
    order: q.order ?? defaultOrder(q.sort),
    cursor,
    limit: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const now = deps.clock.now();
  return {
    items: page.map((r) => presentListItem(r, now, deps.fileLinks)),
    nextCursor:
      rows.length > q.limit && last ? encodeCursor({ key: last.sort_key, id: Number(last.id) }) : null,
  };
}

export async function statusCounts(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  filter: IssueFilter,
): Promise<StatusCounts> {
  const rows = await list.countByStatus(deps.db.orm, await callerOf(deps, auth, scope), filter);
  if (!rows) return { counts: null, total: null };
  const counts = Object.fromEntries(
    ISSUE_STATUSES.map((s) => [s, rows.find((r) => r.status === s)?.count ?? 0]),
  ) as StatusCounts['counts'];
  return { counts, total: rows.reduce((sum, r) => sum + r.count, 0) };
}

export async function issueDetail(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  issueId: number,
): Promise<IssueDetail> {
  const found = await repo.findIssueToRead(deps.db.orm, auth.organizationId, auth.userId, scope, issueId);
  if (!found) throw notFound('issue.not_found');
  const [row, transferredTo, muted, teamIds, lineChat, csat] = await Promise.all([
    list.findIssueRow(deps.db.orm, found.issue.id),
    list.transferredTo(deps.db.orm, issueId),
    repo.isMuted(deps.db.orm, auth.userId, issueId),
    repo.teamIdsOf(deps.db.orm, auth.userId),
    repo.lineChatState(deps.db.orm, issueId),
    repo.issueSurvey(deps.db.orm, issueId),
  ]);
  if (!row) throw notFound('issue.not_found');
  return presentDetail(row, deps.clock.now(), deps.fileLinks, {
    transferredToIssueId: transferredTo,
    muted,
    mayTake: mayTakeNow(auth, row, teamIds),
    viewOnly: found.handedOver,
    ...lineChat,
    csat,
  });
}

/** Whether the caller may take the issue now (the detail's "Assign to me"); `teamIds` are the caller's teams. */
function mayTakeNow(auth: AuthContext, row: list.IssueRow, teamIds: string[]): boolean {
  const isCallersTeam = row.team_id !== null && teamIds.includes(row.team_id);
  const issue = { status: row.status, assigneeUserId: row.assignee_id, isCallersTeam };
  return mayTakeIssues(auth.role) && isTakeable(issue, auth.userId);
}

/** Mutes an issue for the caller (or not): its customer's messages bring them no notification. */
export async function setMuted(deps: Deps, auth: AuthContext, scope: Scope, issueId: number, muted: boolean) {
  const issue = await repo.findIssueInScope(deps.db.orm, auth.organizationId, auth.userId, scope, issueId);
  if (!issue) throw notFound('issue.not_found');
  await repo.setMuted(deps.db.orm, auth.userId, issueId, muted);
}

export async function issueHistory(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  issueId: number,
): Promise<IssueHistory> {
  const issue = (await repo.findIssueToRead(deps.db.orm, auth.organizationId, auth.userId, scope, issueId))
    ?.issue;
  if (!issue) throw notFound('issue.not_found');
  const caller = await callerOf(deps, auth, scope);
  const rows = await list.issueHistory(deps.db.orm, caller, { id: issue.id, contactId: issue.contactId });
  return presentHistory(rows, issue.transferredFromIssueId);
}

/** The issue's activity trail, oldest first (its latest ACTIVITY_TRAIL_LIMIT entries). */
/** The members seen in the LINE group or room the issue is the conversation of, those still in it first. */
export async function chatMembers(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  issueId: number,
): Promise<ChatMembers> {
  const found = await repo.findIssueToRead(deps.db.orm, auth.organizationId, auth.userId, scope, issueId);
  if (!found) throw notFound('issue.not_found');
  return { items: await repo.chatMembersOf(deps.db.orm, found.issue.id) };
}

export async function issueActivity(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  issueId: number,
): Promise<IssueActivity[]> {
  const found = await repo.findIssueToRead(deps.db.orm, auth.organizationId, auth.userId, scope, issueId);
  if (!found) throw notFound('issue.not_found');
  const rows = await list.activityTrail(deps.db.orm, auth.organizationId, found.issue.id);
  return rows.map(presentActivity);
}

/** Locks the caller's issue for an update; 404 outside their scope, 409 once closed or transferred. */
async function lockOpenable(tx: Executor, auth: AuthContext, scope: Scope, issueId: number) {
  const issue = await repo.lockIssueInScope(tx, auth.organizationId, auth.userId, scope, issueId);
  if (!issue) throw notFound('issue.not_found');
  if (isFinalStatus(issue.status)) throw conflict('issue.status.closed');
  return issue;
}

/** A person acting through the API: they change status as their role allows. */
const actorOf = (auth: AuthContext): Actor => ({
  organizationId: auth.organizationId,
  userId: auth.userId,
  canChangeStatus: canChangeIssueStatus(auth.roleName),
});

/** The kinds of issue update: the note, or the status under the status rules. */
export async function updateIssue(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  issueId: number,
  input: UpdateIssue,
): Promise<IssueDetail> {
  const now = deps.clock.now();
  await deps.db.orm.transaction(async (tx) => {
    const issue = await lockOpenable(tx, auth, scope, issueId);
    if (input.kind === 'note') {
      await repo.updateIssue(tx, issueId, { note: input.note, updatedAt: now });
      await repo.recordActivity(tx, {
        organizationId: auth.organizationId,
        issueId,
        actorUserId: auth.userId,
        kind: 'note',
        createdAt: now,
      });
      await publishIssueEvent(tx, 'issue.updated', issue);
      return;
    }
    await changeStatus(deps, tx, actorOf(auth), issue, input.status, now);
  });
  return issueDetail(deps, auth, scope, issueId);
}

/** Gives the issue to an agent of its team (or of another team, which moves it there). */
export async function assignIssue(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  issueId: number,
  input: AssignIssue,
): Promise<IssueDetail> {
  const now = deps.clock.now();
  await deps.db.orm.transaction(async (tx) => {
    const issue = await lockOpenable(tx, auth, scope, issueId);
    const teamId = input.teamId ?? issue.teamId;
    if (!teamId) throw badRequest('issue.team_required');
    await assertCanGive(tx, auth, scope, teamId, input.userId);
    await giveIssue(deps, tx, actorOf(auth), issue, { teamId, userId: input.userId }, now);
  });
  return issueDetail(deps, auth, scope, issueId);
}

/** The caller's issue view scope: what they may take is what it shows them (domain `checkTake`). */
const viewScopeOf = (auth: AuthContext) => scopeFor(auth.role, 'issue', 'view');

/** "Assign to me": the caller takes an un-assigned issue of their team. 404 outside their view scope. */
export async function takeIssue(deps: Deps, auth: AuthContext, issueId: number): Promise<IssueDetail> {
  const viewScope = viewScopeOf(auth);
  if (!viewScope) throw notFound('issue.not_found');
  await deps.db.orm.transaction(async (tx) => {
    // Locked, so of two callers taking it at once the second sees it taken (409 issue.already_taken).
    const issue = await repo.lockIssueInScope(tx, auth.organizationId, auth.userId, viewScope, issueId);
    if (!issue) throw notFound('issue.not_found');
    await takeLocked(deps, tx, auth, issue);
  });
  return issueDetail(deps, auth, viewScope, issueId);
}

/** "Take next": the caller takes the oldest issue they may take; 404 issue.queue_empty when there is none. */
export async function takeNextIssue(deps: Deps, auth: AuthContext): Promise<IssueDetail> {
  const viewScope = viewScopeOf(auth);
  const issueId =
    viewScope &&
    (await deps.db.orm.transaction(async (tx) => {
      const issue = await repo.lockNextToTake(tx, auth.organizationId, auth.userId, viewScope);
      if (issue) await takeLocked(deps, tx, auth, issue);
      return issue?.id ?? null;
    }));
  if (!viewScope || !issueId) throw notFound('issue.queue_empty');
  return issueDetail(deps, auth, viewScope, issueId);
}

/** Assigns the caller to a locked issue they can see, when the domain's rule lets them take it. */
async function takeLocked(deps: Deps, tx: Executor, auth: AuthContext, issue: LockedIssue) {
  const teamId = issue.teamId;
  const isCallersTeam = teamId !== null && (await repo.teamIdsOf(tx, auth.userId)).includes(teamId);
  const verdict = checkTake({ ...issue, isCallersTeam }, auth.userId);
  if (!verdict.ok) {
    throw verdict.code === 'issue.not_in_team' ? forbidden(verdict.code) : conflict(verdict.code);
  }
  // Already theirs (a second press): nothing changes. Otherwise the team is one of theirs, so it is set.
  if (verdict.isAlreadyYours || teamId === null) return;
  await giveIssue(deps, tx, actorOf(auth), issue, { teamId, userId: auth.userId }, deps.clock.now());
}

/**
 * Closes the issue as `transferred` and opens a new one for the same customer in the target team, linked
 * by transferredFromIssueId; given to the chosen agent, or to the team's automatic assignment.
 */
export async function transferIssue(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  issueId: number,
  input: TransferIssue,
): Promise<IssueDetail> {
  const now = deps.clock.now();
  const newId = await deps.db.orm.transaction(async (tx) => {
    const issue = await lockOpenable(tx, auth, scope, issueId);
    const verdict = checkStatusChange({
      from: issue.status,
      to: 'transferred',
      isAssigned: issue.assigneeUserId !== null,
      actorCanChangeStatus: canChangeIssueStatus(auth.roleName),
    });
    if (!verdict.ok) throw conflict(verdict.code);
    // Transfers may go to any team of the organisation; a chosen agent must belong to it.
    await assertCanGive(tx, auth, 'all', input.teamId, input.userId);
    const created = await repo.insertIssue(tx, {
      organizationId: issue.organizationId,
      channelId: issue.channelId,
      contactId: issue.contactId,
      contactIdentityId: issue.contactIdentityId,
      teamId: input.teamId,
      assigneeUserId: input.userId ?? null,
      status: input.userId ? 'on-going' : 'un-assigned',
      assignedAt: input.userId ? now : null,
      note: input.note ?? issue.note,
      adId: issue.adId,
      transferredFromIssueId: issue.id,
      startDate: now,
      lastResponseAt: now,
      // The customer's reply window and any unanswered wait carry over to the new issue.
      lastCustomerMessageAt: issue.lastCustomerMessageAt,
      replyDeadlineAt: issue.replyDeadlineAt,
      waitStartedAt: issue.waitStartedAt,
    });
    await repo.copyTags(tx, issue.id, created.id);
    await repo.updateIssue(tx, issue.id, { status: 'transferred', waitStartedAt: null, updatedAt: now });
    await repo.recordActivity(tx, {
      organizationId: auth.organizationId,
      issueId: issue.id,
      actorUserId: auth.userId,
      kind: 'transferred',
      fromStatus: issue.status,
      toStatus: 'transferred',
      data: { toIssueId: created.id, teamId: input.teamId, userId: input.userId ?? null },
      createdAt: now,
    });
    if (input.userId) await recordTransferAssignment(tx, auth, created, now);
    await publishIssueEvent(tx, 'issue.status_changed', { ...issue, status: 'transferred' });
    await publishIssueEvent(tx, 'issue.created', created);
    // The old issue's clocks stop; the new one's start, under the new team's policy.
    await refreshSla(tx, now, [
      { issueId: issue.id, organizationId: auth.organizationId },
      { issueId: created.id, organizationId: auth.organizationId },
    ]);
    if (input.userId) {
      if (input.userId !== auth.userId)
        await notifyGiven(tx, auth.organizationId, input.userId, created.id, now);
    } else {
      await requestAssignment(deps, tx, created.id);
    }
    return created.id;
  });
  return issueDetail(deps, auth, 'all', newId);
}

/**
 * A transfer straight to an agent opens the new issue already theirs: its trail starts with that assignment
 * (without an agent, the automatic assignment records its own).
 */
async function recordTransferAssignment(
  tx: Executor,
  auth: AuthContext,
  created: repo.ScopedIssue,
  now: Date,
) {
  await repo.recordActivity(tx, {
    organizationId: auth.organizationId,
    issueId: created.id,
    actorUserId: auth.userId,
    kind: 'assigned',
    fromStatus: 'un-assigned',
    toStatus: created.status,
    data: {
      userId: created.assigneeUserId,
      teamId: created.teamId,
      previousUserId: null,
      transferredFromIssueId: created.transferredFromIssueId,
    },
    createdAt: now,
  });
}

/** Staff cannot change status: they ask their team's manager, who is notified, to close it. */
export async function requestClose(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  issueId: number,
): Promise<IssueDetail> {
  const now = deps.clock.now();
  await deps.db.orm.transaction(async (tx) => {
    const issue = await lockOpenable(tx, auth, scope, issueId);
    if (issue.closeRequestedAt) throw conflict('issue.close_already_requested');
    const managerId = issue.teamId
      ? (await repo.teamsOf(tx, auth.organizationId)).find((t) => t.id === issue.teamId)?.managerUserId
      : null;
    if (!managerId) throw conflict('issue.no_manager');
    await repo.updateIssue(tx, issueId, { closeRequestedAt: now, updatedAt: now });
    await repo.recordActivity(tx, {
      organizationId: auth.organizationId,
      issueId,
      actorUserId: auth.userId,
      kind: 'close_requested',
      createdAt: now,
    });
    await notify(tx, {
      organizationId: auth.organizationId,
      userId: managerId,
      type: 'close_requested',
      content: NOTICE_TEXTS.closeRequested(issueId),
      issueId,
      createdAt: now,
    });
    await publishIssueEvent(tx, 'issue.updated', issue);
  });
  return issueDetail(deps, auth, scope, issueId);
}

/** The caller opened the chat: its unread marker goes. */
export async function markRead(deps: Deps, auth: AuthContext, scope: Scope, issueId: number) {
  const issue = await repo.findIssueInScope(deps.db.orm, auth.organizationId, auth.userId, scope, issueId);
  if (!issue) throw notFound('issue.not_found');
  await clearUnread(deps, auth, issue);
}

/**
 * The caller read an issue (they may see it; checked before): its unread marker goes, and so do the caller's
 * notifications of it from the bell.
 */
export async function clearUnread(deps: Deps, auth: AuthContext, issue: repo.ScopedIssue) {
  await markIssueNotificationsRead(deps.db.orm, auth, issue.id);
  if (issue.unreadCount === 0) return;
  await deps.db.orm.transaction(async (tx) => {
    await repo.updateIssue(tx, issue.id, { unreadCount: 0 });
    // Says only what changed: a client clears the badge without reading the issue again.
    await publishEvent(tx, {
      name: 'issue.updated',
      organizationId: issue.organizationId,
      data: { issueId: issue.id, fields: ['unread'] },
    });
  });
}

/** Teams with the agents an issue can be given to (assign) or sent to (transfer). */
export async function assignableTeams(deps: Deps, auth: AuthContext): Promise<AssignableTeams> {
  const [teams, people] = await Promise.all([
    repo.teamsOf(deps.db.orm, auth.organizationId),
    repo.teamPeople(deps.db.orm, auth.organizationId),
  ]);
  return teams.map((t) => ({
    id: t.id,
    name: t.name,
    members: people
      .filter((p) => p.team_id === t.id)
      .map((p) => ({
        id: p.user_id,
        displayName: displayNameOf({ firstName: p.first_name, lastName: p.last_name, username: p.username }),
      })),
  }));
}

/**
 * The agent must be an active member or the manager of the team; with scope myTeam the team must be one
 * the caller manages or belongs to.
 */
async function assertCanGive(
  tx: Executor,
  auth: AuthContext,
  scope: Scope,
  teamId: string,
  userId: string | undefined,
) {
  const people = await repo.teamPeople(tx, auth.organizationId);
  const teams = await repo.teamsOf(tx, auth.organizationId);
  if (!teams.some((t) => t.id === teamId)) throw badRequest('issue.team_not_found');
  if (scope === 'myTeam' && !(await repo.teamIdsOf(tx, auth.userId)).includes(teamId)) {
    throw badRequest('issue.team_not_yours');
  }
  if (userId && !people.some((p) => p.team_id === teamId && p.user_id === userId)) {
    throw badRequest('issue.assignee_not_in_team');
  }
}

/** The filter bar's choices. Everyone who sees issues may filter by any of them; results stay scoped. */
export async function filterOptions(deps: Deps, auth: AuthContext): Promise<IssueFilterOptions> {
  const [options, teams] = await Promise.all([
    repo.filterOptions(deps.db.orm, auth.organizationId),
    repo.teamsOf(deps.db.orm, auth.organizationId),
  ]);
  return {
    channels: options.channels,
    teams: teams.map((t) => ({ id: t.id, name: t.name })),
    tags: options.tags,
    agents: options.agents.map((a) => ({
      id: a.id,
      displayName: displayNameOf({ firstName: a.first_name, lastName: a.last_name, username: a.username }),
    })),
  };
}
