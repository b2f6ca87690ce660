// Keyboard first: J/K and Alt+↓/↑ move through the list, R goes to the reply box, `/`
// to the search, C opens the canned responses, P switches to a private note, E resolves, ? lists them all,
// and none fires while typing. In the reply box `/deliv` filters the canned responses in place (arrows, Enter
// or Tab, Esc), and "/…" that matches nothing is sent as typed. Skip links take Tab past the header and the
// list. In English, on desktop; the in-place filter on a phone.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Page } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession } from '../support/api';
import type { Locale } from '../support/browser';
import { assignedLineCustomer, userIdOf } from '../support/customers';
import { DEMO_PASSWORD } from '../support/demo';
import { liveOpen, openSignedIn, useBrowser } from '../support/journey';
import { snap } from '../support/settings';
import { text } from '../support/texts';

const browser = useBrowser();
const MANAGER = 'manager@demo.local';
const DELIVERY_TIME = 'จัดส่งภายใน 1–3 วันทำการค่ะ / Delivery takes 1–3 business days.';
const TRACKING = 'You can track your parcel at https://track.example.com with your order number.';

/** Two new customers whose issues the admin gave the manager; the label finds both (and only them). */
async function twoCustomers(label: string) {
  const admin = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
  try {
    const managerId = await userIdOf(MANAGER);
    const first = await assignedLineCustomer(admin, managerId, label);
    const second = await assignedLineCustomer(admin, managerId, label);
    return [first, second];
  } finally {
    await admin.dispose();
  }
}

const openIssueId = (page: Page) => Number(new URL(page.url()).searchParams.get('issueId'));
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const composer = (page: Page) => page.getByTestId('composer-input');
/** Takes the focus out of any field, as a click on the page's background would. */
const leaveField = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

const lang = 'en' as Locale;
describe('keyboard in en', () => {
  const t = (key: TranslationKey) => text(lang, key);

  it('moves through the list, answers and resolves from the keyboard, with the help sheet', async () => {
    const label = `Keys${randomBytes(2).toString('hex')}`;
    await twoCustomers(label);
    const { context, page, errors } = await openSignedIn(
      browser(),
      MANAGER,
      lang,
      'desktop',
      `/issue/inbox?lang=${lang}&search=${label}`,
    );
    const cards = page.getByTestId('issue-list').getByTestId('issue-card');
    await expect.poll(() => cards.count()).toBe(2);
    const listed = async () =>
      (await cards.evaluateAll((all) => all.map((card) => card.getAttribute('data-issue-id')))).map(Number);
    const ids = await listed();

    // J opens the first issue, J the next, K back, Alt+↓ the next again.
    await page.keyboard.press('j');
    await expect.poll(() => openIssueId(page)).toBe(ids[0]);
    await page.keyboard.press('j');
    await expect.poll(() => openIssueId(page)).toBe(ids[1]);
    await page.keyboard.press('k');
    await expect.poll(() => openIssueId(page)).toBe(ids[0]);
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => openIssueId(page)).toBe(ids[1]);
    await page
      .getByTestId('chat-pane')
      .and(page.locator(`[data-issue-id="${ids[1]}"]`))
      .waitFor();

    // ? lists every shortcut.
    await page.keyboard.press('Shift+?');
    const help = page.getByRole('dialog', { name: t('inbox.shortcuts.title') });
    await help.getByText(t('inbox.shortcuts.resolve')).waitFor();
    await snap(page, `keyboard-help-desktop-${lang}`);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
    // The dialog hands the focus back only when its closing animation has ended, a moment after it is
    // hidden; a key pressed before then still belongs to the dialog.
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))))
      .toBe(false);

    // R: the reply box. Letters typed there are text, never shortcuts.
    await page.keyboard.press('r');
    expect(await focusedId(page)).toBe('reply-box');
    await page.keyboard.type('jk');
    expect(openIssueId(page)).toBe(ids[1]);

    // "/deliv" filters the canned responses in place; ↓ ↑ move, Enter inserts.
    await composer(page).fill('');
    await page.keyboard.type('/deliv');
    const picker = page.getByTestId('canned-picker');
    const active = picker.locator('[role="option"][aria-selected="true"]');
    await active.filter({ hasText: 'Delivery time' }).waitFor();
    await snap(page, `keyboard-canned-inline-desktop-${lang}`);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect.poll(() => composer(page).inputValue()).toBe(DELIVERY_TIME);
    await picker.waitFor({ state: 'hidden' });

    // Esc closes the list and leaves the text; Tab inserts like Enter.
    await composer(page).fill('');
    await page.keyboard.type('/welc');
    await picker.getByText('Welcome').waitFor();
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'hidden' });
    expect(await composer(page).inputValue()).toBe('/welc');
    await composer(page).fill('');
    await page.keyboard.type('/track');
    await active.filter({ hasText: 'Tracking' }).waitFor();
    await page.keyboard.press('Tab');
    await expect.poll(() => composer(page).inputValue()).toBe(TRACKING);

    // "/…" that matches no canned response is sent as typed.
    const slashText = `/${label} no such response`;
    await composer(page).fill('');
    await page.keyboard.type(slashText);
    await picker.getByText(t('inbox.composer.cannedEmpty')).waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('message').filter({ hasText: slashText }).waitFor();
    await expect.poll(() => composer(page).inputValue()).toBe('');

    // P: a private note and back; C: the canned responses with their own search, chosen with the keys.
    await leaveField(page);
    const noteSwitch = page.getByTestId('note-switch');
    await page.keyboard.press('p');
    await expect.poll(() => noteSwitch.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('p');
    await expect.poll(() => noteSwitch.getAttribute('aria-checked')).toBe('false');
    await page.keyboard.press('c');
    // Keys reach the picker's search once it has the focus (a keyboard user sees the caret there).
    const search = picker.getByRole('textbox');
    await expect.poll(() => search.evaluate((field) => field === document.activeElement)).toBe(true);
    await page.keyboard.type('track');
    await active.filter({ hasText: 'Tracking' }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => composer(page).inputValue()).toBe(TRACKING);
    await composer(page).fill('');

    // /: the search. E: resolved, as the status menu would, on the issue nobody answered yet (an answered
    // one waits for the customer, and only an on-going issue is resolved).
    await leaveField(page);
    await page.keyboard.press('/');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(t('inbox.search'));
    await leaveField(page);
    // The answered issue may have moved up the list: J or K, whichever leads to the other one.
    const order = await listed();
    await page.keyboard.press(order.indexOf(ids[0]!) > order.indexOf(ids[1]!) ? 'j' : 'k');
    await page
      .getByTestId('chat-pane')
      .and(page.locator(`[data-issue-id="${ids[0]}"]`))
      .waitFor();
    await page.keyboard.press('e');
    await page
      .getByTestId('chat-pane')
      .getByText(t('issue.status.resolved-success'), { exact: true })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes Tab past the header and the list to the reply box with the skip links', async () => {
    const [customer] = await twoCustomers(`Skip${randomBytes(2).toString('hex')}`);
    const { context, page, errors } = await openSignedIn(
      browser(),
      MANAGER,
      lang,
      'desktop',
      `/issue/inbox?lang=${lang}&issueId=${customer!.issueId}`,
    );
    await composer(page).waitFor();
    await liveOpen(page);
    await leaveField(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: text(lang, 'common.skipToContent') });
    await expect.poll(() => skip.evaluate((link) => link === document.activeElement)).toBe(true);
    await snap(page, `keyboard-skip-link-desktop-${lang}`);
    await page.keyboard.press('Enter');
    expect(await focusedId(page)).toBe('main-content');
    await page.keyboard.press('Tab');
    const toReply = page.getByRole('link', { name: t('inbox.shortcuts.skipToReply') });
    await expect.poll(() => toReply.evaluate((link) => link === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await focusedId(page)).toBe('reply-box');
    // Landmarks: the page's main region and the named issue list.
    await page.getByRole('main').waitFor();
    await page.getByRole('complementary', { name: t('inbox.listLabel') }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('keyboard on a phone in en', () => {
  it('filters canned responses in place from "/" and inserts the one tapped', async () => {
    const [customer] = await twoCustomers(`KeysPhone${randomBytes(2).toString('hex')}`);
    const { context, page, errors } = await openSignedIn(
      browser(),
      MANAGER,
      lang,
      'phone',
      `/mobile/issue/chat?lang=${lang}&issueId=${customer!.issueId}`,
    );
    await composer(page).tap();
    await page.keyboard.type('/deliv');
    const option = page.getByTestId('canned-picker').getByRole('option', { name: /Delivery time/ });
    await option.waitFor();
    await snap(page, `keyboard-canned-inline-phone-${lang}`);
    await option.tap();
    await expect.poll(() => composer(page).inputValue()).toBe(DELIVERY_TIME);
    expect(errors).toEqual([]);
    await context.close();
  });
});
