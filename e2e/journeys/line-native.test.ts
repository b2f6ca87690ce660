// LINE-native conversations: a customer's sticker shows as its picture with LINE's
// keywords; the agent sends a sticker from the picker (recent ones first next time) and a reply with
// quick-reply buttons, whose tap comes back marked as the answer; a customer who blocks the account gets a
// banner in the chat and the reply box says why it is closed, until they add the account again. In Thai,
// on desktop; the sticker picker on a phone.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Page } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession } from '../support/api';
import type { Locale, Viewport } from '../support/browser';
import { assignedLineCustomer, userIdOf } from '../support/customers';
import { DEMO_PASSWORD } from '../support/demo';
import { liveOpen, openSignedIn, useBrowser } from '../support/journey';
import { snap } from '../support/settings';
import { text } from '../support/texts';

const browser = useBrowser();
const MANAGER = 'manager@demo.local';

async function managersCustomer(label: string) {
  const admin = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
  try {
    return await assignedLineCustomer(admin, await userIdOf(MANAGER), label);
  } finally {
    await admin.dispose();
  }
}

/** A shared canned response with a quick-reply button, made by the admin (and removed by `remove`). */
async function cannedWithButtons(lang: Locale) {
  const admin = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
  const suffix = randomBytes(3).toString('hex');
  const category = await admin.call<{ id: string }>('POST', '/canned-categories', {
    name: `Buttons ${suffix}`,
  });
  const name = `sizes${suffix}`;
  const message = lang === 'th' ? `เลือกไซซ์ได้เลยค่ะ ${suffix}` : `Pick your size ${suffix}`;
  const button = lang === 'th' ? 'ไซซ์ M' : 'Size M';
  const response = await admin.call<{ id: string }>('POST', '/canned-responses', {
    categoryId: category.id,
    name,
    message,
    quickReplies: [{ type: 'text', label: button, text: button }],
  });
  return {
    name,
    message,
    button,
    remove: async () => {
      await admin.call('DELETE', `/canned-responses/${response.id}`);
      await admin.call('DELETE', `/canned-categories/${category.id}`);
      await admin.dispose();
    },
  };
}

const chatMessage = (page: Page, body: string) =>
  page.getByTestId('message-list').getByTestId('message').filter({ hasText: body });
const stickerSent = (messages: Array<Record<string, unknown>>) =>
  messages.filter((m) => m.type === 'sticker');

const lang = 'th' as Locale;
describe('LINE-native chat in th', () => {
  const t = (key: TranslationKey, values?: Record<string, string | number>) => text(lang, key, values);

  it('shows and sends stickers, offers quick replies and links the tap', async () => {
    const customer = await managersCustomer('Sticker Fan');
    const { context, page, errors } = await openSignedIn(
      browser(),
      MANAGER,
      lang,
      'desktop',
      `/issue/inbox?lang=${lang}&issueId=${customer.issueId}`,
    );
    await chatMessage(page, `hello from ${customer.name}`).waitFor();
    await liveOpen(page);

    // The customer's sticker: its picture, named by LINE's keywords.
    await customer.sendsSticker({ packageId: '446', stickerId: '1990', keywords: ['Thanks', 'Bow'] });
    const received = page.getByTestId('message-list').getByRole('img', { name: 'Thanks, Bow' });
    await received.waitFor();
    await expect
      .poll(() => received.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    // The agent answers with a sticker from the picker.
    await page.getByTestId('sticker-button').click();
    const picker = page.getByTestId('sticker-picker');
    await picker.getByTestId('sticker-option').first().waitFor();
    await snap(page, `stickers-picker-desktop-${lang}`);
    await picker.getByRole('button', { name: t('inbox.stickers.send', { id: '1989' }) }).click();
    await expect
      .poll(async () => stickerSent(await customer.receivedMessages()))
      .toEqual([{ type: 'sticker', packageId: '446', stickerId: '1989' }]);
    const sent = page.getByTestId('message-list').locator('.bubble-row--out [data-testid="sticker"]');
    await sent.waitFor();
    // Next time, the sticker the agent sent comes first, under "Recent".
    await page.getByTestId('sticker-button').click();
    await picker.getByRole('button', { name: t('inbox.stickers.recent'), pressed: true }).waitFor();
    await page.keyboard.press('Escape');

    // A reply with two quick-reply buttons.
    await page.getByTestId('quick-replies-button').click();
    const form = page.getByTestId('quick-replies-form');
    await form.getByTestId('quick-reply-label').fill(lang === 'th' ? 'ส่งพรุ่งนี้' : 'Tomorrow');
    await form.getByTestId('quick-reply-text').fill(lang === 'th' ? 'ขอส่งพรุ่งนี้ค่ะ' : 'Tomorrow, please');
    await form.getByTestId('quick-reply-add').click();
    await form.getByTestId('quick-reply-type').click();
    await page
      .locator('.ant-select-dropdown')
      .getByText(t('inbox.quickReplies.types.date'), { exact: true })
      .click();
    await form.getByTestId('quick-reply-label').fill(lang === 'th' ? 'เลือกวัน' : 'Pick a day');
    await form.getByTestId('quick-reply-add').click();
    await snap(page, `quick-replies-form-desktop-${lang}`);
    await page.getByTestId('quick-replies-button').click();
    await page
      .getByTestId('quick-reply-tags')
      .getByText(lang === 'th' ? 'เลือกวัน' : 'Pick a day')
      .waitFor();
    const question = lang === 'th' ? 'สะดวกรับของวันไหนคะ' : 'When would you like it delivered?';
    await page.getByTestId('composer-input').fill(question);
    await page.getByTestId('send').click();
    const offered = chatMessage(page, question);
    await offered.getByTestId('offered-quick-reply').nth(1).waitFor();
    expect(await page.getByTestId('quick-reply-tags').count()).toBe(0);
    // The reply shows at once, under a temporary id until the server has stored it.
    await expect.poll(async () => Number(await offered.getAttribute('data-message-id'))).toBeGreaterThan(0);
    const messageId = Number(await offered.getAttribute('data-message-id'));

    // The customer taps the first button: their answer is marked as the tap.
    await customer.taps(`sabai-qr:${messageId}:${lang === 'th' ? 'ส่งพรุ่งนี้' : 'Tomorrow'}`);
    const answer = page
      .getByTestId('message-list')
      .getByTestId('message')
      .filter({ has: page.getByTestId('quick-reply-answer') });
    await answer.getByText(t('inbox.quickReplies.answered')).waitFor();
    await snap(page, `quick-replies-answered-desktop-${lang}`);

    // A canned response brings its buttons with its text.
    const canned = await cannedWithButtons(lang);
    await page.getByTestId('composer-input').fill(`/${canned.name}`);
    await page.getByTestId('canned-option').filter({ hasText: canned.name }).click();
    await page.getByTestId('quick-reply-tags').getByText(canned.button).waitFor();
    await page.getByTestId('send').click();
    await chatMessage(page, canned.message).getByTestId('offered-quick-reply').waitFor();
    await expect
      .poll(async () =>
        (await customer.receivedMessages()).some(
          (m) => m.text === canned.message && JSON.stringify(m.quickReply).includes(canned.button),
        ),
      )
      .toBe(true);
    await canned.remove();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says the customer blocked the account, closes the reply box until they add it again', async () => {
    const customer = await managersCustomer('Blocker');
    const { context, page, errors } = await openSignedIn(
      browser(),
      MANAGER,
      lang,
      'desktop',
      `/issue/inbox?lang=${lang}&issueId=${customer.issueId}`,
    );
    await chatMessage(page, `hello from ${customer.name}`).waitFor();
    await liveOpen(page);

    await customer.blocks();
    await page.getByTestId('customer-blocked').getByText(t('inbox.chat.customerBlocked')).waitFor();
    await page.getByTestId('reply-blocked').getByText(t('inbox.composer.blocked')).waitFor();
    expect(await page.getByTestId('send').isDisabled()).toBe(true);
    await snap(page, `customer-blocked-desktop-${lang}`);
    // A private note can still be written for the team.
    await page.getByTestId('note-switch').click();
    await page
      .getByTestId('composer-input')
      .fill(lang === 'th' ? 'ลูกค้าบล็อกหลังคืนเงิน' : 'Blocked us after the refund');
    expect(await page.getByTestId('send').isDisabled()).toBe(false);
    await page.getByTestId('note-switch').click();

    await customer.addsAgain();
    await page.getByTestId('customer-blocked').waitFor({ state: 'detached' });
    await page.getByTestId('reply-blocked').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each<Viewport>(['phone'])('stickers in th on a %s', (viewport) => {
  it('sends a sticker from the phone chat', async () => {
    const customer = await managersCustomer('Phone Sticker');
    const { context, page, errors } = await openSignedIn(
      browser(),
      MANAGER,
      lang,
      viewport,
      `/mobile/issue/chat?lang=${lang}&issueId=${customer.issueId}`,
    );
    await chatMessage(page, `hello from ${customer.name}`).waitFor();
    await page.getByTestId('sticker-button').click();
    const picker = page.getByTestId('sticker-picker');
    await picker.getByTestId('sticker-option').first().waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await snap(page, `stickers-picker-phone-${lang}`);
    await picker.getByTestId('sticker-option').first().click();
    await page.getByTestId('message-list').locator('.bubble-row--out [data-testid="sticker"]').waitFor();
    await expect.poll(async () => stickerSent(await customer.receivedMessages()).length).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
