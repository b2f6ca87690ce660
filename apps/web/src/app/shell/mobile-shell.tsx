import { useState } from 'react';
import { Drawer, Layout, Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toMobilePath } from '@sabai/domain';
import { AppLink } from '../../components/app-link';
import { BrandLogo } from '../../components/brand-logo';
import { AppHeader } from './app-header';
import { ConnectionLostBanner } from './connection-lost-banner';
import { MAIN_CONTENT_ID, SkipToContent } from './skip-to-content';
import { LazyAvailabilitySwitch } from './lazy-availability';
import { ShellOutlet } from './shell-outlet';
import { SignedInProviders } from './signed-in-providers';
import { useShell } from './use-shell';

/**
 * The signed-in mobile layout: the same header, with a menu button opening a left drawer that
 * also holds the user's online/offline switch.
 */
function MobileShellLayout() {
  const { t } = useTranslation();
  const shell = useShell();
  const { pathname } = useLocation();
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const entries = shell.screens.filter((screen) => screen.isOnMobile);
  const selected = entries.filter((screen) => pathname.startsWith(toMobilePath(screen.path)));

  const items: MenuProps['items'] = entries.map(({ key, path, labelKey, icon: Icon }) => ({
    key,
    icon: <Icon />,
    label: <AppLink to={path}>{t(labelKey)}</AppLink>,
  }));

  return (
    <Layout className="app-shell app-shell--mobile">
      <SkipToContent />
      <AppHeader shell={shell} isMobile onMenuClick={() => setIsDrawerOpen(true)} />
      <ConnectionLostBanner />
      <Drawer
        placement="left"
        open={isDrawerOpen}
        onClose={() => setIsDrawerOpen(false)}
        size={280}
        title={<BrandLogo size={28} />}
        closable={{ 'aria-label': t('common.closeMenu') }}
        className="mobile-drawer"
        data-testid="mobile-drawer"
      >
        <LazyAvailabilitySwitch isBlock />
        <Menu
          mode="inline"
          selectedKeys={selected.map((screen) => screen.key)}
          items={items}
          onClick={() => setIsDrawerOpen(false)}
          data-testid="drawer-menu"
        />
      </Drawer>
      <Layout.Content className="app-content app-content--mobile" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <ShellOutlet shell={shell} />
      </Layout.Content>
    </Layout>
  );
}

/** Wrapped in the session's providers, which the layout's hooks need. */
export function MobileShell() {
  return (
    <SignedInProviders>
      <MobileShellLayout />
    </SignedInProviders>
  );
}

export { MobileShell as Component };
