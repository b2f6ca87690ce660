// LINE staff alerts (the replacement for LINE Notify): a staff member links their LINE account
// from the profile by sending the shown code to the organisation's LINE account, then receives an issue
// assigned to them as a LINE message, and unlinks after a confirmation. In English, on desktop, and
// the code on a phone.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession } from '../support/api';
import type { Locale } from '../support/browser';
import { DEMO_PASSWORD } from '../support/demo';
import { openSignedIn, useBrowser } from '../support/journey';
import { noticeShows, snap } from '../support/settings';
import { demoLineCustomer } from '../support/simulator';
import { text } from '../support/texts';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const simulatorUrl = inject('simulatorUrl');
const lineUser = () => `U${randomBytes(16).toString('hex')}`;

/** A customer writes in and the manager assigns the issue to Suda (staff2): she is notified. */
async function assignNewIssueToSuda(): Promise<number> {
  const name = `Alert ${randomBytes(2).toString('hex')}`;
  const customer = await demoLineCustomer(simulatorUrl, baseUrl, lineUser(), name);
  await customer.says('ขอคุยกับเจ้าหน้าที่ค่ะ');
  const manager = await apiSession(baseUrl, 'manager@demo.local', DEMO_PASSWORD);
  try {
    type Issues = { items: { id: number; contact: { displayName: string } }[] };
    const issueOf = async () =>
      (await manager.call<Issues>('GET', `/issues?search=${encodeURIComponent(name)}`)).items.find(
        (item) => item.contact.displayName === name,
      );
    await expect.poll(issueOf, { timeout: 15_000 }).toBeDefined();
    const issue = (await issueOf())!;
    const { agents } = await manager.call<{ agents: { id: string; displayName: string }[] }>(
      'GET',
      '/issues/filter-options',
    );
    const suda = agents.find((a) => a.displayName === 'Suda Staff')!;
    await manager.call('PUT', `/issues/${issue.id}/assignee`, { userId: suda.id });
    return issue.id;
  } finally {
    await manager.dispose();
  }
}

const lang = 'en' as Locale;
describe('LINE alerts in en', () => {
  const t = (key: TranslationKey) => text(lang, key);

  it('links LINE with the shown code, gets an assignment there, and unlinks', async () => {
    const { context, page, errors } = await openSignedIn(
      browser(),
      'staff2@demo.local',
      lang,
      'desktop',
      `/profile/edit-profile?lang=${lang}`,
    );
    const settings = page.getByTestId('notification-settings');
    await settings.getByText(t('profile.notifications.lineNotLinked')).waitFor();
    await page.getByTestId('line-link-start').click();
    const code = await page.getByTestId('line-link-code').locator('.line-link__value').innerText();
    expect(code).toMatch(/^SABAI-\d{6}$/);
    await snap(page, `line-alerts-code-desktop-${lang}`);

    // On the phone, in LINE: Suda sends the code to the shop's account; the profile sees the link.
    const sudaOnLine = lineUser();
    const suda = await demoLineCustomer(simulatorUrl, baseUrl, sudaOnLine, 'Suda (LINE)');
    await suda.says(code);
    await settings.getByText(t('profile.notifications.lineLinked')).waitFor({ timeout: 15_000 });
    await expect.poll(() => suda.received()).toContainEqual(expect.stringContaining('Sabai Inbox'));
    await snap(page, `line-alerts-linked-desktop-${lang}`);

    const issueId = await assignNewIssueToSuda();
    await expect
      .poll(async () => (await suda.received()).some((m) => m.includes(`issueId=${issueId}`)), {
        timeout: 15_000,
      })
      .toBe(true);

    await page.getByTestId('line-unlink').click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: t('profile.notifications.unlink') })
      .click();
    await noticeShows(page, lang, 'profile.notifications.unlinked');
    await settings.getByText(t('profile.notifications.lineNotLinked')).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('LINE alerts on a phone in en', () => {
  it('shows the code to send', async () => {
    const { context, page, errors } = await openSignedIn(
      browser(),
      'staff2@demo.local',
      lang,
      'phone',
      `/mobile/profile/edit-profile?lang=${lang}`,
    );
    await page.getByTestId('line-link-start').click();
    await page
      .getByTestId('line-link-code')
      .getByText(/^SABAI-\d{6}$/)
      .waitFor();
    await snap(page, `line-alerts-code-phone-${lang}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
