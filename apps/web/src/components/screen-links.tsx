import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScreenLink } from '../lib/shell-context';
import { AppLink } from './app-link';

/** Links to the screens a user may open. */
export function ScreenLinks({ screens }: { screens: ScreenLink[] }) {
  const { t } = useTranslation();
  if (screens.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />;
  return (
    <ul className="screen-links">
      {screens.map(({ key, path, labelKey, icon: Icon }) => (
        <li key={key}>
          <AppLink to={path} data-testid={`screen-link-${key}`}>
            <Icon />
            <span>{t(labelKey)}</span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
