// AI assist settings (/setting/ai): an admin opens the screen from the menu, enters the
// simulator's OpenAI-compatible endpoint, model and key, tests the connection before saving (ok, with the
// model), turns AI on with a budget and saves; the key is then shown only as saved, and the meter shows the
// month's requests against the budget. A wrong key typed in its place fails the test with the translated
// reason. Staff do not see the screen. In Thai.
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import { AdminClient } from '@sabai/simulator';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession } from '../support/api';
import { turnAiOff } from '../support/ai';
import { sideMenuLabels, signInThroughApi } from '../support/app';
import { newContext, openPage, type Locale } from '../support/browser';
import { DEMO_PASSWORD } from '../support/demo';
import { openSignedIn, useBrowser } from '../support/journey';
import { noticeShows, openFromMenu, snap } from '../support/settings';
import { text } from '../support/texts';

const browser = useBrowser();
const KEY = 'sk-e2e-ai-settings-0123456789';

// AI assist stays off for the journeys after this one: its actions would show in their chats.
afterAll(async () => {
  const admin = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
  try {
    await turnAiOff(admin);
  } finally {
    await admin.dispose();
  }
});

const lang = 'th' as Locale;
describe('AI assist settings in th', () => {
  const t = (key: TranslationKey, values?: Record<string, string | number>) => text(lang, key, values);

  it('connects the simulator’s model endpoint, saves it with the key write-only, and shows the meter', async () => {
    const simulatorUrl = inject('simulatorUrl');
    await new AdminClient(simulatorUrl).aiAddKey(KEY);
    const context = await newContext(browser(), inject('baseUrl'), 'desktop', lang);
    const { page, errors } = await openPage(context);
    await signInThroughApi(page, 'admin@demo.local', DEMO_PASSWORD, lang);
    await openFromMenu(page, lang, 'nav.aiAssist', '/setting/ai', 'ai-assist-page');
    await page.getByTestId('ai-settings-form').waitFor();
    // The log has loaded: empty, or the requests of the journeys before this one (the demo organisation's).
    const log = page.getByTestId('ai-request-log');
    await log.locator('.ant-table-row, .ant-empty').first().waitFor();

    await page.getByTestId('ai-base-url').fill(`${simulatorUrl}/openai/v1`);
    await page.getByTestId('ai-model').fill('gpt-4o-mini');
    // The other language's run may have saved a key already: replace it.
    if (await page.getByTestId('ai-key-replace').isVisible())
      await page.getByTestId('ai-key-replace').click();
    await page.getByTestId('ai-api-key').fill(KEY);
    await page.getByTestId('ai-test').click();
    const result = page.getByTestId('ai-test-result');
    await result.waitFor();
    // "Connected to gpt-4o-mini in N ms." in the page's language, N the measured time.
    const [before, after] = t('aiAssist.testOk', { model: 'gpt-4o-mini', ms: 999_999 }).split('999999');
    const shown = await result.innerText();
    expect(shown.startsWith(before!) && shown.trim().endsWith(after!.trim())).toBe(true);
    expect(await result.getAttribute('class')).toContain('ant-alert-success');
    await snap(page, `ai-settings-tested-desktop-${lang}`);

    if (!(await page.getByTestId('ai-enabled').isChecked())) await page.getByTestId('ai-enabled').click();
    await page.getByTestId('ai-budget').fill('50');
    await page.getByTestId('ai-save').click();
    await noticeShows(page, lang, 'aiAssist.saved');
    await page.getByTestId('ai-key-state').getByText(t('aiAssist.apiKeySaved')).waitFor();
    expect(await page.getByTestId('ai-api-key').count()).toBe(0);
    expect(await page.content()).not.toContain(KEY);
    // This month's requests so far (other journeys may have asked the model) against the new budget.
    const admin = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
    const { requests } = await admin.call<{ requests: number }>('GET', '/ai/usage');
    await admin.dispose();
    await expect
      .poll(() => page.getByTestId('ai-usage-text').innerText())
      .toBe(t('aiAssist.usageOf', { used: requests, budget: 50 }));

    // After a reload the key is still only "saved".
    await page.reload();
    await page.getByTestId('ai-key-state').getByText(t('aiAssist.apiKeySaved')).waitFor();
    expect(await page.getByTestId('ai-base-url').inputValue()).toBe(`${simulatorUrl}/openai/v1`);
    await snap(page, `ai-settings-saved-desktop-${lang}`);

    // A wrong key in its place: the test fails with the translated reason, and nothing is saved.
    await page.getByTestId('ai-key-replace').click();
    await page.getByTestId('ai-api-key').fill('sk-wrong-key-000000');
    await page.getByTestId('ai-test').click();
    await page
      .getByTestId('ai-test-result')
      .getByText(t('errors.ai.auth_failed'), { exact: false })
      .waitFor();
    await snap(page, `ai-settings-wrong-key-desktop-${lang}`);
    expect(errors).toEqual([]);
    await context.close();

    const staff = await openSignedIn(browser(), 'staff@demo.local', lang);
    expect(await sideMenuLabels(staff.page)).not.toContain(t('nav.aiAssist'));
    await staff.context.close();
  });
});
