import { useTranslation } from 'react-i18next';
import { SkipLink } from '../../components/skip-link';

export const MAIN_CONTENT_ID = 'main-content';

/** The first stop of the Tab key: past the header and the menu, straight to the page. */
export function SkipToContent() {
  const { t } = useTranslation();
  return <SkipLink targetId={MAIN_CONTENT_ID}>{t('common.skipToContent')}</SkipLink>;
}
