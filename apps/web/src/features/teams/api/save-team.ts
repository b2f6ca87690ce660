import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveTeam, Team } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { teamQueryKey } from './get-team';
import { teamsQueryKey } from './get-teams';

export type SaveTeamInput = { id: string | null; body: SaveTeam };

/**
 * POST /teams or PUT /teams/:id: 400 validation.failed, team.member_required, team.duplicate_member,
 * team.work_start_after_stop; 404 team.user_not_found, team.not_found; 409 team.name_exists.
 */
export function saveTeam({ id, body }: SaveTeamInput): Promise<Team> {
  return id ? api(routes.teams.update, { params: { id }, body }) : api(routes.teams.create, { body });
}

export function useSaveTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTeam,
    onSuccess: (team) => {
      queryClient.setQueryData(teamQueryKey(team.id), team);
      void queryClient.invalidateQueries({ queryKey: [...teamsQueryKey, 'list'] });
    },
  });
}
