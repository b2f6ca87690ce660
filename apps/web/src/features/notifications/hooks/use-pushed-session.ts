import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveRefreshMessage } from '@sabai/contracts';
import { ROLE_NAMES } from '@sabai/domain';
import { refreshSession } from '../../../lib/api-client';
import { meQueryKey, type Me } from '../../../lib/me';
import { getProfile, getToken, readClaims, setProfile } from '../../../lib/session';

/**
 * A refresh message brings a new refresh token and profile picture. The pushed refresh token is
 * exchanged at once, even though the stored access token has not expired (it carries the old role), so
 * menus and permissions change within a second; then the displayed name and permissions (GET /me) are
 * read again. The exchange stores the new pair, unless another tab already replaced the old access token.
 */
export function usePushedSession() {
  const queryClient = useQueryClient();
  return useCallback(
    async ({ refreshToken, profilePath }: LiveRefreshMessage) => {
      const token = getToken();
      if (!token) return;
      setProfile({ ...getProfile(), profilePath });
      const fresh = await refreshSession({ stale: token.accessToken, refreshToken });
      // The new token's role shows at once; /me (read again right after) confirms it and the rest.
      const claims = readClaims(fresh.accessToken);
      const roleName = ROLE_NAMES.find((name) => name === claims?.roleName);
      if (claims && roleName) {
        queryClient.setQueryData<Me>(meQueryKey, (me) =>
          me && me.organization.id === claims.organizationId
            ? { ...me, permissions: claims.role, roleName, roles: [roleName] }
            : me,
        );
      }
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
    [queryClient],
  );
}
