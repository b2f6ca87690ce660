import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { resolvePath, useLanguage } from '../../lib/navigation';
import { useNotice } from '../../lib/notices';
import { getToken } from '../../lib/session';
import type { ShellContext } from '../../lib/shell-context';
import { canOpenPath } from '../screens';
import { NotFoundPage } from './not-found-page';
import type { Shell } from './use-shell';

const trimSlash = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * Renders the page when the user may view its route; otherwise goes to their landing page with a
 * notice (the menu hides such routes, this covers typed or stale links). The server still checks.
 */
export function ShellOutlet({ shell }: { shell: Shell }) {
  const { pathname } = useLocation();
  const language = useLanguage();
  const notice = useNotice();
  // Once the session ended (401, failed refresh) the client is taking the browser to /: decide nothing.
  const hasSession = getToken() !== null;
  const isAllowed = !hasSession || canOpenPath(shell.permissions, pathname);
  const isLanding = trimSlash(pathname) === trimSlash(shell.landing);

  useEffect(() => {
    if (!isAllowed) notice.warning('common.notAllowed');
  }, [isAllowed, notice]);

  if (!hasSession) return null;
  if (!isAllowed) {
    return isLanding ? (
      <NotFoundPage links={shell.links} />
    ) : (
      <Navigate to={resolvePath(shell.landing, language)} replace />
    );
  }
  const context: ShellContext = { links: shell.links, landingPath: shell.landing };
  return <Outlet context={context} />;
}
