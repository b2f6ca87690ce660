// What only a rule can name (channels, people to notify) for the editor's pickers and the list's sentences;
// the teams, tags and canned responses it shares with the macros come from lib. Each read uses the key of
// the screen that owns the answer, so both share one cache entry and a change there is seen here.
import { useQuery } from '@tanstack/react-query';
import { routes, type Person } from '@sabai/contracts';
import { api } from '../../../lib/api';

/** GET /channels: the channels a rule can test (the same permission as the rules: channel, all). */
export function useChannelOptions() {
  return useQuery({
    queryKey: ['channels'],
    queryFn: ({ signal }) => api(routes.channels.list, { signal }),
  });
}

/** GET /teams/member-options: the organisation's users, whom a rule may notify (and names its agents by). */
export function useUserOptions() {
  return useQuery({
    queryKey: ['teams', 'member-options'],
    queryFn: ({ signal }): Promise<Person[]> => api(routes.teams.memberOptions, { signal }),
  });
}
