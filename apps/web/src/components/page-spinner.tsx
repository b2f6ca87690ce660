import { useTranslation } from 'react-i18next';

/** The page-wide spinner shown while a route loads; plain CSS so the first paint stays light. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status" aria-live="polite" data-testid="page-spinner">
      <span className="page-spinner__ring" />
      <span className="page-spinner__text">{t('common.loading')}</span>
    </div>
  );
}
