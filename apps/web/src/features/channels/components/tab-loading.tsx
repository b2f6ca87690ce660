import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

/** A drawer tab's placeholder while its settings load: a named, busy status region (as screen readers need). */
export function TabLoading({ testId, rows = 6 }: { testId: string; rows?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" aria-label={t('common.loading')} data-testid={testId}>
      <Skeleton active paragraph={{ rows }} />
    </div>
  );
}
