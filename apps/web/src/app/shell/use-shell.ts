import { useMemo } from 'react';
import { UserOutlined } from '@ant-design/icons';
import { PROFILE_ROUTE, isAllowed, isSuperAdmin, landingPath, roleNamesOf } from '@sabai/domain';
import type { RoleName } from '@sabai/domain';
import { useMe, usePermissions } from '../../lib/me';
import { isMobileDevice } from '../../lib/navigation';
import { useRetrievalNotice } from '../../lib/notices';
import { getProfile, sessionRoleNames } from '../../lib/session';
import type { ScreenLink } from '../../lib/shell-context';
import { allowedScreens } from '../screens';

const PROFILE_LINK: ScreenLink = {
  key: 'profile',
  path: PROFILE_ROUTE,
  labelKey: 'nav.profile',
  icon: UserOutlined,
};

/** What both shells need: who is signed in, what they may open, where they land. */
export function useShell() {
  const meQuery = useMe();
  const permissions = usePermissions();
  useRetrievalNotice(meQuery.isError, 'user_profile');
  const me = meQuery.data;
  const stored = getProfile();
  const roleNames: RoleName[] = me ? roleNamesOf(me.roles) : sessionRoleNames();
  const screens = useMemo(() => allowedScreens(permissions), [permissions]);
  const isMobile = isMobileDevice();
  // Links offered on the dashboard and the not-found page: the screens this layout has (settings are
  // desktop only) and the profile.
  const links = useMemo<ScreenLink[]>(
    () => [...screens.filter((screen) => !isMobile || screen.isOnMobile), PROFILE_LINK],
    [screens, isMobile],
  );
  const landing = landingPath({ roleNames, isMobile });
  return {
    me,
    isMeLoading: meQuery.isLoading,
    permissions,
    screens,
    links,
    landing,
    displayName: me?.displayName ?? stored.displayName,
    profilePath: me ? me.profilePath : stored.profilePath,
    roleName: roleNames[0],
    canSwitchOrganization: isSuperAdmin(roleNames) || isAllowed(permissions, 'organization', 'view', ['all']),
  };
}

export type Shell = ReturnType<typeof useShell>;
