// Service levels: an admin adds a policy on the SLA screen (the demo LINE account in the
// journey's team, first response in 1 minute, around the clock), edits, switches and deletes another one after
// the confirmation; in Thai the screen refuses a second policy of the same team and channel and shows its
// list's failure with a retry. Then a LINE customer writes and the issue goes to the journey's agent: the
// card counts down on the manager's desktop (English) and on the agent's phone (Thai) at the same time, turns
// amber at 48 s and red ("Overdue") at 60 s on the real clock, without a refetch (the message reaches Sabai
// 40 s after the customer wrote it, as a held-up delivery does, so the wait is 20 s); the agent hears the 80%
// notice and the team's manager the breach in the bell; "SLA due" puts the issue first; the agent's late
// answer stops the clock and the dashboard counts the breach, in English and Thai.
//
// The policy is for the journey's own team (the LINE channel's issues are sent there), so the demo's open
// LINE issues, whose clocks would be days overdue, get none: they neither flood the bells nor come first in
// the "SLA due" order. Everything the file adds is removed at the end.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Locator, Page } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession, type ApiSession } from '../support/api';
import { sideMenuLabels } from '../support/app';
import type { Locale } from '../support/browser';
import { issueOf, newLineCustomer } from '../support/customers';
import { DEMO_PASSWORD } from '../support/demo';
import { liveOpen, openSignedIn, useBrowser } from '../support/journey';
import { createTeamOf, inviteActiveUser, roleId, removeTeamOf } from '../support/people';
import {
  choose,
  deleteRow,
  expectMessage,
  noticeShows,
  openFromMenu,
  snap,
  tableRow,
} from '../support/settings';
import { DEMO_LINE } from '../support/simulator';
import { text } from '../support/texts';

const browser = useBrowser();
const ADMIN = 'admin@demo.local';
const MANAGER = 'manager@demo.local';
const suffix = randomBytes(3).toString('hex');
const TEAM = `SLA journey ${suffix}`;
const POLICY = `LINE first answer ${suffix}`;
const DRAFT = `Draft resolution ${suffix}`;
const DRAFT_RENAMED = `Draft resolution B ${suffix}`;
const agent = { email: `sla-${suffix}@example.com`, firstName: 'Sasi', lastName: 'Speedy' };

/** A policy as GET /sla-policies answers it (packages/contracts SlaPolicySchema). */
type Policy = {
  id: string;
  name: string;
  teamId: string | null;
  channelId: string | null;
  firstResponseMinutes: number | null;
  nextResponseMinutes: number | null;
  resolutionMinutes: number | null;
  businessHours: boolean;
  isActive: boolean;
};
type Notification = { issueId: number | null; content: string; type?: string };

let admin: ApiSession;
let channel: { id: string; name: string };
let agentId = '';
let teamId = '';
const issues: number[] = [];

beforeAll(async () => {
  admin = await apiSession(inject('baseUrl'), ADMIN, DEMO_PASSWORD);
  const channels = await admin.call<Array<{ id: string; name: string; type: string; externalId: string }>>(
    'GET',
    '/channels',
  );
  channel = channels.find((c) => c.type === 'line' && c.externalId === DEMO_LINE.channelId)!;
  agentId = await inviteActiveUser(admin, { ...agent, roleId: await roleId(admin, 'Staff') });
  teamId = await createTeamOf(admin, TEAM, agentId);
  // The policy the admin edits and deletes: switched off, so no issue follows it meanwhile.
  await admin.call('POST', '/sla-policies', {
    name: DRAFT,
    teamId,
    channelId: null,
    firstResponseMinutes: null,
    nextResponseMinutes: null,
    resolutionMinutes: 1_680,
    businessHours: true,
    isActive: false,
  });
});

// The policies, the issue, the team and the agent gone, whatever happened (a policy left would put clocks on
// the next journeys' issues).
afterAll(async () => {
  try {
    const policies = await admin.call<Policy[]>('GET', '/sla-policies');
    for (const policy of policies.filter((p) => p.name.endsWith(suffix)))
      await admin.call('DELETE', `/sla-policies/${policy.id}`);
    for (const id of issues) await closeIssue(id);
  } finally {
    await removeTeamOf(admin, teamId, agentId);
    await admin.dispose();
  }
});

/** Closes an issue whatever its open status: a resolution needs it on-going (a sent reply left it waiting). */
async function closeIssue(id: number) {
  const { status } = await admin.call<{ status: string }>('GET', `/issues/${id}`);
  if (status === 'close') return;
  const to = (next: string) => admin.call('PATCH', `/issues/${id}`, { kind: 'status', status: next });
  if (status === 'waiting') await to('on-going');
  if (status === 'waiting' || status === 'on-going') await to('resolved-success');
  await to('close');
}

const tr = (lang: Locale) => (key: TranslationKey, values?: Record<string, string | number>) =>
  text(lang, key, values);

/** Picks `option` in an open antd Select dropdown, after clicking the select `combobox`. */
async function pick(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
      hasText: new RegExp(`^${option}$`),
    })
    .click();
}

const unitSelect = (page: Page, lang: Locale, target: TranslationKey) =>
  page.getByTestId('sla-form').getByRole('combobox', {
    name: text(lang, 'sla.form.unit', { target: text(lang, target) }),
  });

describe('the service level policies screen', () => {
  it('adds a policy through the form, edits, switches and deletes another after the confirmation', async () => {
    const t = tr('en');
    const { context, page, errors } = await openSignedIn(browser(), ADMIN, 'en');
    await openFromMenu(page, 'en', 'nav.slaPolicies', '/setting/sla', 'sla-page');
    await page.getByText(t('sla.precedence')).waitFor();
    await tableRow(page, DRAFT).waitFor();
    expect(await tableRow(page, DRAFT).innerText()).toContain('1 d 4 h');

    // A new policy: a name alone is refused (at least one target), so is a target over 365 days.
    await page.getByTestId('add-sla-policy').click();
    const form = page.getByTestId('sla-form');
    await form.waitFor();
    await page.locator('#sla_name').fill(POLICY);
    await page.getByTestId('sla-save').click();
    await expectMessage(form, t('sla.form.atLeastOne'));
    await page.locator('#sla_firstResponseMinutes').fill('400');
    await pick(page, unitSelect(page, 'en', 'sla.form.firstResponse'), t('common.durationUnits.days'));
    await expectMessage(form, t('sla.form.range'));
    await snap(page, 'sla-form-invalid-desktop-en');
    // One minute for the first answer, in the journey's team on the LINE account, around the clock.
    await pick(page, unitSelect(page, 'en', 'sla.form.firstResponse'), t('common.durationUnits.minutes'));
    await page.locator('#sla_firstResponseMinutes').fill('1');
    await choose(page, 'sla_teamId', TEAM);
    await choose(page, 'sla_channelId', channel.name);
    await page.getByTestId('sla-business-hours').click();
    expect(await page.getByTestId('sla-business-hours').getAttribute('aria-checked')).toBe('false');
    await snap(page, 'sla-form-desktop-en');
    await page.getByTestId('sla-save').click();
    await noticeShows(page, 'en', 'sla.created');
    const row = tableRow(page, POLICY);
    await row.waitFor();
    expect(await row.innerText()).toContain(TEAM);
    expect(await row.innerText()).toContain(channel.name);
    expect(await row.getByTestId('sla-target-firstResponseMinutes').innerText()).toBe('1 min');
    expect(await row.innerText()).toContain(t('sla.aroundTheClock'));
    const saved = (await admin.call<Policy[]>('GET', '/sla-policies')).find((p) => p.name === POLICY);
    expect(saved).toMatchObject({
      teamId,
      channelId: channel.id,
      firstResponseMinutes: 1,
      nextResponseMinutes: null,
      resolutionMinutes: null,
      businessHours: false,
      isActive: true,
    });
    await snap(page, 'sla-list-desktop-en');

    // The draft edited: renamed, with a next response target in hours.
    await tableRow(page, DRAFT)
      .getByRole('button', { name: t('list.edit'), exact: true })
      .click();
    await form.waitFor();
    expect(await page.locator('#sla_resolutionMinutes').inputValue()).toBe('28');
    await page.locator('#sla_name').fill(DRAFT_RENAMED);
    await page.locator('#sla_nextResponseMinutes').fill('2');
    await pick(page, unitSelect(page, 'en', 'sla.form.nextResponse'), t('common.durationUnits.hours'));
    await page.getByTestId('sla-save').click();
    await noticeShows(page, 'en', 'sla.saved');
    const draft = tableRow(page, DRAFT_RENAMED);
    await draft.waitFor();
    expect(await draft.getByTestId('sla-target-nextResponseMinutes').innerText()).toBe('2 h');
    expect(await draft.getByTestId('sla-target-resolutionMinutes').innerText()).toBe('1 d 4 h');

    // Switched on and off from the list.
    const active = draft.getByTestId('sla-active-switch');
    expect(await active.getAttribute('aria-checked')).toBe('false');
    await active.click();
    await noticeShows(page, 'en', 'sla.activated');
    await expect.poll(() => active.getAttribute('aria-checked')).toBe('true');
    await active.click();
    await noticeShows(page, 'en', 'sla.deactivated');
    await expect.poll(() => active.getAttribute('aria-checked')).toBe('false');

    // Deleted after the confirmation.
    await deleteRow(page, 'en', DRAFT_RENAMED, {
      title: t('sla.deleteConfirm.title', { name: DRAFT_RENAMED }),
      ok: t('sla.deleteConfirm.ok'),
      notice: 'sla.deleted',
      snapName: 'sla-delete-confirm-desktop-en',
    });
    expect((await admin.call<Policy[]>('GET', '/sla-policies')).map((p) => p.name)).not.toContain(
      DRAFT_RENAMED,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in Thai: shows the policies, and refuses a second one for the same team and channel', async () => {
    const t = tr('th');
    const { context, page, errors } = await openSignedIn(browser(), ADMIN, 'th');
    await openFromMenu(page, 'th', 'nav.slaPolicies', '/setting/sla', 'sla-page');
    const row = tableRow(page, POLICY);
    await row.waitFor();
    expect(await row.getByTestId('sla-target-firstResponseMinutes').innerText()).toBe('1 นาที');
    expect(await row.innerText()).toContain(t('sla.aroundTheClock'));
    await snap(page, 'sla-list-desktop-th');

    // The same team and channel again: the server refuses, the form says why.
    await page.getByTestId('add-sla-policy').click();
    const form = page.getByTestId('sla-form');
    await form.waitFor();
    await page.locator('#sla_name').fill(`ซ้ำ ${suffix}`);
    await choose(page, 'sla_teamId', TEAM);
    await choose(page, 'sla_channelId', channel.name);
    await page.locator('#sla_resolutionMinutes').fill('8');
    await page.getByTestId('sla-save').click();
    await form.getByTestId('sla-form-message').getByText(t('errors.sla.duplicate_scope')).waitFor();
    await snap(page, 'sla-form-duplicate-desktop-th');
    await form.getByRole('button', { name: t('common.cancel') }).click();
    await form.waitFor({ state: 'detached' });

    // The policy opens as it was saved: 1 minute.
    await row.getByRole('button', { name: t('list.edit'), exact: true }).click();
    await form.waitFor();
    expect(await page.locator('#sla_firstResponseMinutes').inputValue()).toBe('1');
    expect(await form.locator('.duration-input').first().innerText()).toContain(
      t('common.durationUnits.minutes'),
    );
    await snap(page, 'sla-form-desktop-th');
    await form.getByRole('button', { name: t('common.cancel') }).click();
    await form.waitFor({ state: 'detached' });

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('an issue under the policy', () => {
  it(
    'counts down on the cards, turns amber then red on time, notifies, sorts first and is counted once answered',
    { timeout: 300_000 },
    async () => {
      const en = tr('en');
      const th = tr('th');
      const manager = await apiSession(inject('baseUrl'), MANAGER, DEMO_PASSWORD);
      const agentApi = await apiSession(inject('baseUrl'), agent.email, DEMO_PASSWORD);
      // The bells start empty, so what they show is this issue's notices.
      await manager.call('DELETE', '/web-notification');
      await agentApi.call('DELETE', '/web-notification');

      // Watching at once: the team's manager on a desktop in English, its agent on a phone in Thai.
      const [desk, phone] = await Promise.all([
        openSignedIn(browser(), MANAGER, 'en'),
        openSignedIn(browser(), agent.email, 'th', 'phone'),
      ]);
      expect(await sideMenuLabels(desk.page)).not.toContain(en('nav.slaPolicies'));
      await Promise.all([
        desk.page.goto('/issue/inbox?lang=en'),
        phone.page.goto('/mobile/issue/inbox?lang=th'),
      ]);
      await Promise.all([liveOpen(desk.page), liveOpen(phone.page)]);

      // A LINE customer writes; the issue goes to the journey's team and agent, whose policy gives it a
      // first response clock of one minute from the customer's message, which was written 40 s before it
      // arrived: the clock counts from the message's own time.
      const customer = await newLineCustomer('Khun SLA');
      await customer.says('สวัสดีค่ะ สั่งของไปสามวันแล้วยังไม่ได้รับเลยค่ะ', { heldUpMs: 40_000 });
      const issueId = await issueOf(admin, customer.name);
      issues.push(issueId);
      await admin.call('PUT', `/issues/${issueId}/assignee`, { userId: agentId, teamId });

      const cardOf = (page: Page) => page.getByTestId('issue-card').filter({ hasText: customer.name });
      const deskChip = cardOf(desk.page).getByTestId('sla-chip');
      const phoneChip = cardOf(phone.page).getByTestId('sla-chip');
      await Promise.all([deskChip.waitFor({ timeout: 20_000 }), phoneChip.waitFor({ timeout: 20_000 })]);
      const target = { en: en('inbox.sla.target.firstResponse'), th: th('inbox.sla.target.firstResponse') };
      expect(await deskChip.getAttribute('data-target')).toBe('firstResponse');

      // Amber from 48 s, then red from 60 s after the message, on both screens: the chips' own clock, no
      // request.
      const inState = (page: Page, state: string) =>
        cardOf(page).locator(`[data-testid="sla-chip"][data-state="${state}"]`).waitFor({ timeout: 90_000 });
      await Promise.all([inState(desk.page, 'warning'), inState(phone.page, 'warning')]);
      expect(await deskChip.textContent()).toBe(
        `${en('inbox.sla.state.warning')} ${en('inbox.sla.left', { target: target.en, time: '1 min' })}`,
      );
      expect(await phoneChip.textContent()).toBe(
        `${th('inbox.sla.state.warning')} ${th('inbox.sla.left', { target: target.th, time: '1 นาที' })}`,
      );
      await snap(desk.page, 'sla-card-warning-desktop-en');
      await snap(phone.page, 'sla-card-warning-phone-th');
      await Promise.all([inState(desk.page, 'breached'), inState(phone.page, 'breached')]);
      expect(await deskChip.textContent()).toBe(
        `${en('inbox.sla.state.breached')} ${en('inbox.sla.overdue', { target: target.en, time: '1 min' })}`,
      );
      expect(await phoneChip.textContent()).toContain(
        th('inbox.sla.overdue', { target: target.th, time: '1 นาที' }),
      );
      await snap(desk.page, 'sla-card-breached-desktop-en');
      await snap(phone.page, 'sla-card-breached-phone-th');
      // The kanban's card counts down too (while the notice job has yet to run).
      await desk.page.goto('/issue/kanban?lang=en');
      const kanbanChip = desk.page
        .getByTestId('kanban-column-on-going')
        .getByTestId('issue-card')
        .filter({ hasText: customer.name })
        .getByTestId('sla-chip');
      await kanbanChip.waitFor();
      expect(await kanbanChip.getAttribute('data-state')).toBe('breached');
      await snap(desk.page, 'sla-kanban-desktop-en');
      await desk.page.goto('/issue/inbox?lang=en');
      await deskChip.waitFor();

      // The notices, each sent at its moment: 80% to the agent, the breach to the manager.
      const noticeFor = (api: ApiSession) => async () =>
        (await api.call<{ items: Notification[] }>('GET', '/web-notification')).items
          .filter((n) => n.issueId === issueId)
          .map((n) => n.content);
      await expect
        .poll(noticeFor(manager), { timeout: 150_000, interval: 2_000 })
        .toContain(`Issue #${issueId} missed its first response time`);
      await expect
        .poll(noticeFor(agentApi), { timeout: 30_000, interval: 1_000 })
        .toContain(`Issue #${issueId}: 80% of the first response time has passed`);
      await manager.dispose();
      await agentApi.dispose();

      // In the bells: in English on the desktop, in Thai on the phone (once any popup has gone).
      const bellShows = async (page: Page, notice: string, name: string) => {
        await expect.poll(() => page.locator('.notice-popup').count(), { timeout: 10_000 }).toBe(0);
        await page.getByTestId('notification-bell').click();
        const drawer = page.getByTestId('notification-drawer');
        await drawer.getByTestId('notification-item').filter({ hasText: notice }).waitFor();
        await snap(page, name);
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'hidden' });
      };
      await bellShows(
        desk.page,
        en('notifications.text.slaBreached', {
          id: issueId,
          target: en('notifications.slaTarget.firstResponse'),
        }),
        'sla-bell-breached-desktop-en',
      );
      await bellShows(
        phone.page,
        th('notifications.text.slaWarning', {
          id: issueId,
          target: th('notifications.slaTarget.firstResponse'),
        }),
        'sla-bell-warning-phone-th',
      );

      // "SLA due" puts the issue first: the only clock among the manager's issues.
      await desk.page.getByTestId('open-filters').click();
      await desk.page.getByTestId('filters-drawer').waitFor();
      await choose(desk.page, 'inbox-filter-sort', en('inbox.sort.slaDue'));
      await desk.page.waitForURL((url) => url.searchParams.get('sort') === 'slaDue');
      await snap(desk.page, 'sla-sort-desktop-en');
      await desk.page.keyboard.press('Escape');
      await expect
        .poll(() => desk.page.getByTestId('issue-card').first().getAttribute('data-issue-id'))
        .toBe(String(issueId));

      // The chat's header counts too; the agent answers from the phone, late: the clock stops and the
      // manager's card loses its chip without a reload.
      await desk.page.getByTestId('issue-card').first().click();
      await desk.page.getByTestId('chat-pane').getByTestId('sla-chip').waitFor();
      await snap(desk.page, 'sla-chat-desktop-en');
      await phoneChip.click();
      await phone.page.waitForURL((url) => url.pathname === '/mobile/issue/chat');
      const phoneHeaderChip = phone.page.getByTestId('chat-pane').getByTestId('sla-chip');
      await phoneHeaderChip.waitFor();
      expect(await phoneHeaderChip.getAttribute('data-state')).toBe('breached');
      await snap(phone.page, 'sla-chat-phone-th');
      await phone.page.getByTestId('composer-input').fill('ขออภัยที่ตอบช้านะคะ ขอเลขคำสั่งซื้อด้วยค่ะ');
      await phone.page.getByTestId('send').click();
      await phoneHeaderChip.waitFor({ state: 'detached', timeout: 15_000 });
      await deskChip.waitFor({ state: 'detached', timeout: 15_000 });
      await desk.page.getByTestId('chat-pane').getByTestId('sla-chip').waitFor({ state: 'detached' });

      // The late answer counts as a first response target breached: the dashboard's figures, both languages.
      for (const lang of ['en', 'th'] as const) {
        const t = tr(lang);
        const [response] = await Promise.all([
          desk.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/dashboard' && r.ok()),
          desk.page.goto(`/dashboard?lang=${lang}`),
        ]);
        const figures = (await response.json()) as {
          figures: { current: { slaBreached: number; slaMetPercent: number | null } };
        };
        expect(figures.figures.current.slaBreached).toBeGreaterThan(0);
        const breached = desk.page.getByTestId('figure-slaBreached');
        await expect
          .poll(() => breached.locator('.figure-tile__value').innerText())
          .toBe(figures.figures.current.slaBreached.toLocaleString('en-GB'));
        expect(await breached.locator('.figure-tile__label').innerText()).toBe(
          t('reports.metric.slaBreached'),
        );
        const percent = desk.page.getByTestId('figure-slaMetPercent');
        expect(await percent.locator('.figure-tile__label').innerText()).toBe(
          t('reports.metric.slaMetPercent'),
        );
        expect(await percent.locator('.figure-tile__value').innerText()).toMatch(/^\d+(\.\d)?%$/);
        await desk.page.getByTestId('figure-slaResolutionMetPercent').waitFor();
        await breached.scrollIntoViewIfNeeded();
        await snap(desk.page, `sla-dashboard-desktop-${lang}`);
      }

      // And in the team report's table, beside the other figures.
      await desk.page.goto('/report/team-performance?lang=en');
      await desk.page
        .getByTestId('report-table')
        .locator('th', { hasText: new RegExp(`^${en('reports.metric.slaMetPercent')}$`) })
        .waitFor();
      expect(desk.errors).toEqual([]);
      expect(phone.errors).toEqual([]);
      await desk.context.close();
      await phone.context.close();
    },
  );
});
