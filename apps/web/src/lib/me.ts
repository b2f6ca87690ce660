// The signed-in user (GET /me). It lives in lib because the shell, the route guards and every
// feature read it, and features may not import each other.
import { useQuery } from '@tanstack/react-query';
import type { RoleEntry } from '@sabai/domain';
import type { Me } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from './api';
import { getToken, readClaims, setProfile } from './session';

export type { Me };

export const meQueryKey = ['me'] as const;

/** Keeps the localStorage copy of who is signed in in step with /me. */
export function rememberMe(me: Me): void {
  setProfile({ id: me.id, displayName: me.displayName, profilePath: me.profilePath, roles: me.roles });
}

export async function fetchMe(signal?: AbortSignal): Promise<Me> {
  const me = await api(routes.me.get, { signal });
  rememberMe(me);
  return me;
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => fetchMe(signal), staleTime: 60_000 });
}

/** Permissions of the signed-in user: /me's when loaded, else the access token's role claim. */
export function usePermissions(): RoleEntry[] {
  const me = useMe();
  if (me.data) return me.data.permissions;
  const token = getToken();
  return (token && readClaims(token.accessToken)?.role) || [];
}
