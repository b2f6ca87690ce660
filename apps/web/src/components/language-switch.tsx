import { useTranslation } from 'react-i18next';
import { languages } from '@sabai/i18n/core';
import { useLanguage, useLanguageSwitch } from '../lib/navigation';

/** EN/TH switch; changes the URL's lang and keeps the rest of the query string. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = useLanguage();
  const switchLanguage = useLanguageSwitch();
  return (
    <div
      className="language-switch"
      role="group"
      aria-label={t('common.language')}
      data-testid="language-switch"
    >
      {languages.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={`language-switch__option${language === current ? ' language-switch__option--active' : ''}`}
          aria-pressed={language === current}
          title={t(`languages.${language}`)}
          onClick={() => switchLanguage(language)}
          data-testid={`language-${language}`}
        >
          {t(language === 'en' ? 'languages.enShort' : 'languages.thShort')}
        </button>
      ))}
    </div>
  );
}
