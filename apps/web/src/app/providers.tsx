import { useMemo, type ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { antdLocaleFor } from '../lib/i18n';
import { usePrefersReducedMotion } from '../lib/use-reduced-motion';

// Thai needs a font with Thai glyphs: system Thai fonts first on each platform, then TLWG on Linux.
const FONT_FAMILY = [
  '-apple-system',
  'BlinkMacSystemFont',
  "'Segoe UI'",
  "'Noto Sans Thai'",
  "'Noto Sans'",
  "'Sukhumvit Set'",
  "'Leelawadee UI'",
  'Tahoma',
  'Loma',
  'Garuda',
  'sans-serif',
].join(', ');

// antd's tokens: every colour chosen for WCAG AA contrast.
const TOKENS: ThemeConfig['token'] = {
  // WCAG AA: the brand's darker green carries white text at 5.4:1 (the logo's #0f9d58 only 3.5:1), and
  // its hover shade still 4.5:1. antd derives a greyish tint from it for selected items, under 4:1 with
  // the green text: a light green tint instead (4.8:1).
  colorPrimary: '#0b7a44',
  colorPrimaryBg: '#e8f5ee',
  colorPrimaryBgHover: '#dcefe4',
  // The keyboard focus ring of antd's controls (3px): its default tint is 1.6:1 on white, this 3.7:1.
  colorPrimaryBorder: '#3d9464',
  colorLink: '#0b7a44',
  colorLinkHover: '#035430',
  // Errors (form messages, danger buttons, the bell's count): antd's #ff4d4f is 3.3:1 on white.
  colorError: '#d32029',
  colorErrorHover: '#ad111e',
  // Preset tag colours whose text shade is under 4.5:1 on their tint (users' status, leave requests).
  // Both spellings: antd writes each to the same CSS variable, the hyphenated one last.
  green7: '#237804',
  'green-7': '#237804',
  gold7: '#965f00',
  'gold-7': '#965f00',
  // antd's grey texts (descriptions, labels, empty states, hints: 0.45 black, 3.4:1; placeholders 0.25)
  // darkened to 4.5:1 and more on white and on the light greys they sit on.
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  fontFamily: FONT_FAMILY,
  borderRadius: 8,
};

/**
 * Ant Design theme and locale, following the language. Motion (drawers sliding, menus fading) is off for a
 * user whose system asks for reduced motion. The shells add the query cache and notices.
 */
export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo<ThemeConfig>(
    () => ({ token: { ...TOKENS, motion: !reducedMotion } }),
    [reducedMotion],
  );
  return (
    <ConfigProvider locale={antdLocaleFor(i18n.language)} theme={theme}>
      {children}
    </ConfigProvider>
  );
}
