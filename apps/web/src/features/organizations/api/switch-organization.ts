import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest, freshSession } from '../../../lib/api-client';
import { setToken } from '../../../lib/session';
import type { SessionToken } from '../../../lib/session';

/** PUT /super-admin/{id} with the refresh token: stores the new organisation's tokens (spec §7). */
export async function switchOrganization(organizationId: string): Promise<SessionToken> {
  const session = await freshSession();
  if (!session) throw new ApiError(401, 'auth.unauthenticated');
  const token = await apiRequest<SessionToken>('PUT', `/super-admin/${encodeURIComponent(organizationId)}`, {
    body: { refreshToken: session.refreshToken },
  });
  setToken(token);
  return token;
}

export function useSwitchOrganization() {
  return useMutation({ mutationFn: switchOrganization });
}
