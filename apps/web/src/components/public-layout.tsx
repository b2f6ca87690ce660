import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from './brand-logo';
import { LanguageSwitch } from './language-switch';
import { AppLink } from './app-link';

type PublicLayoutProps = { title: string; subtitle?: string; children: ReactNode; isWide?: boolean };

/**
 * The frame of the public pages: logo, language switch, a card, and the policy link. Plain markup
 * rather than antd Card/Typography keeps the sign-in page's first load small.
 */
export function PublicLayout({ title, subtitle, children, isWide = false }: PublicLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="public-page">
      <header className="public-page__top">
        <AppLink to="/" className="public-page__home">
          <BrandLogo />
        </AppLink>
        <LanguageSwitch />
      </header>
      <main className={`public-page__main${isWide ? ' public-page__main--wide' : ''}`}>
        <div className="public-page__card">
          <h1 className="public-page__title">{title}</h1>
          {subtitle && <p className="public-page__subtitle">{subtitle}</p>}
          {children}
        </div>
      </main>
      <footer className="public-page__footer">
        <span>{t('app.tagline')}</span>
        <AppLink to="/policy">{t('login.policy')}</AppLink>
      </footer>
    </div>
  );
}
