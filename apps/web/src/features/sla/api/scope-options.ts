import { useQuery } from '@tanstack/react-query';
import { routes, type Channel, type TeamSummary } from '@sabai/contracts';
import { api } from '../../../lib/api';

export type { Channel, TeamSummary };

// The same keys as the team and channel screens' own reads: one cache entry for the same answer.
export const teamOptionsQueryKey = ['teams', 'options'] as const;
export const channelsQueryKey = ['channels'] as const;

/** GET /teams/options: the teams a policy can be for. */
export function useTeamOptions() {
  return useQuery({
    queryKey: teamOptionsQueryKey,
    queryFn: ({ signal }) => api(routes.teams.options, { signal }),
  });
}

/** GET /channels: the channels a policy can be for (the same permission as the policies: channel, all). */
export function useChannelOptions() {
  return useQuery({
    queryKey: channelsQueryKey,
    queryFn: ({ signal }) => api(routes.channels.list, { signal }),
  });
}
