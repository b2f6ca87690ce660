// Every tag of the organisation, whatever its team: what the step editor's tag steps choose from and the
// names of the tags a rule or a macro mentions. Read under the tag pickers' key: one cache entry for all.
import { useQuery } from '@tanstack/react-query';
import { routes } from '@sabai/contracts';
import { api } from './api';

/** GET /tags/options. */
export function useTagOptions() {
  return useQuery({
    queryKey: ['tags', 'options'],
    queryFn: ({ signal }) => api(routes.tags.options, { query: {}, signal }),
  });
}
