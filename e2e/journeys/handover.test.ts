// Transfer hands the conversation over: the agent who receives a transferred issue reads
// the earlier conversation above the new issue's first message, marked "from issue #N", and opens the
// earlier issue itself, view only, although it was never theirs. Desktop and phone, in English.
//
// The receiving agent and team are the journey's own: the earlier issue stays outside the agent's scope
// (another team's, another agent's) whatever the demo's Staff role allows.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Page } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession, type ApiSession } from '../support/api';
import type { Locale, Viewport } from '../support/browser';
import { assignedLineCustomer, userIdOf } from '../support/customers';
import { DEMO_PASSWORD } from '../support/demo';
import { openSignedIn, useBrowser } from '../support/journey';
import { createTeamOf, inviteActiveUser, roleId, removeTeamOf } from '../support/people';
import { snap } from '../support/settings';
import { text } from '../support/texts';

const browser = useBrowser();
const suffix = randomBytes(3).toString('hex');
const agent = { email: `handover-${suffix}@example.com`, firstName: 'Rin', lastName: 'Receiver' };
let agentId = '';
let teamId = '';
let admin: ApiSession;
let manager: ApiSession;
const received: number[] = [];

beforeAll(async () => {
  admin = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
  manager = await apiSession(inject('baseUrl'), 'manager@demo.local', DEMO_PASSWORD);
  agentId = await inviteActiveUser(admin, { ...agent, roleId: await roleId(admin, 'Staff') });
  teamId = await createTeamOf(admin, `Handover journey ${suffix}`, agentId);
});

// The received issues closed, then the team and the agent gone (also after a failure).
afterAll(async () => {
  try {
    for (const id of received) {
      await admin.call('PATCH', `/issues/${id}`, { kind: 'status', status: 'resolved-success' });
      await admin.call('PATCH', `/issues/${id}`, { kind: 'status', status: 'close' });
    }
  } finally {
    await removeTeamOf(admin, teamId, agentId);
    await manager.dispose();
    await admin.dispose();
  }
});

/** A customer talks with the manager, who answers and transfers the issue to the journey's agent. */
async function transferredConversation(lang: Locale) {
  const customer = await assignedLineCustomer(
    admin,
    await userIdOf('manager@demo.local'),
    `Handover ${lang}`,
  );
  const answer = `ขอเช็กสต็อกให้ก่อนนะคะ (${lang})`;
  await manager.call('POST', `/issues/${customer.issueId}/messages`, { text: answer });
  const next = await manager.call<{ id: number }>('POST', `/issues/${customer.issueId}/transfer`, {
    teamId,
    userId: agentId,
  });
  received.push(next.id);
  return { earlierId: customer.issueId, issueId: next.id, said: `hello from ${customer.name}`, answer };
}

const earlier = (page: Page) => page.getByTestId('earlier-conversation');

const lang = 'en' as Locale;
describe.each<Viewport>(['desktop', 'phone'])('handover in en on %s', (viewport) => {
  const t = (key: TranslationKey, values: Record<string, string | number> = {}) => text(lang, key, values);

  it('shows the earlier conversation above the new issue and opens the earlier issue view only', async () => {
    const handed = await transferredConversation(lang);
    const { context, page, errors } = await openSignedIn(browser(), agent.email, lang, viewport);
    const chatPath = viewport === 'phone' ? '/mobile/issue/chat' : '/issue/inbox';
    await page.goto(`${chatPath}?lang=${lang}&issueId=${handed.issueId}`);

    // Above the new issue: what the customer and the manager said, marked with the earlier issue's number.
    await earlier(page)
      .getByText(t('inbox.chat.earlier', { id: handed.earlierId }))
      .waitFor();
    await earlier(page).getByTestId('message').filter({ hasText: handed.said }).waitFor();
    await earlier(page).getByTestId('message').filter({ hasText: handed.answer }).waitFor();
    expect(await earlier(page).getByTestId('retry-message').count()).toBe(0);
    const box = await earlier(page).boundingBox();
    const firstOwn = await page.getByTestId('message-list').getByTestId('activity-line').last().boundingBox();
    expect(box!.y).toBeLessThan(firstOwn!.y);
    await snap(page, `handover-earlier-${viewport}-${lang}`);

    // The earlier issue opens for reading: its messages, no reply box, a way to the issue it became.
    await earlier(page).getByTestId('open-earlier').click();
    await page.locator(`[data-testid="chat-pane"][data-issue-id="${handed.earlierId}"]`).waitFor();
    await page.getByTestId('message-list').getByText(handed.answer).waitFor();
    await page
      .getByTestId('view-only')
      .getByText(t('inbox.chat.viewOnly', { id: handed.issueId }))
      .waitFor();
    expect(await page.getByTestId('composer').count()).toBe(0);
    expect(await page.getByTestId('issue-unreachable').count()).toBe(0);
    await snap(page, `handover-view-only-${viewport}-${lang}`);
    await page.getByTestId('view-only').getByRole('button').click();
    await page.locator(`[data-testid="chat-pane"][data-issue-id="${handed.issueId}"]`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
