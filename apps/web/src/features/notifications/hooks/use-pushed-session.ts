import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveRefreshMessage } from '@sabai/contracts';
import { refreshSession } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/me';
import { getProfile, getToken, setProfile, setToken } from '../../../lib/session';

/**
 * Spec §4: a refresh message updates the stored refresh token and profile picture, then refreshes the
 * access token (new role or organisation) and the displayed name (GET /me again).
 */
export function usePushedSession() {
  const queryClient = useQueryClient();
  return useCallback(
    async ({ refreshToken, profilePath }: LiveRefreshMessage) => {
      const token = getToken();
      if (!token) return;
      setToken({ ...token, refreshToken });
      setProfile({ ...getProfile(), profilePath });
      await refreshSession();
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
    [queryClient],
  );
}
