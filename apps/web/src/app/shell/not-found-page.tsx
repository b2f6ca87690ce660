import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { ScreenLinks } from '../../components/screen-links';
import type { ScreenLink, ShellContext } from '../../lib/shell-context';

/** A signed-in path with no screen: says so and lists what the user may open instead. */
export function NotFoundPage({ links }: { links?: ScreenLink[] }) {
  const { t } = useTranslation();
  const context = useOutletContext<ShellContext | undefined>();
  return (
    <Result
      status="404"
      title={t('common.notFoundTitle')}
      subTitle={t('common.notFoundText')}
      data-testid="not-found"
    >
      <ScreenLinks screens={links ?? context?.links ?? []} />
    </Result>
  );
}

/** The route module form: the page renders inside the shell, which provides the links. */
export function Component() {
  return <NotFoundPage />;
}
