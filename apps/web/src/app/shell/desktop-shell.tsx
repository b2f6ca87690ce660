import { useState } from 'react';
import { Layout, Menu } from 'antd';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/app-link';
import { AppHeader } from './app-header';
import { ConnectionLostBanner } from './connection-lost-banner';
import { MAIN_CONTENT_ID, SkipToContent } from './skip-to-content';
import { ShellOutlet } from './shell-outlet';
import { SignedInProviders } from './signed-in-providers';
import { useShell } from './use-shell';

/** The signed-in desktop layout: header, a 230 px side menu collapsing below the lg breakpoint, the page. */
function DesktopShellLayout() {
  const { t } = useTranslation();
  const shell = useShell();
  const { pathname } = useLocation();
  const [isCollapsed, setIsCollapsed] = useState(false);
  const selected = shell.screens.filter(
    (screen) => pathname === screen.path || pathname.startsWith(`${screen.path}/`),
  );

  return (
    <Layout className="app-shell">
      <SkipToContent />
      <AppHeader shell={shell} />
      <ConnectionLostBanner />
      <Layout hasSider>
        {/* A role with no screen in the menu (staff, until the inbox ships) gets no empty sidebar. */}
        {shell.screens.length > 0 && (
          <Layout.Sider
            width={230}
            breakpoint="lg"
            collapsible
            collapsed={isCollapsed}
            onCollapse={setIsCollapsed}
            theme="light"
            className="app-sider"
            data-testid="sidebar"
          >
            <Menu
              mode="inline"
              selectedKeys={selected.map((screen) => screen.key)}
              items={shell.screens.map(({ key, path, labelKey, icon: Icon }) => ({
                key,
                icon: <Icon />,
                label: <AppLink to={path}>{t(labelKey)}</AppLink>,
              }))}
              data-testid="side-menu"
            />
          </Layout.Sider>
        )}
        <Layout.Content className="app-content" id={MAIN_CONTENT_ID} tabIndex={-1}>
          <ShellOutlet shell={shell} />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** Wrapped in the session's providers, which the layout's hooks need. */
export function DesktopShell() {
  return (
    <SignedInProviders>
      <DesktopShellLayout />
    </SignedInProviders>
  );
}

export { DesktopShell as Component };
