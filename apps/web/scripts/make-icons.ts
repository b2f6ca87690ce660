// Draws the app's PNG icons from the logo (public/favicon.svg) with Chromium: the sizes a web app manifest
// and iOS's home screen ask for, and a maskable one whose logo sits inside the central 80 % safe zone on a
// full-bleed background (Android crops it to a circle or a squircle). The PNGs are committed; run again
// after the logo changes: `npx tsx apps/web/scripts/make-icons.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../../../e2e/support/browser';

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
const logo = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const BRAND = '#0f9d58';

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

const browser = await launchBrowser();
for (const { file, size, maskable } of ICONS) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  // Maskable (and iOS, which rounds the corners itself): the logo at 70 % on the brand colour.
  const inner = maskable ? Math.round(size * 0.7) : size;
  await page.setContent(
    `<body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${
      maskable ? BRAND : 'transparent'
    }"><img style="width:${inner}px;height:${inner}px" src="data:image/svg+xml;base64,${Buffer.from(logo).toString('base64')}"></body>`,
  );
  await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
  writeFileSync(path.join(publicDir, 'icons', file), await page.screenshot({ omitBackground: !maskable }));
  await page.close();
}
await browser.close();
