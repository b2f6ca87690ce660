// The agent workspace: a customer's LINE message appears live in the inbox and the open chat;
// the manager assigns, replies (delivered to the simulator), is refused a wrong attachment, uses a canned
// response, resolves and closes; staff cannot change status and ask the manager; an old Messenger issue
// is locked with the Meta inbox link. Desktop and phone, in Thai.
import { describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Locator, Page } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession, type ApiSession } from '../support/api';
import type { Locale } from '../support/browser';
import { DEMO_PASSWORD } from '../support/demo';
import { openSignedIn, useBrowser } from '../support/journey';
import { choose, noticeShows, onlyMatches, openFromMenu, snap } from '../support/settings';
import { newLineCustomer } from '../support/customers';
import { text } from '../support/texts';

const browser = useBrowser();

const card = (page: Page, name: string) => page.getByTestId('issue-card').filter({ hasText: name });
const chatMessage = (page: Page, body: string) =>
  page.getByTestId('chat-pane').getByTestId('message').filter({ hasText: body });

/**
 * Opens the demo's conversation with Ploy, found by name: the customers other journeys add push an old
 * conversation out of the list's rendered (virtualised) window.
 */
async function openPloy(page: Page): Promise<void> {
  await page.getByTestId('issue-search').locator('input').fill('Ploy');
  await onlyMatches(page.getByTestId('issue-card'), 'Ploy');
  await card(page, 'Ploy').click();
}

const newCustomer = (lang: Locale) => newLineCustomer(`Khun ${lang.toUpperCase()}`);

const lang = 'th' as Locale;
describe('inbox on desktop in th', () => {
  const t = (key: TranslationKey, values?: Record<string, string | number>) => text(lang, key, values);

  it('shows a customer live, assigns, replies, refuses a wrong file, uses a canned response, resolves and closes', async () => {
    const { page, errors } = await openSignedIn(browser(), 'manager@demo.local', lang);
    await openFromMenu(page, lang, 'nav.inbox', '/issue/inbox', 'inbox-page');
    await page.getByTestId('issue-list').waitFor();

    const customer = await newCustomer(lang);
    await customer.says('สวัสดีค่ะ อยากสอบถามเรื่องเปลี่ยนไซซ์เสื้อ');
    await card(page, customer.name).waitFor();
    await card(page, customer.name).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('issueId')).not.toBeNull();
    await chatMessage(page, 'เปลี่ยนไซซ์เสื้อ').waitFor();

    // A second message lands in the open chat without a reload.
    await customer.says('ขอเป็นไซซ์ L นะคะ https://shop.example/size');
    await chatMessage(page, 'ไซซ์ L').waitFor();
    const link = chatMessage(page, 'ไซซ์ L').getByRole('link', { name: 'https://shop.example/size' });
    expect(await link.getAttribute('target')).toBe('_blank');

    // Assign to an agent of the team: the issue goes on-going.
    await page.getByTestId('assign').click();
    await choose(page, 'assign_userId', 'Somsak Staff');
    await page
      .locator('.ant-modal')
      .getByRole('button', { name: t('inbox.actions.assign') })
      .click();
    await noticeShows(page, lang, 'inbox.actions.assigned');
    await page.getByTestId('info-assignee').getByText('Somsak Staff').waitFor();

    // Reply with Enter; the simulator receives it and the message shows delivered.
    const reply = `ได้เลยค่ะ เปลี่ยนเป็น L ให้นะคะ ${lang}`;
    await page.getByTestId('composer-input').fill(reply);
    await page.getByTestId('composer-input').press('Enter');
    await chatMessage(page, reply).waitFor();
    await expect.poll(() => customer.received(), { timeout: 15_000 }).toContain(reply);
    await expect
      .poll(() => chatMessage(page, reply).getByTestId('delivery-status').innerText(), { timeout: 15_000 })
      .toMatch(new RegExp(`${t('inbox.delivery.sent')}|${t('inbox.delivery.delivered')}`));

    // A file of a type not allowed is refused before upload.
    await page.getByTestId('file-input').setInputFiles({
      name: 'setup.exe',
      mimeType: 'application/x-msdownload',
      buffer: Buffer.from('MZ'),
    });
    await page
      .locator('.ant-message')
      .getByText(t('inbox.composer.fileType', { name: 'setup.exe' }))
      .waitFor();

    // A canned response through `/`.
    await page.getByTestId('composer-input').fill('/');
    await page.getByTestId('canned-option').first().waitFor();
    await snap(page, `inbox-canned-desktop-${lang}`);
    const cannedText = await page.getByTestId('canned-option').first().locator('span').innerText();
    await page.getByTestId('canned-option').first().click();
    expect(await page.getByTestId('composer-input').inputValue()).toBe(cannedText);
    await page.getByTestId('send').click();
    await chatMessage(page, cannedText.slice(0, 20)).first().waitFor();
    await snap(page, `inbox-chat-desktop-${lang}`);

    // Resolve is refused while waiting (the tooltip gives the rule); the customer's reply makes it on-going.
    await page.getByTestId('status-menu').click();
    await expect
      .poll(() =>
        page
          .locator('.ant-dropdown-menu-item', { has: page.getByTestId('status-close') })
          .getAttribute('aria-disabled'),
      )
      .toBe('true');
    await page.keyboard.press('Escape');
    await customer.says('ขอบคุณค่ะ');
    await chatMessage(page, 'ขอบคุณค่ะ').waitFor();
    await page.getByTestId('chat-pane').locator('[data-status="on-going"]').waitFor();
    await page.getByTestId('status-menu').click();
    await page.getByTestId('status-resolved-success').click();
    await noticeShows(page, lang, 'inbox.actions.statusChanged');
    await page.getByTestId('chat-pane').locator('[data-status="resolved-success"]').waitFor();

    // Closing asks first, then locks the composer.
    await page.getByTestId('status-menu').click();
    await page.getByTestId('status-close').click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: t('inbox.actions.close') })
      .click();
    await page.getByTestId('chat-pane').locator('[data-status="close"]').waitFor();
    await page.getByText(t('inbox.composer.closed')).waitFor();
    await snap(page, `inbox-closed-desktop-${lang}`);
    expect(errors).toEqual([]);
  });

  it('lets staff ask the manager to close instead of changing status', async () => {
    const { page, errors } = await openSignedIn(browser(), 'staff@demo.local', lang);
    await page.getByTestId('inbox-page').waitFor();
    await openPloy(page);
    await page.getByTestId('chat-pane').waitFor();
    expect(await page.getByTestId('status-menu').count()).toBe(0);
    expect(await page.getByTestId('assign').count()).toBe(0);
    const ask = page.getByTestId('ask-close');
    if (await ask.isEnabled()) {
      await ask.click();
      await noticeShows(page, lang, 'inbox.actions.askCloseDone');
    }
    await expect.poll(() => ask.isDisabled()).toBe(true);
    await snap(page, `inbox-staff-desktop-${lang}`);
    expect(errors).toEqual([]);
  });

  it('shows two agents on one issue each other’s presence and messages at once', async () => {
    const manager = await openSignedIn(browser(), 'manager@demo.local', lang);
    const staff = await openSignedIn(browser(), 'staff@demo.local', lang);
    for (const { page } of [manager, staff]) {
      await page.goto(`${inject('baseUrl')}/issue/inbox?lang=${lang}`);
      await openPloy(page);
      await page.getByTestId('chat-pane').waitFor();
    }
    await manager.page.getByTestId('presence').getByText('Somsak Staff').waitFor();
    await staff.page.getByTestId('composer-input').pressSequentially('กำลังตรวจสอบ');
    await manager.page
      .getByTestId('presence')
      .getByText(t('inbox.chat.typing', { names: 'Somsak Staff' }))
      .waitFor();
    const note = `บันทึกภายใน ${lang} ${Date.now() % 10_000}`;
    await staff.page.getByTestId('note-switch').click();
    await staff.page.getByTestId('composer-input').fill(note);
    await staff.page.getByTestId('composer-input').press('Enter');
    await chatMessage(manager.page, note).waitFor();
    await snap(manager.page, `inbox-presence-desktop-${lang}`);
    expect([...manager.errors, ...staff.errors]).toEqual([]);
    await staff.context.close();
    await manager.context.close();
  });

  it('flags a Messenger issue older than 7 days and locks its composer with the Meta inbox link', async () => {
    const { page, errors } = await openSignedIn(browser(), 'staff@demo.local', lang);
    await page.getByTestId('inbox-page').waitFor();
    await card(page, 'Mark Lee').getByTestId('old-flag').waitFor();
    await card(page, 'Mark Lee').click();
    const locked = page.getByTestId('reply-locked');
    await locked.getByText(t('inbox.composer.locked')).waitFor();
    const href = await locked.getByRole('link').getAttribute('href');
    expect(href).toContain('https://business.facebook.com/latest/inbox/messenger?asset_id=');
    await snap(page, `inbox-locked-desktop-${lang}`);
    expect(errors).toEqual([]);
  });

  it('filters by status and search, with counts on the tabs', async () => {
    const { page, errors } = await openSignedIn(
      browser(),
      'admin@demo.local',
      lang,
      'desktop',
      `/issue/inbox?lang=${lang}`,
    );
    await page.getByTestId('issue-list').waitFor();
    await page.getByTestId('status-tab-waiting').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('waiting');
    await card(page, 'mint.studio').waitFor();
    await page.getByTestId('status-tab-all').click();
    await page.getByTestId('issue-search').locator('input').fill('ไซซ์เสื้อจาก');
    await card(page, 'Ploy').waitFor();
    await expect.poll(() => page.getByTestId('issue-card').count()).toBe(1);
    await page.getByTestId('issue-search').locator('input').fill('no such customer at all');
    await page.getByTestId('issue-list-empty').getByText(t('inbox.list.empty')).waitFor();
    await snap(page, `inbox-filters-desktop-${lang}`);
    expect(errors).toEqual([]);
  });
});

/** Drags with the mouse in small steps, as a person would (dnd-kit starts after 6 px). */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + 20);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + 30, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + 80, { steps: 15 });
  await page.mouse.up();
}

describe('kanban in th', () => {
  const t = (key: TranslationKey) => text(lang, key);

  it('moves a card where the rules allow and snaps it back with the rule where they do not', async () => {
    const { page, errors } = await openSignedIn(browser(), 'manager@demo.local', lang);
    await openFromMenu(page, lang, 'nav.kanban', '/issue/kanban', 'kanban-page');
    const column = (status: string) => page.getByTestId(`kanban-column-${status}`);
    await column('un-assigned').getByTestId('issue-card').first().waitFor();
    await snap(page, `kanban-desktop-${lang}`);

    // A customer of this test writes in: the card lands, live, first in Un assigned.
    const customer = await newCustomer(lang);
    await customer.says('ขอสอบถามสถานะพัสดุค่ะ');
    const mine = (status: string) =>
      column(status).getByTestId('issue-card').filter({ hasText: customer.name });
    await mine('un-assigned').waitFor();
    // Only this customer's card from here: a card arriving above it could otherwise take its place under
    // the mouse between reading its position and pressing the button.
    await page.getByTestId('issue-search').locator('input').fill(customer.name);
    await expect.poll(() => page.getByTestId('issue-card').count(), { timeout: 15_000 }).toBe(1);

    // Un assigned → Waiting is refused (assign first) and the card snaps back.
    await drag(page, mine('un-assigned'), column('waiting'));
    await page.locator('.ant-message').getByText(t('errors.issue.status.not_assigned')).waitFor();
    await mine('un-assigned').waitFor();
    expect(await mine('waiting').count()).toBe(0);

    // Once assigned (by a colleague, through the API) it moves to On going, live; On going → Waiting is allowed.
    await assignThroughApi(customer.name, 'Somsak Staff');
    await mine('on-going').waitFor();
    await drag(page, mine('on-going'), column('waiting'));
    await noticeShows(page, lang, 'inbox.actions.statusChanged');
    await mine('waiting').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('statuses in th', () => {
  const t = (key: TranslationKey) => text(lang, key);

  // The kanban and the status chips left out "resolved" and "transferred", so such issues
  // showed under no column and no chip.
  it('shows them in their kanban columns and behind their status chips', async () => {
    const resolved = await newCustomer(lang);
    await resolved.says('ขอบคุณที่ช่วยเหลือค่ะ');
    const transferred = await newCustomer(lang);
    await transferred.says('ขอคุยกับฝ่ายบัญชีค่ะ');
    await actThroughApi(async (manager) => {
      const resolvedId = await issueIdOf(manager, resolved.name);
      const agent = await agentIdOf(manager, 'Somsak Staff');
      await manager.call('PUT', `/issues/${resolvedId}/assignee`, { userId: agent });
      await manager.call('PATCH', `/issues/${resolvedId}`, { kind: 'status', status: 'resolved' });
      // Un assigned and handed to another team: the transfer allowed before any agent has it.
      const transferredId = await issueIdOf(manager, transferred.name);
      const teams = await manager.call<{ id: string }[]>('GET', '/issues/assignable-teams');
      await manager.call('POST', `/issues/${transferredId}/transfer`, { teamId: teams.at(-1)!.id });
    });

    const { page, errors } = await openSignedIn(browser(), 'manager@demo.local', lang);
    await openFromMenu(page, lang, 'nav.kanban', '/issue/kanban', 'kanban-page');
    const column = (status: string) => page.getByTestId(`kanban-column-${status}`);
    const header = (status: string) => column(status).locator('.kanban__column-header');
    await header('resolved').getByText(t('issue.status.resolved'), { exact: true }).waitFor();
    await column('resolved').getByTestId('issue-card').filter({ hasText: resolved.name }).waitFor();
    await header('transferred').getByText(t('issue.status.transferred'), { exact: true }).waitFor();
    const movedOut = column('transferred').getByTestId('issue-card').filter({ hasText: transferred.name });
    await movedOut.scrollIntoViewIfNeeded();
    await movedOut.waitFor();
    expect(Number(await page.getByTestId('kanban-count-transferred').innerText())).toBeGreaterThanOrEqual(1);
    await snap(page, `kanban-resolved-transferred-desktop-${lang}`);

    await page.goto(`${inject('baseUrl')}/issue/inbox?lang=${lang}`);
    await page.getByTestId('issue-list').waitFor();
    await page.getByTestId('status-tab-resolved').getByText(t('issue.status.resolved')).waitFor();
    // Every chip on one row, which scrolls sideways instead of pushing the list down.
    const chipRows = await page
      .locator('.filter-bar__statuses .ant-tag')
      .evaluateAll((chips) => new Set(chips.map((chip) => chip.getBoundingClientRect().top)).size);
    expect(chipRows).toBe(1);
    await page.getByTestId('status-tab-resolved').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('resolved');
    await card(page, resolved.name).waitFor();
    await expect.poll(() => card(page, transferred.name).count()).toBe(0);
    await page.getByTestId('status-tab-transferred').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('transferred');
    await card(page, transferred.name).waitFor();
    await expect.poll(() => card(page, resolved.name).count()).toBe(0);
    await snap(page, `inbox-status-chips-desktop-${lang}`);
    expect(errors).toEqual([]);
  });

  it('says an issue is gone, instead of a retry that cannot succeed, on desktop and phone', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const { page, errors } = await openSignedIn(browser(), 'manager@demo.local', lang, viewport);
      const path = viewport === 'phone' ? '/mobile/issue/chat' : '/issue/inbox';
      await page.goto(`${inject('baseUrl')}${path}?lang=${lang}&issueId=987654321`);
      await page.getByTestId('issue-unreachable').getByText(t('inbox.chat.gone')).waitFor();
      expect(await page.getByRole('button', { name: t('common.retry') }).count()).toBe(0);
      expect(await page.locator('.ant-message').getByText(t('notices.retrieve.issue_detail')).count()).toBe(
        0,
      );
      await snap(page, `inbox-issue-gone-${viewport}-${lang}`);
      if (viewport === 'phone') {
        // The phone has no list beside the chat: the way back is on the notice.
        await page
          .getByTestId('issue-unreachable')
          .getByRole('button', { name: t('inbox.chat.back') })
          .click();
        await page.waitForURL((url) => url.pathname === '/mobile/issue/inbox');
      }
      expect(errors).toEqual([]);
    }
  });

  it('gives staff the kanban to read, without dragging or its hint', async () => {
    const customer = await newCustomer(lang);
    await customer.says('สอบถามโปรโมชันค่ะ');
    await assignThroughApi(customer.name, 'Somsak Staff');

    const { page, errors } = await openSignedIn(
      browser(),
      'staff@demo.local',
      lang,
      'desktop',
      `/issue/kanban?lang=${lang}`,
    );
    const column = (status: string) => page.getByTestId(`kanban-column-${status}`);
    const mine = (status: string) =>
      column(status).getByTestId('issue-card').filter({ hasText: customer.name });
    await mine('on-going').waitFor();
    expect(await page.locator('.kanban__hint').count()).toBe(0);
    expect(await page.locator('[aria-roledescription="draggable"]').count()).toBe(0);
    await snap(page, `kanban-staff-desktop-${lang}`);

    // A drag does nothing: the card stays, and the server still has it on-going.
    await drag(page, mine('on-going'), column('waiting'));
    await mine('on-going').waitFor();
    expect(await mine('waiting').count()).toBe(0);
    await actThroughApi(async (manager) => {
      const id = await issueIdOf(manager, customer.name);
      expect((await manager.call<{ status: string }>('GET', `/issues/${id}`)).status).toBe('on-going');
    });
    expect(errors).toEqual([]);
  });

  it('drops the close request’s tag once the issue is closed, and locks its tags like its note', async () => {
    const customer = await newCustomer(lang);
    await customer.says('ได้รับของแล้วค่ะ ขอบคุณค่ะ');
    await assignThroughApi(customer.name, 'Somsak Staff');
    let issueId = 0;
    await actThroughApi(async (manager) => {
      issueId = await issueIdOf(manager, customer.name);
    });
    const staff = await apiSession(inject('baseUrl'), 'staff@demo.local', DEMO_PASSWORD);
    await staff.call('POST', `/issues/${issueId}/request-close`);
    await staff.dispose();

    const { page, errors } = await openSignedIn(
      browser(),
      'manager@demo.local',
      lang,
      'desktop',
      `/issue/inbox?lang=${lang}&issueId=${issueId}`,
    );
    const requested = card(page, customer.name).getByText(t('inbox.list.closeRequested'));
    await requested.waitFor();
    await page.getByTestId('issue-tags').waitFor();
    expect(await page.getByTestId('issue-tags').getAttribute('class')).not.toContain('ant-select-disabled');

    // The manager answers the request on another screen: resolved, then closed; this one follows live.
    await actThroughApi(async (manager) => {
      await manager.call('PATCH', `/issues/${issueId}`, { kind: 'status', status: 'resolved-success' });
      await manager.call('PATCH', `/issues/${issueId}`, { kind: 'status', status: 'close' });
    });
    await page.getByTestId('chat-pane').locator('[data-status="close"]').waitFor();
    // The list refreshes LIST_REFRESH_MS (1 s) after a status event: expect.poll's default 1 s is too short.
    await expect.poll(() => requested.count(), { timeout: 10_000 }).toBe(0);
    await expect
      .poll(() => page.getByTestId('issue-tags').getAttribute('class'))
      .toContain('ant-select-disabled');
    expect(await page.getByTestId('issue-note').isDisabled()).toBe(true);
    await snap(page, `inbox-closed-info-desktop-${lang}`);
    expect(errors).toEqual([]);
  });
});

/** Acts as the demo manager through the API, as a colleague on another screen would. */
async function actThroughApi(act: (manager: ApiSession) => Promise<void>) {
  const manager = await apiSession(inject('baseUrl'), 'manager@demo.local', DEMO_PASSWORD);
  try {
    await act(manager);
  } finally {
    await manager.dispose();
  }
}

/** The open issue of a customer, once their message has been processed. */
async function issueIdOf(manager: ApiSession, customerName: string): Promise<number> {
  type Issues = { items: { id: number; contact: { displayName: string } }[] };
  let id: number | undefined;
  await expect
    .poll(async () => {
      const found = await manager.call<Issues>('GET', `/issues?search=${encodeURIComponent(customerName)}`);
      id = found.items.find((item) => item.contact.displayName === customerName)?.id;
      return id;
    })
    .toBeDefined();
  return id!;
}

async function agentIdOf(manager: ApiSession, agentName: string): Promise<string> {
  const options = await manager.call<{ agents: { id: string; displayName: string }[] }>(
    'GET',
    '/issues/filter-options',
  );
  return options.agents.find((a) => a.displayName === agentName)!.id;
}

/** Assigns the customer's issue to the agent as the manager would from another screen. */
async function assignThroughApi(customerName: string, agentName: string) {
  const manager = await apiSession(inject('baseUrl'), 'manager@demo.local', DEMO_PASSWORD);
  try {
    // The customer's message is processed after the webhook's answer: wait for the issue.
    const issueId = await issueIdOf(manager, customerName);
    const options = await manager.call<{ agents: { id: string; displayName: string }[] }>(
      'GET',
      '/issues/filter-options',
    );
    const agent = options.agents.find((a) => a.displayName === agentName)!;
    await manager.call('PUT', `/issues/${issueId}/assignee`, { userId: agent.id });
  } finally {
    await manager.dispose();
  }
}

describe('inbox on a phone in th', () => {
  const t = (key: TranslationKey) => text(lang, key);

  it('lists issues, opens a chat full screen with its info sheet, and replies one-handed', async () => {
    const { page, errors } = await openSignedIn(browser(), 'staff@demo.local', lang, 'phone');
    await page.getByTestId('mobile-inbox-page').waitFor();
    // The status chips: one row across the phone, scrolled sideways, never wider than the screen.
    const chips = page.locator('.filter-bar__statuses');
    await chips.locator('.ant-tag').first().waitFor();
    expect(
      await chips
        .locator('.ant-tag')
        .evaluateAll((tags) => new Set(tags.map((tag) => tag.getBoundingClientRect().top)).size),
    ).toBe(1);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await openPloy(page);
    await page.getByTestId('mobile-chat-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/mobile/issue/chat');
    await chatMessage(page, 'ไซซ์').first().waitFor();
    const reply = `รับทราบค่ะ ${lang} ${Date.now() % 10_000}`;
    await page.getByTestId('composer-input').fill(reply);
    await page.getByTestId('send').click();
    await chatMessage(page, reply).waitFor();
    await snap(page, `inbox-chat-phone-${lang}`);
    await page.getByTestId('show-info').click();
    await page.getByTestId('info-sheet').getByTestId('contact-phone').waitFor();
    expect(await page.getByTestId('info-sheet').getByTestId('contact-phone').innerText()).toBe(
      '089 876 5432',
    );
    await snap(page, `inbox-info-phone-${lang}`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: t('inbox.chat.back') }).click();
    await page.getByTestId('mobile-inbox-page').waitFor();
    await page.getByTestId('open-filters').click();
    await page.getByTestId('filters-drawer').waitFor();
    await snap(page, `inbox-filters-phone-${lang}`);
    expect(errors).toEqual([]);
  });
});
