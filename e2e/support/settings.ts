// Steps the settings journeys share: opening a screen from the side menu, antd selects, confirmations,
// notices and screenshots with animations played to their end, each screen checked with axe. Empty and
// failure states are component tests of the web app (apps/web/src/**/*.component.test.tsx).
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import { scanOncePerState } from './accessibility';
import type { Locale } from './browser';
import { savePicture } from './pictures';
import { text } from './texts';

/** Opens a settings screen from the side menu and waits for its page. */
export async function openFromMenu(
  page: Page,
  lang: Locale,
  label: TranslationKey,
  path: string,
  testId: string,
): Promise<void> {
  await page.getByTestId('side-menu').getByText(text(lang, label), { exact: true }).click();
  await page.waitForURL((url) => url.pathname === path && url.searchParams.get('lang') === lang);
  await page.getByTestId(testId).waitFor();
}

/** A table row holding the text. */
export const tableRow = (page: Page, name: string): Locator =>
  page.locator('.ant-table-row', { hasText: name });

/**
 * Waits until `rows` are only those holding `query`: the list has answered its search. It keeps its
 * earlier rows until then, and a row clicked meanwhile can move under the pointer, so the click lands
 * on another row.
 */
export async function onlyMatches(rows: Locator, query: string): Promise<void> {
  const needle = query.toLowerCase();
  await expect
    .poll(async () => {
      const texts = await rows.allInnerTexts();
      return texts.length > 0 && texts.every((row) => row.toLowerCase().includes(needle));
    })
    .toBe(true);
}

/** Types `query` into a settings list's search box and waits for the table to show only its matches. */
export async function searchList(page: Page, searchTestId: string, query: string): Promise<void> {
  await page.getByTestId(searchTestId).fill(query);
  await onlyMatches(page.locator('.ant-table-row'), query);
}

/** Picks an option of the antd Select whose input has `id`. */
export async function choose(page: Page, id: string, option: string): Promise<void> {
  await page.locator(`#${id}`).click();
  await page
    .locator(`.ant-select-dropdown:has(#${id}_list) .ant-select-item-option`, { hasText: option })
    .first()
    .click();
}

export async function expectMessage(scope: Locator | Page, message: string): Promise<void> {
  await scope.getByText(message, { exact: true }).first().waitFor();
}

export async function noticeShows(page: Page, lang: Locale, key: TranslationKey): Promise<void> {
  await page.locator('.ant-message').getByText(text(lang, key)).first().waitFor();
}

/**
 * A full-page picture under e2e/artifacts/ once fonts are in, animations played to their end, then an axe
 * check of the same screen's state (every screen a journey shows is snapped, so every screen is checked;
 * a state already checked in this run is not checked again).
 */
export async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await savePicture(page, name, { style: '.ant-message { visibility: hidden; }' });
  // After the screenshot, so a failing check still leaves the picture of what it failed on.
  await scanOncePerState(page, name);
}

/**
 * Deletes the row holding `name` with its Delete button, after the confirmation, and waits for
 * the notice and for the row to go.
 */
export async function deleteRow(
  page: Page,
  lang: Locale,
  name: string,
  confirm: { title: string; ok: string; notice: TranslationKey; snapName?: string },
): Promise<void> {
  await tableRow(page, name)
    .getByRole('button', { name: text(lang, 'list.delete'), exact: true })
    .click();
  await confirmDialog(page, confirm.title, confirm.ok, confirm.snapName);
  await noticeShows(page, lang, confirm.notice);
  await tableRow(page, name).waitFor({ state: 'detached' });
}

/** Answers the confirmation dialog titled `title` with its OK button labelled `ok`. */
export async function confirmDialog(page: Page, title: string, ok: string, snapName?: string): Promise<void> {
  const dialog = page.locator('.settings-confirm');
  await dialog.locator('.ant-modal-confirm-title', { hasText: title }).waitFor();
  if (snapName) await snap(page, snapName);
  await dialog.getByRole('button', { name: ok }).click();
}
