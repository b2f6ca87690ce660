import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { freshSession } from '../../../lib/api-client';
import { clearSession, getDeviceToken, getToken } from '../../../lib/session';
import { useAction } from '../../../lib/use-action';

/**
 * Logout: unregister the device first when one is registered, revoke the refresh-token family,
 * then clear every session key. Local sign-out happens even when the server cannot be reached.
 */
export async function logout(): Promise<void> {
  try {
    if (!(await freshSession())) return;
    const deviceToken = getDeviceToken();
    if (deviceToken) await api(routes.auth.logoutDevice, { body: { deviceToken } });
    const current = getToken();
    if (current) await api(routes.auth.logout, { body: { refreshToken: current.refreshToken } });
  } catch {
    // The session is ended locally below; a revoked or unreachable server changes nothing for the user.
  } finally {
    clearSession();
  }
}

export function useLogout() {
  return useAction(logout);
}
