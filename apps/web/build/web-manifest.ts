// The web app manifest, one per language (`/manifest.en.webmanifest`, `/manifest.th.webmanifest`): what a
// phone needs to add Sabai to its home screen as an app. The installed app opens in
// the language it was installed from; lib/i18n.ts points the page's manifest link at the current language.
import type { Plugin } from 'vite';

const LANGUAGES = ['en', 'th'] as const;
type Language = (typeof LANGUAGES)[number];

const DESCRIPTION: Record<Language, string> = {
  en: 'Customer conversations from LINE, Messenger and Instagram in one inbox.',
  th: 'รวมแชตลูกค้าจาก LINE, Messenger และ Instagram ไว้ในกล่องข้อความเดียว',
};

export const manifestFile = (language: Language) => `manifest.${language}.webmanifest`;

export function webManifest(language: Language) {
  return {
    id: '/',
    name: 'Sabai Inbox',
    short_name: 'Sabai',
    description: DESCRIPTION[language],
    lang: language,
    start_url: `/?lang=${language}`,
    scope: '/',
    display: 'standalone',
    theme_color: '#0f9d58',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}

/** Emits both manifests into the build, and serves them from the dev server. */
export function webManifestPlugin(): Plugin {
  return {
    name: 'sabai-web-manifest',
    generateBundle() {
      for (const language of LANGUAGES) {
        this.emitFile({
          type: 'asset',
          fileName: manifestFile(language),
          source: JSON.stringify(webManifest(language), null, 2),
        });
      }
    },
    configureServer(server) {
      for (const language of LANGUAGES) {
        server.middlewares.use(`/${manifestFile(language)}`, (_req, res) => {
          res.setHeader('content-type', 'application/manifest+json');
          res.end(JSON.stringify(webManifest(language)));
        });
      }
    },
  };
}
