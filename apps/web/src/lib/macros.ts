// The macros the signed-in user sees (GET /macros). In lib because the canned responses screen manages them
// and the inbox runs them, and features may not import each other: both read the one cache entry, so a macro
// saved on one screen is offered at once on the other.
import { useQuery } from '@tanstack/react-query';
import type { Macro } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from './api';

export type { Macro };

export const macrosQueryKey = ['macros'] as const;

/** Shared macros and the caller's own (with canned response scope all, everyone's), by name. */
export function useMacros(enabled = true) {
  return useQuery({
    queryKey: macrosQueryKey,
    queryFn: ({ signal }): Promise<Macro[]> => api(routes.macros.list, { signal }),
    enabled,
  });
}
