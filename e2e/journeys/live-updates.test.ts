// Live updates applied to the screen's cache: with the inbox and a chat open, a customer's
// messages appear in the chat and move their card to the top; another customer's message moves that card
// with its preview; a status a colleague changes through the API moves the card out of its tab, into the
// other tab and between kanban columns; a message addressed to the user still pops up (webNoti rules).
// Desktop, in Thai.
import { describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Locator, Page } from 'playwright-core';
import { apiSession } from '../support/api';
import { assignedLineCustomer, userIdOf } from '../support/customers';
import type { Locale } from '../support/browser';
import { DEMO_PASSWORD } from '../support/demo';
import { liveOpen, openSignedIn, recordLiveSocket, useBrowser } from '../support/journey';
import { snap } from '../support/settings';

const browser = useBrowser();
const MANAGER = 'manager@demo.local';

const card = (scope: Page | Locator, name: string) =>
  scope.getByTestId('issue-card').filter({ hasText: name });
const column = (page: Page, status: string) => page.getByTestId(`kanban-column-${status}`);
const firstCard = (page: Page) => page.getByTestId('issue-card').first().textContent();
const chatMessage = (page: Page, body: string) =>
  page.getByTestId('chat-pane').getByTestId('message').filter({ hasText: body });
const tabCount = async (page: Page, status: string) =>
  Number(((await page.getByTestId(`status-tab-${status}`).textContent()) ?? '').replace(/\D+/g, '') || 0);

const lang = 'th' as Locale;
describe('live updates on desktop in th', () => {
  it('keeps the chat, the list, the tabs and the kanban right from live events alone', async () => {
    const admin = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
    const managerId = await userIdOf(MANAGER);
    const open = await assignedLineCustomer(admin, managerId, 'Live Open');
    const other = await assignedLineCustomer(admin, managerId, 'Live Other');

    const { page, errors } = await openSignedIn(browser(), MANAGER, lang);
    const socketHistory = recordLiveSocket(page);
    await page.goto(`${inject('baseUrl')}/issue/inbox?lang=${lang}&issueId=${open.issueId}`);
    await chatMessage(page, `hello from ${open.name}`).waitFor();
    await card(page, other.name).waitFor();
    await liveOpen(page);

    // A message on the open issue: in the chat, and its card on top.
    await open.says('ขอเปลี่ยนที่อยู่จัดส่งค่ะ');
    await chatMessage(page, 'ขอเปลี่ยนที่อยู่จัดส่งค่ะ').waitFor();
    await expect.poll(() => firstCard(page)).toContain(open.name);
    await expect.poll(() => card(page, open.name).textContent()).toContain('ขอเปลี่ยนที่อยู่จัดส่งค่ะ');

    // A message on another issue: its card goes to the top with the preview, and (addressed to the user,
    // whose issue it is) pops up.
    await other.says('พัสดุถึงเมื่อไหร่คะ');
    await expect.poll(() => firstCard(page)).toContain(other.name);
    await expect.poll(() => card(page, other.name).textContent()).toContain('พัสดุถึงเมื่อไหร่คะ');
    await page
      .locator('.notice-popup')
      .filter({ hasText: 'พัสดุถึงเมื่อไหร่คะ' })
      .waitFor()
      .catch(async (error: Error) => {
        const issue = await admin.call('GET', `/issues/${other.issueId}`);
        const trail = await admin.call('GET', `/issues/${other.issueId}/activity`);
        throw new Error(
          `${error.message}\nThe page's live socket:\n${socketHistory()}\nThe issue: ${JSON.stringify(issue)}` +
            `\nIts activity: ${JSON.stringify(trail)}`,
        );
      });
    // The open chat kept its own messages only.
    expect(await chatMessage(page, 'พัสดุถึงเมื่อไหร่คะ').count()).toBe(0);
    await snap(page, `live-updates-inbox-${lang}`);

    // A colleague sets the other issue waiting: it leaves the on-going tab and joins the waiting one.
    await page.getByTestId('status-tab-on-going').click();
    await card(page, other.name).waitFor();
    const waitingBefore = await tabCount(page, 'waiting');
    await admin.call('PATCH', `/issues/${other.issueId}`, { kind: 'status', status: 'waiting' });
    await card(page, other.name).waitFor({ state: 'detached' });
    await expect.poll(() => tabCount(page, 'waiting')).toBe(waitingBefore + 1);
    await page.getByTestId('status-tab-waiting').click();
    await card(page, other.name).waitFor();
    await snap(page, `live-updates-waiting-tab-${lang}`);

    // On the kanban, the colleague's next change moves the card to the on-going column.
    await page.goto(
      `${inject('baseUrl')}/issue/kanban?lang=${lang}&search=${encodeURIComponent(other.name)}`,
    );
    await card(column(page, 'waiting'), other.name).waitFor();
    await liveOpen(page);
    await admin.call('PATCH', `/issues/${other.issueId}`, { kind: 'status', status: 'on-going' });
    await card(column(page, 'on-going'), other.name).waitFor();
    expect(await card(column(page, 'waiting'), other.name).count()).toBe(0);
    await page.getByTestId('notification-bell').waitFor();
    await snap(page, `live-updates-kanban-${lang}`);

    expect(errors).toEqual([]);
    await admin.dispose();
  });
});
