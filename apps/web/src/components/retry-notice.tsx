import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A failed retrieval inside a page: the generic failed-load notice and a way to try again. */
export function RetryNotice({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="retry-notice" role="alert">
      <p>{t('common.error.retrieve')}</p>
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </div>
  );
}
