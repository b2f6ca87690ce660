import { useMutation } from '@tanstack/react-query';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { ApiError, freshSession } from '../../../lib/api-client';
import { setToken } from '../../../lib/session';
import type { SessionToken } from '../../../lib/session';

/** PUT /super-admin/{id} with the refresh token: stores the new organisation's tokens. */
export async function switchOrganization(organizationId: string): Promise<SessionToken> {
  const session = await freshSession();
  if (!session) throw new ApiError(401, 'auth.unauthenticated');
  const token = await api(routes.auth.switchOrganization, {
    params: { id: organizationId },
    body: { refreshToken: session.refreshToken },
  });
  setToken(token);
  return token;
}

export function useSwitchOrganization() {
  return useMutation({ mutationFn: switchOrganization });
}
