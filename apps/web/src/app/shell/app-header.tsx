import { lazy, Suspense } from 'react';
import { MenuOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/app-link';
import { BrandLogo } from '../../components/brand-logo';
import { LanguageSwitch } from '../../components/language-switch';
import { LiveNotices } from '../../features/notifications/components/live-notices';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useLazyPanel } from '../../lib/use-lazy-panel';
import { AvailabilitySwitch, LazyTimeOffModal } from './lazy-availability';
import { UserMenu } from './user-menu';
import type { Shell } from './use-shell';

// Only super admins switch organisations, so the switcher (and antd Select) loads only for them.
const OrganizationSwitcher = lazy(() =>
  import('../../features/organizations/components/organization-switcher').then((module) => ({
    default: module.OrganizationSwitcher,
  })),
);

type AppHeaderProps = { shell: Shell; isMobile?: boolean; onMenuClick?: () => void };

/**
 * Header of both layouts: logo, organisation switcher, language, the user's availability (desktop; the
 * mobile drawer holds it on a phone), bell, user.
 *
 * The actions appear in one step, once /me has answered and the lazy switchers have loaded: shown earlier,
 * they moved as the name, the organisation and the availability filled in, and a click on an open menu
 * landed where its item had been. Until then an empty placeholder of the same height holds
 * their place.
 */
export function AppHeader({ shell, isMobile = false, onMenuClick }: AppHeaderProps) {
  const { t } = useTranslation();
  const [timeOff, setTimeOff, hasOpenedTimeOff] = useLazyPanel<'open'>();
  return (
    <header className={`app-header${isMobile ? ' app-header--mobile' : ''}`}>
      {onMenuClick && (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label={t('common.openMenu')}
          onClick={onMenuClick}
          data-testid="menu-button"
        />
      )}
      <AppLink to={shell.landing} className="app-header__logo">
        <BrandLogo size={isMobile ? 28 : 32} />
      </AppLink>
      {/* Mounted with the header, not with its actions (after /me and their chunks): a screen that opens
          the live socket itself (the inbox, the phone's chat) would otherwise hear notices before anyone
          pops them up. */}
      <LiveNotices />
      {shell.isMeLoading ? (
        <HeaderActionsPlaceholder />
      ) : (
        <Suspense fallback={<HeaderActionsPlaceholder />}>
          <div className="app-header__actions">
            {shell.canSwitchOrganization && (
              <OrganizationSwitcher
                currentId={shell.me?.organization.id}
                currentName={shell.me?.organization.name}
                isCompact={isMobile}
              />
            )}
            <LanguageSwitch />
            {!isMobile && <AvailabilitySwitch />}
            <NotificationBell />
            <UserMenu shell={shell} isCompact={isMobile} onRequestTimeOff={() => setTimeOff('open')} />
          </div>
        </Suspense>
      )}
      {hasOpenedTimeOff && <LazyTimeOffModal open={timeOff !== null} onClose={() => setTimeOff(null)} />}
    </header>
  );
}

function HeaderActionsPlaceholder() {
  return <div className="app-header__actions" aria-busy="true" data-testid="header-actions-loading" />;
}
