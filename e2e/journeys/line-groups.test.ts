// A LINE group as one conversation: the admin opens the group's issue, sees who wrote each message ("a
// member" when LINE withheld the id) and who joined, finds the members in the issue's info, and answers in
// the group itself. In English, on desktop, then the members on a phone.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TranslationKey } from '@sabai/i18n';
import { inject } from '../support/stack';
import { apiSession } from '../support/api';
import type { Locale } from '../support/browser';
import { issueOf } from '../support/customers';
import { DEMO_PASSWORD } from '../support/demo';
import { liveOpen, openSignedIn, useBrowser } from '../support/journey';
import { snap } from '../support/settings';
import { demoLineGroup } from '../support/simulator';
import { text } from '../support/texts';

const browser = useBrowser();
const ADMIN = 'admin@demo.local';
const lang = 'en' as Locale;
const t = (key: TranslationKey, values?: Record<string, string | number>) => text(lang, key, values);
const userId = () => `U${randomBytes(16).toString('hex')}`;

describe('a LINE group in en', () => {
  it('shows who wrote, who joined and the members, and answers in the group', async () => {
    const suffix = randomBytes(3).toString('hex');
    const [nid, ton, mai] = [userId(), userId(), userId()];
    const name = `Weekend market ${suffix}`;
    const group = await demoLineGroup(inject('simulatorUrl'), inject('baseUrl'), {
      chatId: `C${randomBytes(16).toString('hex')}`,
      name,
      members: { [nid]: 'Khun Nid', [ton]: 'Khun Ton' },
      others: { [mai]: 'Khun Mai' },
    });
    await group.says(nid, 'Do you deliver on Sunday?');
    await group.says(ton, 'Me too please', true);
    const admin = await apiSession(inject('baseUrl'), ADMIN, DEMO_PASSWORD);
    const issueId = await issueOf(admin, name);
    await admin.dispose();

    const { context, page, errors } = await openSignedIn(
      browser(),
      ADMIN,
      lang,
      'desktop',
      `/issue/inbox?lang=${lang}&issueId=${issueId}`,
    );
    const list = page.getByTestId('message-list');
    const written = (body: string) => list.getByTestId('message').filter({ hasText: body });
    await expect
      .poll(() => written('Do you deliver on Sunday?').getByTestId('group-member').textContent())
      .toBe('Khun Nid');
    expect(await written('Me too please').getByTestId('group-member').textContent()).toBe(
      t('inbox.trail.aMember'),
    );
    await liveOpen(page);

    // A member joins: the trail says who, and the info lists them with the ones who wrote.
    await group.join([mai]);
    await list
      .getByTestId('activity-line')
      .filter({ hasText: t('inbox.trail.chat.members_joined', { members: 'Khun Mai' }) })
      .waitFor();
    const members = page.getByTestId('issue-info').getByTestId('chat-members');
    await expect
      .poll(() => members.getByTestId('chat-member-name').allInnerTexts())
      .toEqual(['Khun Mai', 'Khun Nid']);

    // The answer goes to the group, where both members read it.
    const reply = `Yes, Sundays until noon ${suffix}`;
    await page.getByTestId('composer-input').fill(reply);
    await page.getByTestId('composer-input').press('Enter');
    await expect.poll(() => group.received()).toEqual([reply]);
    await expect
      .poll(() => written(reply).getByTestId('delivery-status').innerText())
      .toBe(t('inbox.delivery.sent'));
    await snap(page, `line-group-desktop-${lang}`);
    expect(errors).toEqual([]);
    await context.close();

    // On a phone, the members are in the chat's info sheet.
    const phone = await openSignedIn(
      browser(),
      ADMIN,
      lang,
      'phone',
      `/mobile/issue/chat?lang=${lang}&issueId=${issueId}`,
    );
    await phone.page.getByTestId('show-info').click();
    const sheet = phone.page.getByTestId('info-sheet');
    await expect
      .poll(() => sheet.getByTestId('chat-members').getByTestId('chat-member-name').allInnerTexts())
      .toEqual(['Khun Mai', 'Khun Nid']);
    await snap(phone.page, `line-group-members-phone-${lang}`);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
