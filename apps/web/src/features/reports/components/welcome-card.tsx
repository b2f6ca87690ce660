import { Card, Descriptions, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleKey } from '../../../lib/i18n';
import { useMe } from '../../../lib/me';
import { RetryNotice } from '../../../components/retry-notice';

/** Who is signed in, in which organisation and role (the switcher's journeys read the organisation here). */
export function WelcomeCard() {
  const { t } = useTranslation();
  const meQuery = useMe();
  const me = meQuery.data;
  const roleLabel = (roleName: string) => {
    const key = roleKey(roleName);
    return key ? t(key) : roleName;
  };
  return (
    <Card size="small" className="page__card">
      {meQuery.isLoading ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : me ? (
        <>
          <Typography.Title level={2} className="dashboard__welcome" data-testid="dashboard-welcome">
            {t('dashboard.welcome', { name: me.displayName })}
          </Typography.Title>
          <Descriptions
            size="small"
            column={1}
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
  );
}
