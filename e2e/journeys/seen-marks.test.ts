// Read receipts: a Messenger customer reads the agent's reply and the chat marks it
// "Seen" with the time, live. Desktop and phone, in Thai.
import { describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession } from '../support/api';
import type { Locale, Viewport } from '../support/browser';
import { assignedMessengerCustomer, userIdOf } from '../support/customers';
import { DEMO_PASSWORD } from '../support/demo';
import { liveOpen, openSignedIn, useBrowser } from '../support/journey';
import { snap } from '../support/settings';
import { text } from '../support/texts';

const browser = useBrowser();
const MANAGER = 'manager@demo.local';

const lang = 'th' as Locale;
describe.each<Viewport>(['desktop', 'phone'])('seen marks in th on a %s', (viewport) => {
  const t = (key: TranslationKey) => text(lang, key);

  it("marks the agent's reply seen when the Messenger customer reads it", async () => {
    const admin = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
    const customer = await assignedMessengerCustomer(admin, await userIdOf(MANAGER), 'Reader');
    await admin.dispose();
    const { context, page, errors } = await openSignedIn(browser(), MANAGER, lang, viewport);
    const chat = viewport === 'phone' ? '/mobile/issue/chat' : '/issue/inbox';
    await page.goto(`${chat}?lang=${lang}&issueId=${customer.issueId}`);
    const list = page.getByTestId('message-list');
    await list.getByText(`hello from ${customer.name}`).waitFor();
    await liveOpen(page);

    const reply = lang === 'th' ? 'จัดส่งพรุ่งนี้ค่ะ' : 'It ships tomorrow';
    await page.getByTestId('composer-input').fill(reply);
    await page.getByTestId('send').click();
    const status = list.getByTestId('message').filter({ hasText: reply }).getByTestId('delivery-status');
    await status.getByText(t('inbox.delivery.sent')).waitFor();

    await customer.readsAll();
    const seenPrefix = t('inbox.delivery.seen').replace(/\s*$/, '').split(' ')[0]!;
    await expect.poll(() => status.innerText()).toMatch(new RegExp(`^\\s*${seenPrefix} \\d{2}:\\d{2}`));
    await snap(page, `seen-marks-${viewport}-${lang}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
