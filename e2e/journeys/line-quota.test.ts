// This month's LINE message quota: an admin opens the demo LINE channel's settings and
// sees used / limit with the amber bar, the free replies and counted pushes, then the same on the
// dashboard's card. Desktop, in English. The simulator plays LINE: its limit is set through its
// admin API so that the usage reads past 80 %, and set back to none at the end.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from '../support/stack';
import { AdminClient } from '@sabai/simulator';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession, type ApiSession } from '../support/api';
import type { Locale } from '../support/browser';
import { DEMO_PASSWORD } from '../support/demo';
import { openSignedIn, useBrowser } from '../support/journey';
import { snap } from '../support/settings';
import { DEMO_LINE } from '../support/simulator';
import { issueOf, newLineCustomer } from '../support/customers';
import { text } from '../support/texts';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const simulatorUrl = inject('simulatorUrl');
const simulator = new AdminClient(simulatorUrl);
let admin: ApiSession;
let channel: { id: string; name: string } | undefined;
let expected: { used: number; limit: number };

type Messages = { items: Array<{ id: number; deliveryStatus: string }> };

/** Calls the simulator's LINE API as the demo account. */
function asDemoAccount(path: string, body?: unknown) {
  return fetch(`${simulatorUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${DEMO_LINE.accessToken}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** LINE's own figure for the demo account (other journeys push through it too). */
async function lineUsage(): Promise<number> {
  const res = await asDemoAccount('/v2/bot/message/quota/consumption');
  return ((await res.json()) as { totalUsage: number }).totalUsage;
}

/** The agent answers through the product and the delivery is over. */
async function agentAnswers(issueId: number, body: string) {
  const sent = await admin.call<{ id: number }>('POST', `/issues/${issueId}/messages`, { text: body });
  // Set-up runs outside a test, where expect.poll is not available.
  await vi.waitFor(
    async () => {
      const { items } = await admin.call<Messages>('GET', `/issues/${issueId}/messages`);
      if (items.find((m) => m.id === sent.id)?.deliveryStatus !== 'sent') throw new Error('not sent yet');
    },
    { timeout: 15_000, interval: 200 },
  );
}

beforeAll(async () => {
  admin = await apiSession(baseUrl, 'admin@demo.local', DEMO_PASSWORD);
  // A customer writes; the agent's first answer is a free reply, the second a counted push (no limit yet,
  // so the product's own check has nothing to warn about).
  const customer = await newLineCustomer('Quota');
  await customer.says('ขอใบเสร็จค่ะ');
  const issueId = await issueOf(admin, customer.name);
  await agentAnswers(issueId, 'ยินดีให้บริการค่ะ');
  await agentAnswers(issueId, 'ส่งใบเสร็จทางอีเมลแล้วนะคะ');
  const channels = await admin.call<Array<{ id: string; name: string; externalId: string }>>(
    'GET',
    '/channels',
  );
  channel = channels.find((c) => c.externalId === DEMO_LINE.channelId)!;
  // Other senders (the Official Account Manager's broadcasts) push too: at least 17 messages this month,
  // and a limit they are 80–85 % of, so the bar turns amber.
  while ((await lineUsage()) < 17) {
    const res = await asDemoAccount('/v2/bot/message/push', {
      to: customer.userId,
      messages: [{ type: 'text', text: 'โปรโมชัน' }],
    });
    if (!res.ok) throw new Error(`the demo account's push answered ${res.status}`);
  }
  const used = await lineUsage();
  expected = { used, limit: Math.ceil((used * 100) / 85) };
  await simulator.setLineMonthlyQuota(DEMO_LINE.channelId, expected.limit);
});

afterAll(async () => {
  await simulator.setLineMonthlyQuota(DEMO_LINE.channelId, null);
  // Reading the quota stores LINE's figures again (no limit), so later journeys' pushes warn nobody.
  if (channel) await admin.call('GET', `/channels/${channel.id}/line-quota`);
  await admin.dispose();
});

const lang = 'en' as Locale;
describe('LINE quota in en', () => {
  const t = (key: TranslationKey) => text(lang, key);

  it('shows this month’s quota in the channel settings and on the dashboard', async () => {
    if (!channel) throw new Error('the demo LINE channel was not found');
    const { name, id } = channel;
    const { context, page, errors } = await openSignedIn(browser(), 'admin@demo.local', lang);
    const quota = await admin.call<{ used: number; limit: number; replies: number; pushes: number }>(
      'GET',
      `/channels/${id}/line-quota`,
    );
    expect(quota).toMatchObject(expected);
    expect(quota.replies).toBeGreaterThanOrEqual(1);
    expect(quota.pushes).toBeGreaterThanOrEqual(1);
    const usage = `${quota.used.toLocaleString('en-US')} / ${quota.limit.toLocaleString('en-US')}`;

    await page.goto(`/setting/channel?lang=${lang}`);
    await page
      .locator('.ant-table-row', { hasText: name })
      .getByRole('button', { name: t('channels.edit'), exact: true })
      .click();
    const section = page.getByTestId('line-quota-section');
    await section.getByText(t('lineQuota.title')).waitFor();
    const panel = section.getByTestId('line-quota');
    await panel.waitFor();
    expect(await panel.getAttribute('data-level')).toBe('warning');
    expect(await panel.getByTestId('line-quota-usage').innerText()).toBe(usage);
    expect(await panel.getByTestId('line-quota-replies').innerText()).toBe(String(quota.replies));
    expect(await panel.getByTestId('line-quota-pushes').innerText()).toBe(String(quota.pushes));
    await panel.getByText(t('lineQuota.warning')).waitFor();
    const percent = Number(await panel.getByRole('progressbar').getAttribute('aria-valuenow'));
    expect(percent).toBeGreaterThanOrEqual(80);
    expect(percent).toBeLessThan(100);
    await snap(page, `line-quota-settings-desktop-${lang}`);

    await page.goto(`/dashboard?lang=${lang}`);
    const card = page.getByTestId('line-quota-card');
    await card.getByText(t('lineQuota.cardTitle')).waitFor();
    const item = card.getByTestId('line-quota-channel').filter({ hasText: name });
    await item.getByTestId('line-quota').waitFor();
    expect(await item.getByTestId('line-quota-usage').innerText()).toBe(usage);
    // The charts above draw in their own chunk: the picture waits for them.
    await page.getByTestId('statistics-card').locator('canvas').first().waitFor();
    await page.getByTestId('top-tags-card').locator('canvas').first().waitFor();
    await snap(page, `line-quota-dashboard-desktop-${lang}`);

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('LINE quota for other roles', () => {
  it('is not on the dashboard of a manager, who may not read channel settings', async () => {
    const { context, page } = await openSignedIn(
      browser(),
      'manager@demo.local',
      'en',
      'desktop',
      '/dashboard?lang=en',
    );
    await page.getByTestId('overall-card').waitFor();
    await page.getByTestId('top-tags-card').waitFor();
    expect(await page.getByTestId('line-quota-card').count()).toBe(0);
    await context.close();
  });
});
