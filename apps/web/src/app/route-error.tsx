import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Shown when a page fails to render or its code cannot be loaded (for example after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    // Kept in the console for whoever investigates; the user sees only the translated text.
    console.error(error);
  }, [error]);
  return (
    <main className="route-error" role="alert">
      <h1>{t('common.crashTitle')}</h1>
      <p>{t('common.crashText')}</p>
      <button
        type="button"
        className="plain-button plain-button--primary"
        onClick={() => window.location.reload()}
      >
        {t('common.reload')}
      </button>
    </main>
  );
}
