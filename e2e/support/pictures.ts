// Pictures of what a journey's page shows, saved under e2e/artifacts for people to look at.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { artifactsDir } from './paths';

/**
 * Saves the page as `name`.jpg: the whole page unless `fullPage: false`, finite animations played to their
 * end (the browser does it, no waiting for them), `style` applied for the picture only. JPEG: the browser
 * encodes it in a fraction of a full-page PNG's time (those pictures and the waits for animations before
 * them were a quarter of the journeys' time).
 */
export async function savePicture(
  page: Page,
  name: string,
  options: { fullPage?: boolean; style?: string } = {},
): Promise<void> {
  await page.screenshot({
    path: join(artifactsDir, `${name}.jpg`),
    type: 'jpeg',
    quality: 80,
    animations: 'disabled',
    fullPage: options.fullPage ?? true,
    ...(options.style ? { style: options.style } : {}),
  });
}
