// Staff pick up work: with the Staff role allowed to see its teams' issues (the admin's
// role matrix, through the API), a staff member sees a new customer's un-assigned issue and takes it with
// "Assign to me", takes the next one with the N key, and hears that the queue is empty. Desktop and phone,
// in Thai.
//
// The journey works in a team and with an agent of its own, so the demo team's queue, which other journeys
// read, stays as seeded: customers write to the demo LINE account and the admin sends their issues to the
// journey's team (a transfer). The Staff role is changed only while this file runs.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Page } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession, type ApiSession } from '../support/api';
import type { Locale, Viewport } from '../support/browser';
import { newLineCustomer } from '../support/customers';
import { DEMO_PASSWORD } from '../support/demo';
import { liveOpen, openSignedIn, useBrowser } from '../support/journey';
import { createTeamOf, inviteActiveUser, removeTeamOf } from '../support/people';
import { noticeShows, snap } from '../support/settings';
import { text } from '../support/texts';

const browser = useBrowser();

type Role = { id: string; name: string; permissions: Record<string, Record<string, string>> };

const suffix = randomBytes(3).toString('hex');
const person = { email: `pickup-${suffix}@example.com`, firstName: 'Pim', lastName: 'Picker' };
const agent = { ...person, id: '' };
let admin: ApiSession;
let staffRole: Role | undefined;
let teamId = '';
/** The issues this file sent to its team (closed at the end once taken). */
const takenIssues: number[] = [];

beforeAll(async () => {
  admin = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
  const roles = await admin.call<Role[]>('GET', '/roles');
  staffRole = roles.find((role) => role.name === 'Staff')!;
  agent.id = await inviteActiveUser(admin, { ...person, roleId: staffRole.id });
  teamId = await createTeamOf(admin, `Pick-up journey ${suffix}`, agent.id);
  // What an admin sets in the role matrix: Staff see their teams' issues (view myTeam), and so may take them.
  const issue = { ...staffRole.permissions.issue, view: 'myTeam' };
  await admin.call('PUT', `/roles/${staffRole.id}`, { permissions: { ...staffRole.permissions, issue } });
});

// Whatever a failed journey left: the Staff role as it was, the agent's issues closed, the team and agent gone.
afterAll(async () => {
  try {
    if (staffRole) await admin.call('PUT', `/roles/${staffRole.id}`, { permissions: staffRole.permissions });
  } finally {
    // The agent can be deleted once none of their issues is open; those still waiting need nothing.
    for (const id of takenIssues) {
      const issue = await admin.call<{ status: string }>('GET', `/issues/${id}`);
      if (issue.status !== 'on-going') continue;
      await admin.call('PATCH', `/issues/${id}`, { kind: 'status', status: 'resolved-success' });
      await admin.call('PATCH', `/issues/${id}`, { kind: 'status', status: 'close' });
    }
    await removeTeamOf(admin, teamId, agent.id);
    await admin.dispose();
  }
});

/** A new customer who wrote in; the admin sends their issue to the journey's team, where it waits. */
async function waitingCustomer(label: string) {
  const customer = await newLineCustomer(label);
  await customer.says('สวัสดีค่ะ อยากสอบถามเรื่องการจัดส่งค่ะ');
  type Issues = { items: { id: number; contact: { displayName: string } }[] };
  let arrived: number | undefined;
  await expect
    .poll(
      async () => {
        const found = await admin.call<Issues>('GET', `/issues?search=${encodeURIComponent(customer.name)}`);
        arrived = found.items.find((item) => item.contact.displayName === customer.name)?.id;
        return arrived;
      },
      { timeout: 15_000 },
    )
    .toBeDefined();
  const moved = await admin.call<{ id: number }>('POST', `/issues/${arrived}/transfer`, { teamId });
  takenIssues.push(moved.id);
  return { name: customer.name, issueId: moved.id };
}

const card = (page: Page, name: string) => page.getByTestId('issue-card').filter({ hasText: name });
const chatStatus = (page: Page, status: string) =>
  page.getByTestId('chat-pane').locator(`[data-status="${status}"]`);
const openIssueId = (page: Page) => Number(new URL(page.url()).searchParams.get('issueId'));

/** Whether the element lies within the 390 px phone screen, edges included. */
async function fitsPhone(page: Page, testId: string): Promise<boolean> {
  const box = (await page.getByTestId(testId).boundingBox())!;
  return box.x >= 0 && box.x + box.width <= 390;
}

const lang = 'th' as Locale;
describe('picking up work in th', () => {
  const t = (key: TranslationKey, values?: Record<string, string | number>) => text(lang, key, values);
  const agentName = `${agent.firstName} ${agent.lastName}`;
  const takenNotice = (page: Page, id: number) =>
    page.locator('.ant-message').getByText(t('inbox.actions.taken', { id }));

  it.each<Viewport>(['desktop', 'phone'])(
    'takes a waiting issue with Assign to me and the next with N, then finds the queue empty (%s)',
    async (viewport) => {
      const isPhone = viewport === 'phone';
      const first = await waitingCustomer(`Khun Pick ${lang.toUpperCase()}`);
      const { context, page, errors } = await openSignedIn(browser(), agent.email, lang, viewport);
      await page.getByTestId(isPhone ? 'mobile-inbox-page' : 'inbox-page').waitFor();
      await page.getByTestId('take-next').waitFor();
      expect(await page.getByTestId('take-next').getAttribute('title')).toBe(t('inbox.actions.takeNextHint'));

      // The un-assigned issue of their team is there; its chat offers "Assign to me".
      await card(page, first.name).click();
      await expect.poll(() => openIssueId(page)).toBe(first.issueId);
      const take = page.getByTestId('take-issue');
      await take.waitFor();
      expect(await take.getAttribute('title')).toBe(t('inbox.actions.takeIssueHint'));
      if (isPhone) expect(await fitsPhone(page, 'take-issue')).toBe(true);
      await snap(page, `pick-up-offer-${viewport}-${lang}`);
      // The server's answer first: when no notice shows, it says whether the take was sent and refused.
      const [answer] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === `/api/v1/issues/${first.issueId}/take`),
        take.click(),
      ]);
      expect(answer.status(), await answer.text()).toBe(200);
      await takenNotice(page, first.issueId).waitFor();
      await chatStatus(page, 'on-going').waitFor();
      await expect.poll(() => take.count()).toBe(0);
      if (!isPhone) await page.getByTestId('info-assignee').getByText(agentName).waitFor();
      await snap(page, `pick-up-taken-${viewport}-${lang}`);

      // The next customer's issue arrives live; N takes it and opens its chat.
      if (isPhone) {
        await page.getByRole('button', { name: t('inbox.chat.back') }).click();
        await page.getByTestId('mobile-inbox-page').waitFor();
        expect(await fitsPhone(page, 'take-next')).toBe(true);
      }
      await liveOpen(page);
      const second = await waitingCustomer(`Khun Next ${lang.toUpperCase()}`);
      await card(page, second.name).waitFor();
      await snap(page, `pick-up-queue-${viewport}-${lang}`);
      await page.keyboard.press('n');
      await takenNotice(page, second.issueId).waitFor();
      await expect.poll(() => openIssueId(page)).toBe(second.issueId);
      if (isPhone) await page.getByTestId('mobile-chat-page').waitFor();
      await page.locator(`[data-testid="chat-pane"][data-issue-id="${second.issueId}"]`).waitFor();
      await chatStatus(page, 'on-going').waitFor();
      if (!isPhone) await page.getByTestId('info-assignee').getByText(agentName).waitFor();
      await snap(page, `pick-up-next-${viewport}-${lang}`);

      // Nothing else waits in their team: the queue says so.
      if (isPhone) {
        await page.getByRole('button', { name: t('inbox.chat.back') }).click();
        await page.getByTestId('take-next').click();
      } else {
        await page.keyboard.press('n');
      }
      await noticeShows(page, lang, 'errors.issue.queue_empty');
      expect(openIssueId(page)).toBe(isPhone ? 0 : second.issueId);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
