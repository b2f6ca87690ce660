import { Link } from 'react-router';
import type { LinkProps } from 'react-router';
import { resolvePath, useLanguage } from '../lib/navigation';

type AppLinkProps = Omit<LinkProps, 'to'> & { to: string };

/** A router link that follows the device layout and carries the current language. */
export function AppLink({ to, ...props }: AppLinkProps) {
  const language = useLanguage();
  return <Link to={resolvePath(to, language)} {...props} />;
}
