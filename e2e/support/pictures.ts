// Pictures of what a journey's page shows, saved under e2e/artifacts for people to look at.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { artifactsDir } from './paths';

/**
 * Saves the page as `name`.png: the whole page unless `fullPage: false`, `style` applied for the picture
 * only, finite animations played to their end by the browser. Waiting for them instead (a page function
 * polled until no animation ran) made the pictures a quarter of the journeys' time.
 */
export async function savePicture(
  page: Page,
  name: string,
  options: { fullPage?: boolean; style?: string } = {},
): Promise<void> {
  await page.screenshot({
    path: join(artifactsDir, `${name}.png`),
    animations: 'disabled',
    fullPage: options.fullPage ?? true,
    ...(options.style ? { style: options.style } : {}),
  });
}
