import { useTranslation } from 'react-i18next';

type BrandLogoProps = { size?: number; showName?: boolean; inverted?: boolean };

/** The product mark and name. */
export function BrandLogo({ size = 32, showName = true, inverted = false }: BrandLogoProps) {
  const { t } = useTranslation();
  return (
    <span className={`brand-logo${inverted ? ' brand-logo--inverted' : ''}`}>
      <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={t('app.logoAlt')}>
        <rect width="64" height="64" rx="14" fill="#0f9d58" />
        <path
          d="M14 20a6 6 0 0 1 6-6h24a6 6 0 0 1 6 6v16a6 6 0 0 1-6 6H30l-9 8v-8h-1a6 6 0 0 1-6-6z"
          fill="#fff"
        />
        <circle cx="24" cy="28" r="3" fill="#0f9d58" />
        <circle cx="32" cy="28" r="3" fill="#0f9d58" />
        <circle cx="40" cy="28" r="3" fill="#0f9d58" />
      </svg>
      {showName && <span className="brand-logo__name">{t('app.name')}</span>}
    </span>
  );
}
