import { Card, Descriptions, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleKey } from '../../../lib/i18n';
import { useMe } from '../../../lib/me';
import { useShellContext } from '../../../lib/shell-context';
import { RetryNotice } from '../../../components/retry-notice';
import { ScreenLinks } from '../../../components/screen-links';
import { StatusSummary } from './status-summary';

/**
 * /dashboard until the statistics dashboard ships: a summary built only from data that exists
 * (who is signed in, the organisation, the role, open issues by status) and the screens the user may open.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const meQuery = useMe();
  const { links } = useShellContext();
  const me = meQuery.data;
  const roleLabel = (roleName: string) => {
    const key = roleKey(roleName);
    return key ? t(key) : roleName;
  };

  return (
    <div className="page" data-testid="dashboard-page">
      <Typography.Title level={1} className="page__title">
        {t('dashboard.title')}
      </Typography.Title>
      <Card>
        {meQuery.isLoading ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : me ? (
          <>
            <Typography.Title level={2} className="dashboard__welcome" data-testid="dashboard-welcome">
              {t('dashboard.welcome', { name: me.displayName })}
            </Typography.Title>
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'organization', label: t('dashboard.organization'), children: me.organization.name },
                { key: 'role', label: t('dashboard.role'), children: roleLabel(me.roleName) },
                { key: 'email', label: t('dashboard.email'), children: me.email },
              ]}
            />
          </>
        ) : (
          <RetryNotice onRetry={() => void meQuery.refetch()} />
        )}
      </Card>
      <StatusSummary />
      <Card title={t('dashboard.screens')} className="page__card">
        <ScreenLinks screens={links} />
      </Card>
    </div>
  );
}

export { DashboardPage as Component };
