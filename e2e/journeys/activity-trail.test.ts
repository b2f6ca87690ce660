// The activity trail in the chat : every change to an issue shows in its conversation as
// a small centred line with its time, in the reader's language, live — on desktop and on a phone, in English.
import { describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Page } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession } from '../support/api';
import type { Locale } from '../support/browser';
import { assignedLineCustomer, userIdOf } from '../support/customers';
import { DEMO_PASSWORD } from '../support/demo';
import { liveOpen, openSignedIn, useBrowser } from '../support/journey';
import { snap } from '../support/settings';
import { text } from '../support/texts';

const browser = useBrowser();
const MANAGER = 'manager@demo.local';

const lines = (page: Page) => page.getByTestId('message-list').getByTestId('activity-line');

const lang = 'en' as Locale;
describe('activity trail in en', () => {
  const t = (key: TranslationKey, values: Record<string, string | number> = {}) => text(lang, key, values);

  it('shows each change in the chat as it happens, and the whole trail on a phone', async () => {
    const admin = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
    const manager = await apiSession(inject('baseUrl'), MANAGER, DEMO_PASSWORD);
    try {
      const customer = await assignedLineCustomer(admin, await userIdOf(MANAGER), 'Khun Trail');
      const { page, errors } = await openSignedIn(
        browser(),
        MANAGER,
        lang,
        'desktop',
        `/issue/inbox?lang=${lang}&issueId=${customer.issueId}`,
      );
      await page.getByTestId('message-list').waitFor();
      // The admin's assignment came before the page opened.
      const assigned = t('inbox.trail.assigned', { actor: 'Anong Admin', agent: 'Malee Manager' });
      await lines(page).filter({ hasText: assigned }).waitFor();
      await liveOpen(page);

      // Changes made elsewhere (a colleague's screen) arrive live, in order, each with its time.
      const tags = await manager.call<{ id: string; name: string }[]>('GET', '/tags/options');
      const tag = tags[0]!;
      await manager.call('PUT', `/issues/${customer.issueId}/tags`, { tagIds: [tag.id] });
      await manager.call('PATCH', `/issues/${customer.issueId}`, { kind: 'note', note: 'VIP' });
      await manager.call('PATCH', `/issues/${customer.issueId}`, { kind: 'status', status: 'waiting' });
      const expected = [
        // The team's auto-reply answered the customer's first message.
        t('inbox.trail.autoReply'),
        assigned,
        t('inbox.trail.tagAdded', { actor: 'Malee Manager', tag: tag.name }),
        t('inbox.trail.note', { actor: 'Malee Manager' }),
        t('inbox.trail.status', {
          actor: 'Malee Manager',
          from: t('issue.status.on-going'),
          to: t('issue.status.waiting'),
        }),
      ];
      await expect
        .poll(() => lines(page).locator('.activity-line__text').allTextContents())
        .toEqual(expected);
      expect(await lines(page).first().locator('time').textContent()).toMatch(/^\d\d:\d\d$/);
      await snap(page, `activity-trail-desktop-${lang}`);
      expect(errors).toEqual([]);

      const phone = await openSignedIn(
        browser(),
        MANAGER,
        lang,
        'phone',
        `/mobile/issue/chat?lang=${lang}&issueId=${customer.issueId}`,
      );
      await expect
        .poll(() => lines(phone.page).locator('.activity-line__text').allTextContents())
        .toEqual(expected);
      await snap(phone.page, `activity-trail-phone-${lang}`);
      expect(phone.errors).toEqual([]);
    } finally {
      await admin.dispose();
      await manager.dispose();
    }
  });
});
