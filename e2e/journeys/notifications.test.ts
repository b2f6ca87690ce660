// Live notifications (the bell and its drawer, over the live channel): a customer's new
// issue reaches the manager as a popup at the bottom right, titled with the customer and the channel, with
// their message as its text, and raises the bell's count; the popup opens the issue, which reads its notice;
// the inbox shows no new-issue popups; a message in the chat the user is reading makes no popup and no
// count; opening the bell clears the count, the drawer lists the notifications (issue id, channel, content,
// dd/MM/yyyy HH:mm, unread tinted) and an item opens its issue; badges overflow at 9+ and 99+; a
// registered device token suppresses the popup; on a phone the popup comes at the top, clear of the
// composer; failures show their notices. Desktop and phone, in English.
import { beforeEach, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Page } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession } from '../support/api';
import { assignedLineCustomer, newLineCustomer, userIdOf } from '../support/customers';
import type { Locale } from '../support/browser';
import { DEMO_PASSWORD } from '../support/demo';
import { liveOpen, openSignedIn, useBrowser } from '../support/journey';
import { noticeShows, snap } from '../support/settings';
import { text } from '../support/texts';

const browser = useBrowser();
const MANAGER = 'manager@demo.local';

const newCustomer = () => newLineCustomer('Khun Noti');

const bell = (page: Page) => page.getByTestId('notification-bell');
const bellCount = (page: Page) => bell(page).locator('.ant-badge-count').textContent();
const popup = (page: Page, customer: string) => page.locator('.notice-popup').filter({ hasText: customer });
const drawer = (page: Page) => page.getByTestId('notification-drawer');
const popupTitle = (page: Page, customer: string) =>
  popup(page, customer).locator('.ant-notification-notice-title, .ant-notification-notice-message');
const noBellCount = async (page: Page) => (await bell(page).locator('.ant-badge-count').count()) === 0;
/** The bell's count as shown (0 without a badge). */
const shownCount = async (page: Page) => ((await noBellCount(page)) ? 0 : Number(await bellCount(page)));

/**
 * The notice that raised the count asked for its popup in the same handler; the popup holder draws it in
 * the renders that follow, done within the next two frames.
 */
const drawn = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** The manager starts each test without notifications, so counts are exact. */
beforeEach(async () => {
  const api = await apiSession(inject('baseUrl'), MANAGER, DEMO_PASSWORD);
  await api.call('DELETE', '/web-notification');
  await api.dispose();
});

const lang = 'en' as Locale;
describe('notifications on desktop in en', () => {
  const t = (key: TranslationKey, values?: Record<string, string | number>) => text(lang, key, values);

  it('pops up a new issue with who wrote where, counts it, reads it on opening, and lists it', async () => {
    const { page, errors } = await openSignedIn(browser(), MANAGER, lang);
    await liveOpen(page);

    const customer = await newCustomer();
    await customer.says('สวัสดีค่ะ สอบถามค่าส่งหน่อยค่ะ');
    await popup(page, customer.name).waitFor();
    await expect.poll(() => bellCount(page)).toBe('1');
    const box = await popup(page, customer.name).boundingBox();
    const viewport = page.viewportSize()!;
    // bottom right
    expect(box!.x + box!.width).toBeGreaterThan(viewport.width - 60);
    expect(box!.y + box!.height).toBeGreaterThan(viewport.height - 200);
    // Titled with the customer and the channel; the customer's message is the text.
    expect(await popupTitle(page, customer.name).textContent()).toMatch(
      new RegExp(`^${customer.name} · \\S`),
    );
    expect(await popup(page, customer.name).locator('.notice-popup-text').textContent()).toBe(
      'สวัสดีค่ะ สอบถามค่าส่งหน่อยค่ะ',
    );
    await snap(page, `notifications-popup-desktop-${lang}`);

    // The popup opens the issue's chat, which reads its notice: the bell goes back to none.
    await popup(page, customer.name).click();
    await page.waitForURL((url) => url.pathname === '/issue/inbox' && url.searchParams.has('issueId'));
    const issueId = Number(new URL(page.url()).searchParams.get('issueId'));
    // The chat's code, its first page of messages (which reads the notice), then the bell's count: more
    // than expect.poll's default second when the page came from another screen.
    await expect.poll(() => noBellCount(page), { timeout: 10_000 }).toBe(true);

    // On the inbox a new issue raises the count without a popup.
    const second = await newCustomer();
    await second.says('ขอเลขพัสดุด้วยค่ะ');
    await expect.poll(() => bellCount(page)).toBe('1');
    await drawn(page);
    expect(await popup(page, second.name).count()).toBe(0);

    // Opening the bell clears the count on the server and shows the list, newest first; the opened issue's
    // notice is read, the other one not.
    await bell(page).click();
    await drawer(page).waitFor();
    const width = (await page.locator('.notification-drawer').boundingBox())!.width;
    expect(Math.round(width)).toBe(330);
    await expect.poll(() => drawer(page).getByTestId('notification-drawer-count').textContent()).toBe('1');
    const items = drawer(page).getByTestId('notification-item');
    await expect.poll(() => items.count()).toBe(2);
    await expect.poll(() => items.nth(0).textContent()).toContain(second.name);
    const first = items.filter({ hasText: customer.name });
    expect(await first.textContent()).toContain(t('notifications.issue', { id: issueId }));
    expect(await first.textContent()).toMatch(/\d\d\/\d\d\/\d{4} \d\d:\d\d/);
    expect(await first.locator('.channel-icon[data-channel-type="line"]').count()).toBe(1);
    expect(await first.getAttribute('data-read')).toBe('true');
    const latest = items.filter({ hasText: second.name });
    expect(await latest.getAttribute('data-read')).toBe('false');
    const api = await apiSession(inject('baseUrl'), MANAGER, DEMO_PASSWORD);
    await expect.poll(() => api.call<number>('GET', '/web-notification/count')).toBe(0);
    await snap(page, `notifications-drawer-desktop-${lang}`);

    // Clicking an item marks it read and opens its issue; the drawer closes and the bell shows 0.
    await latest.click();
    await page.waitForURL((url) => url.searchParams.get('issueId') !== String(issueId));
    const secondId = Number(new URL(page.url()).searchParams.get('issueId'));
    await expect.poll(() => noBellCount(page), { timeout: 10_000 }).toBe(true);
    const list = await api.call<{ items: Array<{ issueId: number; readStatus: boolean }> }>(
      'GET',
      '/web-notification',
    );
    expect(list.items.find((n) => n.issueId === secondId)?.readStatus).toBe(true);

    // Clear all, after a confirmation.
    await bell(page).click();
    await drawer(page).getByTestId('notification-clear-all').click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: t('notifications.clearAll') })
      .click();
    await drawer(page).getByText(t('notifications.empty')).waitFor();
    await api.dispose();
    expect(errors).toEqual([]);
  });

  it('keeps quiet about the chat being read, and tells of a message elsewhere with its sender', async () => {
    const admin = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
    const managerId = await userIdOf(MANAGER);
    const reading = await assignedLineCustomer(admin, managerId, 'Khun Reading');
    const waiting = await assignedLineCustomer(admin, managerId, 'Khun Waiting');
    const manager = await apiSession(inject('baseUrl'), MANAGER, DEMO_PASSWORD);
    const serverCount = () => manager.call<number>('GET', '/web-notification/count');
    const { page, errors } = await openSignedIn(
      browser(),
      MANAGER,
      lang,
      'desktop',
      `/issue/inbox?lang=${lang}&issueId=${reading.issueId}`,
    );
    await page.getByTestId('chat-pane').getByText(`hello from ${reading.name}`).waitFor();
    await liveOpen(page);
    // Opening the chat read its notices (new issue, assigned); the other issue's are still counted.
    await expect.poll(async () => (await shownCount(page)) === (await serverCount())).toBe(true);
    const before = await shownCount(page);
    expect(before).toBeGreaterThan(0);

    // A message in the open chat: shown there, without a popup or a count (read as the chat shows it).
    await reading.says('ขอเปลี่ยนสีได้ไหมคะ');
    await page.getByTestId('chat-pane').getByText('ขอเปลี่ยนสีได้ไหมคะ').waitFor();
    await drawn(page);
    expect(await popup(page, reading.name).count()).toBe(0);
    expect(await shownCount(page)).toBe(before);
    await expect.poll(serverCount).toBe(before);

    // A message on the user's other issue pops up with its sender, and counts.
    await waiting.says('รอนานแล้วนะคะ');
    await popup(page, waiting.name).waitFor();
    expect(await popupTitle(page, waiting.name).textContent()).toMatch(new RegExp(`^${waiting.name} · \\S`));
    expect(await popup(page, waiting.name).locator('.notice-popup-text').textContent()).toBe('รอนานแล้วนะคะ');
    await expect.poll(() => shownCount(page)).toBe(before + 1);
    await snap(page, `notifications-elsewhere-desktop-${lang}`);
    await admin.dispose();
    await manager.dispose();
    expect(errors).toEqual([]);
  });

  it('mutes an issue from the chat header: its messages bring nothing until it is unmuted', async () => {
    const admin = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
    const managerId = await userIdOf(MANAGER);
    const noisy = await assignedLineCustomer(admin, managerId, 'Khun Noisy');
    const reading = await assignedLineCustomer(admin, managerId, 'Khun Quiet');
    const { page, errors } = await openSignedIn(browser(), MANAGER, lang);
    const openChat = async (issueId: number, name: string) => {
      await page.goto(`${inject('baseUrl')}/issue/inbox?lang=${lang}&issueId=${issueId}`);
      await page.getByTestId('chat-pane').getByText(`hello from ${name}`).waitFor();
    };
    const toggle = page.getByTestId('mute-toggle');

    await openChat(noisy.issueId, noisy.name);
    expect(await toggle.getAttribute('aria-label')).toBe(t('inbox.chat.mute'));
    await toggle.click();
    await noticeShows(page, lang, 'inbox.chat.muted');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await toggle.getAttribute('aria-label')).toBe(t('inbox.chat.unmute'));
    await snap(page, `notifications-muted-desktop-${lang}`);

    // From another chat: the muted customer's message moves their card, with no popup and no count.
    await openChat(reading.issueId, reading.name);
    await liveOpen(page);
    const before = await shownCount(page);
    await noisy.says('ด่วนมากค่ะ');
    const noisyCard = page.getByTestId('issue-card').filter({ hasText: noisy.name });
    await expect.poll(() => noisyCard.textContent(), { timeout: 15_000 }).toContain('ด่วนมากค่ะ');
    await drawn(page);
    expect(await popup(page, noisy.name).count()).toBe(0);
    expect(await shownCount(page)).toBe(before);

    // Unmuted, the next message pops up again.
    await openChat(noisy.issueId, noisy.name);
    await toggle.click();
    await noticeShows(page, lang, 'inbox.chat.unmuted');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await openChat(reading.issueId, reading.name);
    await liveOpen(page);
    await noisy.says('ยังรออยู่นะคะ');
    await popup(page, noisy.name).waitFor();
    await admin.dispose();
    expect(errors).toEqual([]);
  });

  it('shows no popup while a device token is registered, but still counts', async () => {
    const { page } = await openSignedIn(browser(), MANAGER, lang);
    await page.evaluate(() => localStorage.setItem('deviceToken', 'registered-device'));
    await page.reload();
    await liveOpen(page);
    const customer = await newCustomer();
    await customer.says('มีของไหมคะ');
    await expect.poll(() => bellCount(page)).toBe('1');
    await drawn(page);
    expect(await popup(page, customer.name).count()).toBe(0);
  });
});

describe('notifications on a phone in en', () => {
  it('counts a notice in the mobile header and opens the issue chat from the drawer', async () => {
    const { page } = await openSignedIn(browser(), MANAGER, lang, 'phone');
    await liveOpen(page);
    const customer = await newCustomer();
    await customer.says('สั่งของได้ไหมคะ');
    await expect.poll(() => bellCount(page)).toBe('1');
    await bell(page).click();
    const item = drawer(page).getByTestId('notification-item').filter({ hasText: customer.name });
    await item.waitFor();
    await snap(page, `notifications-drawer-phone-${lang}`);
    await item.click();
    await page.waitForURL((url) => url.pathname === '/mobile/issue/chat' && url.searchParams.has('issueId'));
    expect(new URL(page.url()).searchParams.get('lang')).toBe(lang);
  });

  it('pops up at the top, clear of the composer, over a chat', async () => {
    const admin = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
    const managerId = await userIdOf(MANAGER);
    const reading = await assignedLineCustomer(admin, managerId, 'Khun Phone');
    const waiting = await assignedLineCustomer(admin, managerId, 'Khun Elsewhere');
    const { page } = await openSignedIn(
      browser(),
      MANAGER,
      lang,
      'phone',
      `/mobile/issue/chat?lang=${lang}&issueId=${reading.issueId}`,
    );
    const composer = page.getByTestId('composer');
    await composer.waitFor();
    await liveOpen(page);
    await waiting.says('ถึงไหนแล้วคะ');
    await popup(page, waiting.name).waitFor();
    const box = (await popup(page, waiting.name).boundingBox())!;
    const composerBox = (await composer.boundingBox())!;
    expect(box.y).toBeLessThan(120);
    expect(box.y + box.height).toBeLessThan(composerBox.y);
    await snap(page, `notifications-popup-phone-${lang}`);

    // The chat header mutes the issue on a phone too.
    const toggle = page.getByTestId('mute-toggle');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await admin.dispose();
  });
});
