// Drafts and sending: the reply box keeps a draft per issue through a reload and a change of chat; a reply
// is sent (its "sending" state and a failed request giving the text back are component tests: apps/web
// chat-pane.component.test.tsx); a reply the platform refuses says why, with Retry; while the server cannot
// be reached a banner says so, the header stops saying "Online", and both recover by themselves. In Thai,
// the banner on desktop and on a phone.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import { AdminClient } from '@sabai/simulator';
import { apiSession } from '../support/api';
import type { Locale, Viewport } from '../support/browser';
import { assignedLineCustomer, userIdOf } from '../support/customers';
import { DEMO_PASSWORD } from '../support/demo';
import { liveOpen, openSignedIn, useBrowser } from '../support/journey';
import { snap } from '../support/settings';
import { text } from '../support/texts';

const browser = useBrowser();
const MANAGER = 'manager@demo.local';
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function twoCustomers(label: string) {
  const admin = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
  try {
    const managerId = await userIdOf(MANAGER);
    return [
      await assignedLineCustomer(admin, managerId, label),
      await assignedLineCustomer(admin, managerId, label),
    ] as const;
  } finally {
    await admin.dispose();
  }
}

const composer = (page: Page) => page.getByTestId('composer-input');
const chatMessage = (page: Page, body: string) =>
  page.getByTestId('message-list').getByTestId('message').filter({ hasText: body });
const openCard = async (page: Page, issueId: number) => {
  await page.getByTestId('issue-list').locator(`[data-issue-id="${issueId}"]`).click();
  await page.locator(`[data-testid="chat-pane"][data-issue-id="${issueId}"]`).waitFor();
};

const lang = 'th' as Locale;
describe('drafts and sending in th', () => {
  const t = (key: TranslationKey) => text(lang, key);

  it('keeps a draft per issue, sends it, and says why a reply was refused', async () => {
    const label = `Draft${randomBytes(2).toString('hex')}`;
    const [first, second] = await twoCustomers(label);
    const { context, page, errors } = await openSignedIn(
      browser(),
      MANAGER,
      lang,
      'desktop',
      `/issue/inbox?lang=${lang}&search=${label}&issueId=${first.issueId}`,
    );
    const draftA = `ร่างคำตอบ A ${lang}`;
    const draftB = `ร่างคำตอบ B ${lang}`;
    await composer(page).fill(draftA);

    // Another chat has its own (empty) draft; both survive a reload.
    await openCard(page, second.issueId);
    expect(await composer(page).inputValue()).toBe('');
    await composer(page).fill(draftB);
    await page.reload();
    await expect.poll(() => composer(page).inputValue()).toBe(draftB);
    await openCard(page, first.issueId);
    expect(await composer(page).inputValue()).toBe(draftA);

    // Sent, then the draft is gone.
    await composer(page).press('Enter');
    expect(await composer(page).inputValue()).toBe('');
    const sending = chatMessage(page, draftA).getByTestId('delivery-status');
    await expect
      .poll(() => sending.innerText(), { timeout: 15_000 })
      .toMatch(new RegExp(`${t('inbox.delivery.sent')}|${t('inbox.delivery.delivered')}`));
    await page.reload();
    await chatMessage(page, draftA).waitFor();
    expect(await composer(page).inputValue()).toBe('');

    // LINE refuses the picture: the chat says so in the reader's language, with Retry.
    await new AdminClient(inject('simulatorUrl')).lineFailNext(1, { status: 400 }, '/v2/bot/message/');
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL });
    await page.getByTestId('composer').getByText('pixel.png').waitFor();
    await page.getByTestId('send').click();
    const refused = page.getByTestId('message').filter({ has: page.getByTestId('delivery-failure') });
    await refused.getByTestId('retry-message').waitFor({ timeout: 20_000 });
    expect(await refused.getByTestId('delivery-failure').innerText()).toContain(
      text(lang, 'inbox.delivery.reasons.refused', { platform: 'LINE', detail: '' }).trim(),
    );
    expect(await refused.getByTestId('delivery-failure').innerText()).toContain('The request body has');
    await snap(page, `drafts-refused-desktop-${lang}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/**
 * Routes the page's live socket through the test: `cut()` drops it and refuses new ones (the server cannot
 * be reached), `mend()` lets the next attempt through to the server again.
 */
async function cuttableSocket(context: BrowserContext, page: Page) {
  let isDown = false;
  let current: WebSocketRoute | undefined;
  await context.routeWebSocket(/\/ws/, (socket) => {
    if (isDown) {
      void socket.close({ code: 1001, reason: 'Going away' });
      return;
    }
    current = socket;
    socket.connectToServer();
  });
  await page.reload();
  await liveOpen(page);
  return {
    cut: async () => {
      isDown = true;
      await current?.close({ code: 1001, reason: 'Going away' });
    },
    mend: () => {
      isDown = false;
    },
  };
}

describe.each<Viewport>(['desktop', 'phone'])('lost connection in th on %s', (viewport) => {
  it('shows the banner while the server cannot be reached and recovers by itself', async () => {
    const { context, page, errors } = await openSignedIn(browser(), MANAGER, lang, viewport);
    const socket = await cuttableSocket(context, page);
    const banner = page.getByTestId('connection-lost');
    expect(await banner.count()).toBe(0);
    const availability = page.getByTestId('availability-status');
    // The availability as it reads before (a blank space until it has loaded).
    if (viewport === 'desktop') await expect.poll(() => availability.innerText()).toMatch(/\S/);
    const before = viewport === 'desktop' ? await availability.innerText() : '';

    await socket.cut();
    await banner.getByText(text(lang, 'common.connectionLost')).waitFor();
    if (viewport === 'desktop') {
      await availability.getByText(text(lang, 'availability.disconnected')).waitFor();
      expect(await availability.innerText()).not.toBe(text(lang, 'availability.online'));
    }
    await snap(page, `connection-lost-${viewport}-${lang}`);

    socket.mend();
    // The socket tries again after 1, 2, 4… seconds: the banner goes once an attempt gets through.
    await banner.waitFor({ state: 'detached', timeout: 30_000 });
    if (viewport === 'desktop') await expect.poll(() => availability.innerText()).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });
});
