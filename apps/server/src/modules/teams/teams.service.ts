// Team settings: name, manager, auto-reply and members' shifts, validated as the team form does.
// Scope all manages every team of the organisation; myTeam the teams the caller manages or belongs to.
import { scopeFor, validateShift, type Scope } from '@sabai/domain';
import type { Page, SaveTeam, Team, TeamListItem } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { isUniqueViolation } from '../../db/list-helpers';
import { badRequest, conflict, notFound } from '../../http/errors';
import { requestBacklogHandOut } from '../assignment';
import type { AuthContext } from '../../ports';
import { presentPerson } from '../people';
import * as repo from './teams.repo';

type ListQuery = Parameters<typeof repo.listTeams>[2];

const filterOf = (auth: AuthContext, scope: Scope): repo.TeamFilter => ({
  organizationId: auth.organizationId,
  userId: auth.userId,
  mineOnly: scope !== 'all',
});

export async function listTeams(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  q: ListQuery,
): Promise<Page<TeamListItem>> {
  const { rows, total } = await repo.listTeams(deps.db.orm, filterOf(auth, scope), q);
  return {
    items: rows.map((r) => presentListItem(deps, auth, r)),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Teams for selects (channel, tag, user and auto-assignment forms). */
export async function teamOptions(deps: Deps, auth: AuthContext, scope: Scope) {
  return repo.teamOptions(deps.db.orm, auth.organizationId, auth.userId, scope);
}

export async function getTeam(deps: Deps, auth: AuthContext, scope: Scope, id: string): Promise<Team> {
  const row = await repo.findTeam(deps.db.orm, filterOf(auth, scope), id);
  if (!row) throw notFound('team.not_found');
  const members = await repo.membersOf(deps.db.orm, id, deps.clock.now());
  return {
    ...presentListItem(deps, auth, row),
    managerUserId: row.managerUserId,
    autoReplyMessage: row.autoReplyMessage,
    updatedAt: row.updatedAt.toISOString(),
    members: members.map((m) => ({
      ...presentPerson(deps.fileLinks, m)!,
      userId: m.id,
      workStart: m.workStart.slice(0, 5),
      workStop: m.workStop.slice(0, 5),
      breakStart: m.breakStart.slice(0, 5),
      breakStop: m.breakStop.slice(0, 5),
      workingDays: m.workingDays,
      availability: m.availability === 'online' ? 'online' : 'offline',
      isOnTimeOff: Boolean(m.isOnTimeOff),
    })),
  };
}

export async function createTeam(deps: Deps, auth: AuthContext, input: SaveTeam): Promise<Team> {
  await assertValid(deps, auth.organizationId, input);
  const now = deps.clock.now();
  const id = await saving(() =>
    deps.db.orm.transaction(async (tx) => {
      const teamId = await repo.insertTeam(tx, {
        organizationId: auth.organizationId,
        name: input.name,
        managerUserId: input.managerUserId,
        autoReplyMessage: input.autoReplyMessage,
        managerWorkingType: input.managerWorkingType,
        createdAt: now,
        updatedAt: now,
      });
      await repo.replaceMembers(tx, auth.organizationId, teamId, input.members);
      return teamId;
    }),
  );
  return getTeam(deps, auth, 'all', id);
}

/** Edits a team; new members and new shifts may make someone available, so an auto team's backlog is handed out. */
export async function updateTeam(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  id: string,
  input: SaveTeam,
): Promise<Team> {
  const row = await repo.findTeam(deps.db.orm, filterOf(auth, scope), id);
  if (!row) throw notFound('team.not_found');
  await assertValid(deps, auth.organizationId, input, id);
  await saving(() =>
    deps.db.orm.transaction(async (tx) => {
      await repo.updateTeam(tx, id, {
        name: input.name,
        managerUserId: input.managerUserId,
        autoReplyMessage: input.autoReplyMessage,
        managerWorkingType: input.managerWorkingType,
        updatedAt: deps.clock.now(),
      });
      await repo.replaceMembers(tx, auth.organizationId, id, input.members);
      if (row.assignmentMode === 'auto') await requestBacklogHandOut(deps, tx, id);
    }),
  );
  return getTeam(deps, auth, 'all', id);
}

/** Removes one member (the web asks for confirmation first); the last one too, so the team can be deleted. */
export async function removeMember(deps: Deps, auth: AuthContext, scope: Scope, id: string, userId: string) {
  const row = await repo.findTeam(deps.db.orm, filterOf(auth, scope), id);
  if (!row) throw notFound('team.not_found');
  if (!(await repo.removeMember(deps.db.orm, id, userId))) throw notFound('team.member_not_found');
}

/** Deletes an empty team that no channel routes to. */
export async function deleteTeam(deps: Deps, auth: AuthContext, scope: Scope, id: string) {
  const row = await repo.findTeam(deps.db.orm, filterOf(auth, scope), id);
  if (!row) throw notFound('team.not_found');
  if (row.memberCount > 0) {
    throw conflict('team.has_members', 'Before removing this team, please remove members.');
  }
  const usedBy = await repo.channelsUsingTeam(deps.db.orm, id);
  if (usedBy.length > 0) {
    throw conflict('team.used_by_channel', 'Channels route issues to this team.', { channels: usedBy });
  }
  await repo.deleteTeam(deps.db.orm, id);
}

/** Active users of the organisation for the manager and member pickers. */
export async function memberOptions(deps: Deps, auth: AuthContext, search: string | undefined) {
  const rows = await repo.memberOptions(deps.db.orm, auth.organizationId, search);
  return rows.map((r) => ({ ...presentPerson(deps.fileLinks, r)!, roleName: r.roleName }));
}

async function assertValid(deps: Deps, organizationId: string, input: SaveTeam, exceptId?: string) {
  if (input.members.length === 0) throw badRequest('team.member_required', 'Please add at least one member.');
  const ids = input.members.map((m) => m.userId);
  const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (duplicates.length > 0) {
    throw badRequest('team.duplicate_member', 'A user is listed twice.', {
      userIds: [...new Set(duplicates)],
    });
  }
  const shiftProblems = input.members.flatMap((m, index) =>
    validateShift(m).map((p) => ({ index, userId: m.userId, field: p.field })),
  );
  if (shiftProblems.length > 0) {
    throw badRequest(
      'team.work_start_after_stop',
      'The working start time must begin before the stop time.',
      { problems: shiftProblems },
    );
  }
  const wanted = [...new Set([input.managerUserId, ...ids])];
  const known = new Set(await repo.usersInOrganization(deps.db.orm, organizationId, wanted));
  const unknown = wanted.filter((id) => !known.has(id));
  if (unknown.length > 0) throw badRequest('team.user_not_found', 'User not found.', { userIds: unknown });
  if (await repo.nameTaken(deps.db.orm, organizationId, input.name, exceptId)) throw nameExists();
}

const nameExists = () => conflict('team.name_exists', 'This team name already exists.');

/** Runs a write; a concurrent save of the same name loses on the unique index and gets the same 409. */
async function saving<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw nameExists();
    throw err;
  }
}

function presentListItem(deps: Deps, auth: AuthContext, r: repo.TeamRow): TeamListItem {
  const may = (action: 'update' | 'delete') => {
    const scope = scopeFor(auth.role, 'team', action);
    return scope === 'all' || (scope === 'myTeam' && Boolean(r.isMine));
  };
  return {
    id: r.id,
    name: r.name,
    manager: presentPerson(deps.fileLinks, r.manager),
    memberCount: r.memberCount,
    managerWorkingType: r.managerWorkingType,
    assignmentMode: r.assignmentMode,
    assignmentMethod: r.assignmentMethod,
    createdAt: r.createdAt.toISOString(),
    canUpdate: may('update'),
    canDelete: may('delete'),
  };
}
