import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { antdLocaleFor } from '../lib/i18n';

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

/** Ant Design theme and locale, following the language. The shells add the query cache and notices. */
export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider
      locale={antdLocaleFor(i18n.language)}
      theme={{
        token: { colorPrimary: '#0f9d58', colorLink: '#0b7a44', fontFamily: FONT_FAMILY, borderRadius: 8 },
      }}
    >
      {children}
    </ConfigProvider>
  );
}
