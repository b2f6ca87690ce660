// The teams, and their agents, that the step editor's assign steps choose from (components/step-editor).
// Two sources, as the two editors' users may read different lists: an automation rule is the organisation's
// (any team, read as the teams screen does with team view), a macro's steps do what its runner could (the
// teams an issue can go to, read as the inbox's assign dialog does with issue update). Each read uses the
// key of the screen that owns the answer, so both share one cache entry.
import { useQuery } from '@tanstack/react-query';
import { routes, type Person, type Team } from '@sabai/contracts';
import { api } from './api';

/** GET /teams/options (team view): every team of the organisation. */
export function useTeamOptions() {
  return useQuery({
    queryKey: ['teams', 'options'],
    queryFn: ({ signal }) => api(routes.teams.options, { signal }),
  });
}

/** The people an issue of a team can be given to: its manager and its members (GET /teams/:id). */
function agentsOf(team: Team): Person[] {
  const members: Person[] = team.members.map(({ userId, displayName, email, profilePath }) => ({
    id: userId,
    displayName,
    email,
    profilePath,
  }));
  const manager = team.manager && !members.some((m) => m.id === team.manager?.id) ? [team.manager] : [];
  return [...manager, ...members];
}

/** GET /teams/:id (team view): the agents of one team of the organisation. */
export function useTeamAgents(teamId: string) {
  return useQuery({
    queryKey: ['teams', 'detail', teamId],
    queryFn: ({ signal }) => api(routes.teams.get, { params: { id: teamId }, signal }),
    select: agentsOf,
  });
}

/**
 * GET /issues/assignable-teams (issue update): the teams an issue can go to, each with the active agents it
 * can be given to.
 */
export function useAssignableTeams() {
  return useQuery({
    queryKey: ['issue-assignable-teams'],
    queryFn: ({ signal }) => api(routes.issues.assignableTeams, { signal }),
  });
}
