import { CalendarOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROFILE_ROUTE } from '@sabai/domain';
import { headerPopupContainer } from '../../lib/header-popup';
import { roleKey } from '../../lib/i18n';
import { useAppNavigate } from '../../lib/navigation';
import { useLogout } from '../../features/auth/api/logout';
import type { Shell } from './use-shell';

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => [...word][0] ?? '')
    .join('')
    .toUpperCase();
}

type UserMenuProps = { shell: Shell; isCompact?: boolean; onRequestTimeOff: () => void };

/** Avatar, display name and role, with the profile, time-off and sign-out entries. */
export function UserMenu({ shell, isCompact = false, onRequestTimeOff }: UserMenuProps) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const logoutAction = useLogout();
  const roleLabelKey = roleKey(shell.roleName);
  const roleText = roleLabelKey ? t(roleLabelKey) : '';

  async function handleLogout() {
    await logoutAction.run(undefined);
    navigate('/', { replace: true });
  }

  const items: MenuProps['items'] = [
    ...(isCompact
      ? [
          {
            key: 'who',
            type: 'group' as const,
            label: <span className="user-menu__who">{shell.displayName}</span>,
            children: [],
          },
          { type: 'divider' as const },
        ]
      : []),
    {
      key: 'profile',
      icon: <UserOutlined />,
      label: t('header.profile'),
      onClick: () => navigate(PROFILE_ROUTE),
    },
    {
      key: 'time-off',
      icon: <CalendarOutlined />,
      label: t('header.requestTimeOff'),
      onClick: onRequestTimeOff,
    },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: t('header.logout'),
      danger: true,
      onClick: () => void handleLogout(),
    },
  ];

  return (
    <Dropdown
      trigger={['click']}
      menu={{ items }}
      placement="bottomRight"
      getPopupContainer={headerPopupContainer}
    >
      {/* Named by its text, not an aria-label: a label would have to hold every visible word (WCAG 2.5.3,
          label in name), the initials too; the initials repeat the name, so assistive technology skips them. */}
      <button type="button" className="user-menu" data-testid="user-menu">
        <span className="visually-hidden">{t('header.userMenu')}</span>
        <Avatar
          size={isCompact ? 32 : 36}
          src={shell.profilePath ?? undefined}
          className="user-menu__avatar"
          aria-hidden
        >
          {initialsOf(shell.displayName) || <UserOutlined />}
        </Avatar>
        {!isCompact && (
          <span className="user-menu__text">
            <span className="user-menu__name" data-testid="user-display-name">
              {shell.displayName}
            </span>
            <span className="user-menu__role" data-testid="user-role">
              {roleText}
            </span>
          </span>
        )}
      </button>
    </Dropdown>
  );
}
