// Members' availability and time off (the team's manager receives the members' leave
// requests). Coming online hands out the waiting issues of the member's auto teams.
import { formatDateTime, scopeFor, type Scope } from '@sabai/domain';
import {
  NOTICE_TEXTS,
  type AvailabilityState,
  type Page,
  type RequestTimeOff,
  type TimeOffRequest,
} from '@sabai/contracts';
import type { Deps } from '../../deps';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { requestBacklogHandOut } from '../assignment';
import type { AuthContext } from '../../ports';
import { notify } from '../notifications';
import { organizationTimeZone } from '../organizations';
import { displayNameOf, presentPerson } from '../people';
import * as repo from './teams.repo';

type TimeOffQuery = Parameters<typeof repo.listTimeOff>[2];

export async function getAvailability(deps: Deps, auth: AuthContext): Promise<AvailabilityState> {
  const row = await repo.findAvailability(deps.db.orm, auth.organizationId, auth.userId, deps.clock.now());
  // A super admin switched into an organisation they do not belong to: a neutral state, not an error.
  if (!row) return { availability: 'offline', isOnTimeOff: false, isMember: false };
  return {
    availability: row.availability === 'online' ? 'online' : 'offline',
    isOnTimeOff: Boolean(row.isOnTimeOff),
    isMember: true,
  };
}

/** Sets the caller online or offline; coming online hands out the backlog of their auto-assigned teams. */
export async function setAvailability(
  deps: Deps,
  auth: AuthContext,
  availability: 'online' | 'offline',
): Promise<AvailabilityState> {
  await deps.db.orm.transaction(async (tx) => {
    await repo.setAvailability(tx, auth.organizationId, auth.userId, availability);
    if (availability !== 'online') return;
    for (const teamId of await repo.autoTeamsOf(tx, auth.organizationId, auth.userId)) {
      await requestBacklogHandOut(deps, tx, teamId);
    }
  });
  return getAvailability(deps, auth);
}

/** A leave request of the caller, sent to the manager of their team (a notification row and event). */
export async function requestTimeOff(
  deps: Deps,
  auth: AuthContext,
  input: RequestTimeOff,
): Promise<TimeOffRequest> {
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  if (endsAt <= startsAt) throw badRequest('time_off.end_before_start', 'The end must be after the start.');
  if (endsAt <= deps.clock.now()) throw badRequest('time_off.in_past', 'The time off has already ended.');
  const teams = await repo.teamsOfMember(deps.db.orm, auth.organizationId, auth.userId);
  const team = input.teamId ? teams.find((t) => t.id === input.teamId) : teams[0];
  if (!team) {
    throw input.teamId
      ? badRequest('team.not_found', 'Team not found.')
      : conflict('time_off.no_team', 'You are not a member of a team: there is no manager to ask.');
  }
  const timeZone = await organizationTimeZone(deps.db.orm, auth.organizationId);
  const requester = await repo.findPerson(deps.db.orm, auth.userId);
  const id = await deps.db.orm.transaction(async (tx) => {
    const requestId = await repo.insertTimeOff(tx, {
      organizationId: auth.organizationId,
      userId: auth.userId,
      teamId: team.id,
      startsAt,
      endsAt,
      reason: input.reason,
      createdAt: deps.clock.now(),
    });
    if (team.managerUserId && team.managerUserId !== auth.userId) {
      const name = requester ? displayNameOf(requester) : 'A member';
      const period = `${formatDateTime(startsAt, timeZone)} – ${formatDateTime(endsAt, timeZone)}`;
      await notify(tx, {
        organizationId: auth.organizationId,
        userId: team.managerUserId,
        type: 'leave_request',
        content: NOTICE_TEXTS.timeOffRequested(name, team.name, period, input.reason ?? null),
      });
    }
    return requestId;
  });
  return findPresented(deps, auth, { managedOnly: false, ownOnly: true }, id);
}

export async function listMyTimeOff(deps: Deps, auth: AuthContext, q: TimeOffQuery) {
  return list(deps, auth, { managedOnly: false, ownOnly: true }, q);
}

/** Withdraws one of the caller's pending requests. */
export async function withdrawTimeOff(deps: Deps, auth: AuthContext, id: string) {
  if (!(await repo.deletePendingTimeOff(deps.db.orm, auth.organizationId, auth.userId, id))) {
    throw notFound('time_off.not_found');
  }
}

/** Requests a manager decides: everyone's with scope all, their teams' members' with myTeam. */
export async function listTimeOff(deps: Deps, auth: AuthContext, scope: Scope, q: TimeOffQuery) {
  return list(deps, auth, { managedOnly: scope !== 'all' }, q);
}

/** Approves or declines a pending request (manager of the requester's team, or scope all) and tells the requester. */
export async function decideTimeOff(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  id: string,
  decision: 'approved' | 'declined',
): Promise<TimeOffRequest> {
  const filter = { managedOnly: scope !== 'all' };
  const row = await repo.findTimeOff(deps.db.orm, filterOf(auth, filter), id);
  if (!row) throw notFound('time_off.not_found');
  if (row.userId === auth.userId)
    throw forbidden('time_off.own_request', 'You cannot decide your own request.');
  const timeZone = await organizationTimeZone(deps.db.orm, auth.organizationId);
  await deps.db.orm.transaction(async (tx) => {
    if (!(await repo.decideTimeOff(tx, id, decision, auth.userId, deps.clock.now()))) {
      throw conflict('time_off.already_decided', 'This request has already been decided.');
    }
    const period = `${formatDateTime(row.startsAt, timeZone)} – ${formatDateTime(row.endsAt, timeZone)}`;
    await notify(tx, {
      organizationId: auth.organizationId,
      userId: row.userId,
      type: decision === 'approved' ? 'leave_approved' : 'leave_declined',
      content: NOTICE_TEXTS.timeOffDecided(period, decision),
    });
  });
  return findPresented(deps, auth, filter, id);
}

const filterOf = (auth: AuthContext, f: { managedOnly: boolean; ownOnly?: boolean }): repo.TimeOffFilter => ({
  organizationId: auth.organizationId,
  callerId: auth.userId,
  ...f,
});

async function list(
  deps: Deps,
  auth: AuthContext,
  f: { managedOnly: boolean; ownOnly?: boolean },
  q: TimeOffQuery,
): Promise<Page<TimeOffRequest>> {
  const { rows, total } = await repo.listTimeOff(deps.db.orm, filterOf(auth, f), q);
  return { items: rows.map((r) => present(deps, auth, r)), total, page: q.page, pageSize: q.pageSize };
}

async function findPresented(
  deps: Deps,
  auth: AuthContext,
  f: { managedOnly: boolean; ownOnly?: boolean },
  id: string,
) {
  const row = await repo.findTimeOff(deps.db.orm, filterOf(auth, f), id);
  if (!row) throw notFound('time_off.not_found');
  return present(deps, auth, row);
}

function present(deps: Deps, auth: AuthContext, r: repo.TimeOffRow): TimeOffRequest {
  const scope = scopeFor(auth.role, 'team', 'update');
  return {
    id: r.id,
    user: presentPerson(deps.fileLinks, r.user)!,
    team: r.team?.id ? { id: r.team.id, name: r.team.name } : null,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    reason: r.reason,
    status: r.status,
    decidedBy: presentPerson(deps.fileLinks, r.decidedBy),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    canDecide:
      r.status === 'pending' &&
      r.userId !== auth.userId &&
      (scope === 'all' || (scope === 'myTeam' && Boolean(r.managesRequester))),
  };
}
