// What the organisation settings change in the agent workspace: a tag created in settings is put
// on an issue and filters the inbox; a canned response created in settings answers a customer from the
// composer; a team switched to round robin hands a channel's new customers to its agents in turn.
// Desktop, in English.
import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Page } from 'playwright-core';
import { AdminClient } from '@sabai/simulator';
import { apiSession, type ApiSession } from '../support/api';
import type { Locale } from '../support/browser';
import { DEMO_PASSWORD } from '../support/demo';
import { openSignedIn, useBrowser } from '../support/journey';
import { choose, noticeShows, openFromMenu, searchList, snap, tableRow } from '../support/settings';
import { demoLineCustomer } from '../support/simulator';
import { text } from '../support/texts';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const simulatorUrl = inject('simulatorUrl');

const card = (page: Page, name: string) => page.getByTestId('issue-card').filter({ hasText: name });
const chatMessage = (page: Page, body: string) =>
  page.getByTestId('chat-pane').getByTestId('message').filter({ hasText: body });
/** The option of the open antd select dropdown that holds the text. */
const openOption = (page: Page, label: string) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
    hasText: label,
  });
const suffix = () => randomBytes(2).toString('hex');

const lang = 'en' as Locale;
describe('settings used in the inbox, en', () => {
  it('creates a tag and a canned response, tags a customer’s issue, filters by the tag and answers with the response', async () => {
    const { context, page, errors } = await openSignedIn(browser(), 'admin@demo.local', lang);
    const tag = `Journey tag ${lang} ${suffix()}`;
    await openFromMenu(page, lang, 'nav.tags', '/setting/tag', 'tags-page');
    await page.getByTestId('add-tag').click();
    await page.locator('#tag_name').fill(tag);
    await page.getByTestId('tag-colour').fill('#d4380d');
    await choose(page, 'tag_teamId', 'Customer Care');
    await page.getByTestId('tag-save').click();
    await noticeShows(page, lang, 'tags.created');

    const cannedName = `Journey reply ${lang} ${suffix()}`;
    const cannedMessage = `ขอบคุณที่รอค่ะ ทีมงานกำลังตรวจสอบให้ (${cannedName})`;
    await openFromMenu(page, lang, 'nav.cannedResponses', '/setting/canned-response', 'canned-page');
    await page.getByTestId('add-canned').click();
    await page.getByTestId('canned-form').waitFor();
    await page.locator('#canned_name').fill(cannedName);
    await page.locator('#canned_message').fill(cannedMessage);
    await choose(page, 'canned_categoryId', 'Greetings');
    await page.getByTestId('canned-save').click();
    await noticeShows(page, lang, 'canned.created');
    await tableRow(page, cannedName).waitFor();

    // A customer writes in; the issue gets the new tag from the info panel.
    const name = `Tagged ${lang} ${suffix()}`;
    const customer = await demoLineCustomer(
      simulatorUrl,
      baseUrl,
      `U${randomBytes(16).toString('hex')}`,
      name,
    );
    await openFromMenu(page, lang, 'nav.inbox', '/issue/inbox', 'inbox-page');
    await customer.says('สินค้าที่สั่งไปยังไม่ได้รับค่ะ');
    await card(page, name).click();
    await chatMessage(page, 'ยังไม่ได้รับ').waitFor();
    await page.getByTestId('issue-tags').click();
    await openOption(page, tag).click();
    await noticeShows(page, lang, 'inbox.actions.tagsSaved');
    await page.keyboard.press('Escape');
    await card(page, name).getByText(tag).waitFor();

    // The inbox filtered by the tag shows that issue alone.
    await page.getByTestId('open-filters').click();
    await page.getByTestId('filters-drawer').waitFor();
    await page.getByTestId('filter-tag').click();
    await openOption(page, tag).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tag')).not.toBeNull();
    await page.keyboard.press('Escape'); // the select's dropdown
    await page.locator('.ant-drawer-open .ant-drawer-close').click();
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('issue-card').count()).toBe(1);
    expect(await page.getByTestId('issue-card').innerText()).toContain(name);
    await snap(page, `settings-tag-filter-desktop-${lang}`);

    // The new canned response, found by its name after `/`, goes to the customer.
    await page.getByTestId('composer-input').fill(`/${cannedName}`);
    await page.getByTestId('canned-option').filter({ hasText: cannedName }).click();
    expect(await page.getByTestId('composer-input').inputValue()).toBe(cannedMessage);
    await page.getByTestId('send').click();
    await chatMessage(page, cannedMessage).waitFor();
    await expect.poll(() => customer.received(), { timeout: 15_000 }).toContain(cannedMessage);
    expect(errors).toEqual([]);
    await context.close();
  });
});

// A LINE channel of its own per language, routed to a new team of two agents on shift around the clock, so
// handing out its issues in turn leaves the demo team's data as seeded.
const agents = ['staff@demo.local', 'staff2@demo.local'] as const;
let admin: ApiSession;
const teamIds: string[] = [];

beforeAll(async () => {
  admin = await apiSession(baseUrl, 'admin@demo.local', DEMO_PASSWORD);
  for (const email of agents) {
    const agent = await apiSession(baseUrl, email, DEMO_PASSWORD);
    await agent.call('PUT', '/me/availability', { availability: 'online' });
    await agent.dispose();
  }
});

afterAll(async () => {
  for (const teamId of teamIds) {
    await admin.call('PUT', `/auto-assignment/${teamId}`, { mode: 'manual', method: 'round_robin' });
  }
  await admin?.dispose();
});

/** A team of the two agents and a LINE channel routed to it, known to the simulator. */
async function roundRobinTeam(lang: Locale) {
  const people = await admin.call<{ id: string; email: string }[]>('GET', '/teams/member-options');
  const idOf = (email: string) => people.find((person) => person.email === email)?.id ?? '';
  const allDay = { workStart: '00:00', workStop: '23:59', breakStart: '23:58', breakStop: '23:59' };
  const name = `Round robin ${lang} ${suffix()}`;
  const team = await admin.call<{ id: string }>('POST', '/teams', {
    name,
    managerUserId: idOf('manager@demo.local'),
    autoReplyMessage: 'ทีมงานจะตอบกลับโดยเร็วค่ะ',
    managerWorkingType: 'never',
    members: agents.map((email) => ({ userId: idOf(email), ...allDay, workingDays: [1, 2, 3, 4, 5, 6, 7] })),
  });
  teamIds.push(team.id);
  const channelId = `16${String(Date.now()).slice(-7)}${randomInt(100)}`;
  const secret = randomBytes(16).toString('hex');
  const accessToken = `round-robin-${suffix()}`;
  // The account exists at LINE first: connecting it asks LINE to confirm id, secret and token.
  await new AdminClient(simulatorUrl).addLineChannel({
    channelId,
    channelSecret: secret,
    accessToken,
    botUserId: `U${randomBytes(16).toString('hex')}`,
    webhookUrl: `${baseUrl}/webhooks/line/${channelId}`,
  });
  await admin.call('POST', '/channels', {
    type: 'line',
    name: `${name} LINE`,
    externalId: channelId,
    secret,
    accessToken,
    assignedMode: 'normal',
    assignedTeamId: team.id,
  });
  return { name, channelId };
}

describe('round robin in en', () => {
  it('switches a team to round robin and its next customers land on its agents in turn', async () => {
    const team = await roundRobinTeam(lang);
    const { context, page, errors } = await openSignedIn(browser(), 'admin@demo.local', lang);
    await openFromMenu(page, lang, 'nav.autoAssignment', '/setting/auto-assignment', 'auto-assignment-page');
    await searchList(page, 'auto-assignment-search', team.name);
    const row = tableRow(page, team.name);
    await row.getByText(text(lang, 'autoAssignment.modes.auto'), { exact: true }).click();
    await noticeShows(page, lang, 'autoAssignment.saved');
    await expect.poll(() => row.innerText()).toContain(text(lang, 'autoAssignment.methods.round_robin'));

    // Four customers write, one after the other, to the team's LINE account.
    const simulator = new AdminClient(simulatorUrl);
    const names: string[] = [];
    for (let i = 1; i <= 4; i++) {
      const name = `Round ${lang} ${i} ${suffix()}`;
      const userId = `U${randomBytes(16).toString('hex')}`;
      await simulator.addLineUser(team.channelId, { userId, displayName: name });
      await simulator.lineEvents(team.channelId, [{ type: 'text', userId, text: `สวัสดีค่ะ ลูกค้าคนที่ ${i}` }]);
      names.push(name);
      // The next customer writes once this one is handed out, so the turn order is the arrival order.
      await expect.poll(() => assigneeOf(name), { timeout: 15_000 }).not.toBeNull();
    }

    // The inbox shows them with the agents alternating.
    await openFromMenu(page, lang, 'nav.inbox', '/issue/inbox', 'inbox-page');
    await page.getByTestId('issue-search').locator('input').fill(`Round ${lang}`);
    const assignees: string[] = [];
    for (const name of names) {
      await card(page, name).waitFor();
      assignees.push(await card(page, name).locator('.issue-card__assignee').innerText());
    }
    expect(new Set(assignees)).toEqual(new Set(['Somsak Staff', 'Suda Staff']));
    expect(assignees[0]).not.toBe(assignees[1]);
    expect(assignees[2]).toBe(assignees[0]);
    expect(assignees[3]).toBe(assignees[1]);
    await snap(page, `settings-round-robin-inbox-desktop-${lang}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The assignee's display name of the customer's issue (null while unassigned), read through the API. */
async function assigneeOf(name: string): Promise<string | null> {
  type Page = { items: { contact: { displayName: string }; assignee: { displayName: string } | null }[] };
  const page = await admin.call<Page>('GET', `/issues?search=${encodeURIComponent(name)}`);
  return page.items.find((item) => item.contact.displayName === name)?.assignee?.displayName ?? null;
}
