// Navigation rules (packages/domain navigation.ts) applied to every in-app navigation: the device's layout and the lang parameter.
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { NavigateOptions } from 'react-router';
import { isMobileUserAgent, toDesktopPath, toMobilePath, withLang } from '@sabai/domain';
import type { Language } from '@sabai/i18n';
import { languageFromSearch } from './i18n';

/** Whether this browser gets the mobile layout (by user agent). */
export function isMobileDevice(): boolean {
  return isMobileUserAgent(navigator.userAgent);
}

/** A target path for this device with the lang parameter set, query string kept. */
export function resolvePath(to: string, language: Language, isMobile = isMobileDevice()): string {
  const [pathAndQuery = '', hash = ''] = to.split('#');
  const queryAt = pathAndQuery.indexOf('?');
  const pathname = queryAt === -1 ? pathAndQuery : pathAndQuery.slice(0, queryAt);
  const search = queryAt === -1 ? '' : pathAndQuery.slice(queryAt);
  // The root page is exempt from device routing.
  const devicePath = pathname === '/' ? '/' : isMobile ? toMobilePath(pathname) : toDesktopPath(pathname);
  return `${devicePath}${withLang(search, language)}${hash ? `#${hash}` : ''}`;
}

/** The language of the current URL. */
export function useLanguage(): Language {
  return languageFromSearch(useLocation().search);
}

/** navigate() that applies the device layout and carries the current language. */
export function useAppNavigate(): (to: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const language = useLanguage();
  return useCallback(
    (to: string, options?: NavigateOptions) => {
      void navigate(resolvePath(to, language), options);
    },
    [navigate, language],
  );
}

/** The current page in another language, every other query parameter kept. */
export function useLanguageSwitch(): (language: Language) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (language: Language) => {
      void navigate(`${location.pathname}${withLang(location.search, language)}${location.hash}`, {
        replace: true,
      });
    },
    [navigate, location],
  );
}
