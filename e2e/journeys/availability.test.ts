// A member's availability and time off (a member is online, offline or on time off; the manager receives
// the team members' leave requests): the online/offline switch in the desktop header and the phone's menu
// drawer; a staff member asks for time off from the user menu, the manager approves it on the Leave
// requests tab, and declines another after a confirmation. In English.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Locator, Page } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession } from '../support/api';
import type { ApiSession } from '../support/api';
import type { Locale } from '../support/browser';
import { dayFromToday, typeIntoPicker } from '../support/dates';
import { DEMO_PASSWORD } from '../support/demo';
import { openSignedIn, useBrowser } from '../support/journey';
import { confirmDialog, expectMessage, noticeShows, openFromMenu, snap, tableRow } from '../support/settings';
import { text } from '../support/texts';

const browser = useBrowser();

// Two people's sessions, two dialogs and a table: more than a plain journey's time on a busy machine.
const TIME_OFF_JOURNEY_TIMEOUT = 240_000;

// staff2 starts each test online, as seeded, whatever an earlier one left.
let staff2: ApiSession;
beforeAll(async () => {
  staff2 = await apiSession(inject('baseUrl'), 'staff2@demo.local', DEMO_PASSWORD);
});
beforeEach(async () => {
  await staff2.call('PUT', '/me/availability', { availability: 'online' });
});
afterAll(async () => {
  await staff2.call('PUT', '/me/availability', { availability: 'online' });
  await staff2.dispose();
});

/** Waits until the availability status (header or drawer) reads `expected`. */
async function statusReads(scope: Page | Locator, expected: string): Promise<void> {
  await scope
    .getByTestId('availability-status')
    .filter({ hasText: new RegExp(`^${expected}$`) })
    .waitFor();
}

const modal = (page: Page) => page.locator('.time-off-modal .ant-modal');

async function openTimeOff(page: Page, lang: Locale): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: text(lang, 'header.requestTimeOff') }).click();
  await modal(page).getByTestId('time-off-form').waitFor();
}

async function closeTimeOff(page: Page, lang: Locale): Promise<void> {
  await modal(page)
    .getByRole('button', { name: text(lang, 'common.cancel'), exact: true })
    .click();
  await modal(page).waitFor({ state: 'hidden' });
}

const lang = 'en' as Locale;
describe('availability in en', () => {
  const t = (key: TranslationKey, values?: Record<string, string | number>) => text(lang, key, values);

  it('goes offline and back online from the desktop header', async () => {
    const { context, page, errors } = await openSignedIn(browser(), 'staff2@demo.local', lang);
    const toggle = page.getByTestId('availability-switch');
    await statusReads(page, t('availability.online'));
    await snap(page, `availability-online-desktop-${lang}`);

    await toggle.click();
    await noticeShows(page, lang, 'availability.nowOffline');
    await statusReads(page, t('availability.offline'));
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    // The server keeps it: still offline after a reload.
    await page.reload();
    await statusReads(page, t('availability.offline'));
    await snap(page, `availability-offline-desktop-${lang}`);

    await toggle.click();
    await noticeShows(page, lang, 'availability.nowOnline');
    await statusReads(page, t('availability.online'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes offline and back online from the phone menu drawer', async () => {
    const { context, page, errors } = await openSignedIn(browser(), 'staff2@demo.local', lang, 'phone');
    await page.getByTestId('menu-button').click();
    const drawer = page.getByTestId('mobile-drawer');
    await statusReads(drawer, t('availability.online'));
    await drawer.getByText(t('availability.hint')).waitFor();
    await drawer.getByTestId('availability-switch').click();
    await noticeShows(page, lang, 'availability.nowOffline');
    await statusReads(drawer, t('availability.offline'));
    await snap(page, `availability-drawer-phone-${lang}`);
    await drawer.getByTestId('availability-switch').click();
    await noticeShows(page, lang, 'availability.nowOnline');
    await statusReads(drawer, t('availability.online'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it(
    'lets staff ask for time off, which the manager approves; another is declined after confirming',
    async () => {
      const stamp = Date.now() % 100_000;
      const reason = `${lang === 'th' ? 'ลาพักร้อน' : 'Annual leave'} ${stamp}`;
      const declinedReason = `${lang === 'th' ? 'ธุระส่วนตัว' : 'Personal errand'} ${stamp}`;
      const offset = lang === 'en' ? 40 : 50;
      const staff = await openSignedIn(browser(), 'staff@demo.local', lang);

      // The period is required; whole days from the first to the last.
      await openTimeOff(staff.page, lang);
      const form = modal(staff.page);
      await form.getByRole('button', { name: t('timeOff.request.submit') }).click();
      await expectMessage(form, t('timeOff.request.periodRequired'));
      const inputs = form.locator('.ant-picker-range input');
      await typeIntoPicker(inputs.nth(0), dayFromToday(offset).typed);
      await typeIntoPicker(inputs.nth(1), dayFromToday(offset + 2).typed);
      await expectMessage(form, t('timeOff.request.days', { count: 3 }));
      await staff.page.locator('#timeOff_reason').fill(reason);
      await snap(staff.page, `time-off-request-desktop-${lang}`);
      await form.getByRole('button', { name: t('timeOff.request.submit') }).click();
      await noticeShows(staff.page, lang, 'timeOff.requested');
      await form.waitFor({ state: 'hidden' });
      await openTimeOff(staff.page, lang);
      const mine = (wanted: string) =>
        modal(staff.page).getByTestId('my-time-off-item').filter({ hasText: wanted });
      await mine(reason).getByText(t('timeOff.statuses.pending'), { exact: true }).waitFor();
      await closeTimeOff(staff.page, lang);

      // A second request, sent through the API, for the manager to decline.
      const staffApi = await apiSession(inject('baseUrl'), 'staff@demo.local', DEMO_PASSWORD);
      await staffApi.call('POST', '/me/time-off', {
        startsAt: `${dayFromToday(offset + 10).iso}T00:00:00+07:00`,
        endsAt: `${dayFromToday(offset + 11).iso}T00:00:00+07:00`,
        reason: declinedReason,
      });
      await staffApi.dispose();

      const manager = await openSignedIn(browser(), 'manager@demo.local', lang);
      await openFromMenu(manager.page, lang, 'nav.teams', '/setting/team', 'teams-page');
      await manager.page.getByTestId('leave-requests-tab').click();
      await tableRow(manager.page, reason).waitFor();
      await tableRow(manager.page, declinedReason).waitFor();
      await snap(manager.page, `leave-requests-desktop-${lang}`);
      await tableRow(manager.page, reason)
        .getByRole('button', { name: t('timeOff.approve'), exact: true })
        .click();
      await noticeShows(manager.page, lang, 'timeOff.approved');
      // Decided requests leave the pending list.
      await tableRow(manager.page, reason).waitFor({ state: 'detached' });

      await tableRow(manager.page, declinedReason)
        .getByRole('button', { name: t('timeOff.decline'), exact: true })
        .click();
      await confirmDialog(
        manager.page,
        t('timeOff.declineConfirm.title', { name: 'Somsak Staff' }),
        t('timeOff.declineConfirm.ok'),
        `leave-requests-decline-confirm-desktop-${lang}`,
      );
      await noticeShows(manager.page, lang, 'timeOff.declined');
      await tableRow(manager.page, declinedReason).waitFor({ state: 'detached' });

      await manager.page
        .getByTestId('leave-request-status')
        .getByText(t('timeOff.allStatuses'), { exact: true })
        .click();
      await tableRow(manager.page, reason)
        .getByText(t('timeOff.statuses.approved'), { exact: true })
        .waitFor();
      await tableRow(manager.page, declinedReason)
        .getByText(t('timeOff.statuses.declined'), { exact: true })
        .waitFor();
      await tableRow(manager.page, reason)
        .getByText(t('timeOff.decidedBy', { name: 'Malee Manager' }))
        .waitFor();
      await snap(manager.page, `leave-requests-decided-desktop-${lang}`);

      // The member sees the decision.
      await openTimeOff(staff.page, lang);
      await mine(reason).getByText(t('timeOff.statuses.approved'), { exact: true }).waitFor();
      await mine(declinedReason).getByText(t('timeOff.statuses.declined'), { exact: true }).waitFor();
      await snap(staff.page, `time-off-mine-desktop-${lang}`);
      expect(staff.errors).toEqual([]);
      expect(manager.errors).toEqual([]);
      await staff.context.close();
      await manager.context.close();
    },
    TIME_OFF_JOURNEY_TIMEOUT,
  );
});
