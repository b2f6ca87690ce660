// Comment rules: an admin gives the demo Facebook Page a keyword rule in its channel
// settings (keywords CF and สนใจ, a shared canned response, a public reply), saves it and finds it again
// after a reload; a customer then comments "CF" on a post of the Page (the simulator plays Facebook) and
// gets the private reply and the public one; the admin finally deletes the rule, leaving the demo data as it
// was. Desktop in Thai (channel settings have no phone route).
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Locator, Page } from 'playwright-core';
import { AdminClient } from '@sabai/simulator';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession } from '../support/api';
import type { Locale } from '../support/browser';
import { DEMO_PASSWORD } from '../support/demo';
import { openSignedIn, useBrowser } from '../support/journey';
import { confirmDialog, noticeShows, snap } from '../support/settings';
import { DEMO_PAGE } from '../support/simulator';
import { text } from '../support/texts';

const browser = useBrowser();
const ADMIN = 'admin@demo.local';
/** A shared canned response of the demo data (apps/server seed). */
const CANNED = 'Delivery time';

type Rule = {
  id: string;
  keywords: string[];
  cannedResponseId: string;
  cannedResponseName: string;
  publicReply: string;
  isActive: boolean;
};

/** A rule as PUT takes it back (ids are new on every save). */
const asSaved = ({ keywords, cannedResponseId, publicReply, isActive }: Rule) => ({
  keywords,
  cannedResponseId,
  publicReply,
  isActive,
});

/** The demo Page registered at the simulator (as the demo and the Messenger journeys do). */
async function demoPageAtFacebook(simulator: AdminClient): Promise<void> {
  if (!JSON.stringify(await simulator.describe()).includes(DEMO_PAGE.pageId))
    await simulator.addPage(DEMO_PAGE);
}

const lang = 'th' as Locale;
describe('comment rules in th', () => {
  const t = (key: TranslationKey, values?: Record<string, string | number>) => text(lang, key, values);
  const publicReply = lang === 'th' ? 'ส่งข้อความให้แล้วค่ะ' : 'We sent you a message';

  /** Opens the channel's drawer from the list and its comment rules tab. */
  async function openRules(page: Page, channelName: string): Promise<Locator> {
    await page.goto(`/setting/channel?lang=${lang}`);
    await page
      .locator('.ant-table-row', { hasText: channelName })
      .getByRole('button', { name: t('channels.edit'), exact: true })
      .click();
    await page.getByRole('tab', { name: t('channels.form.tabs.commentRules') }).click();
    const rules = page.getByTestId('comment-rules-form');
    await rules.waitFor();
    return rules;
  }

  it('answers a CF comment privately and publicly with the rule set in the channel', async () => {
    const baseUrl = inject('baseUrl');
    const simulator = new AdminClient(inject('simulatorUrl'));
    const admin = await apiSession(baseUrl, ADMIN, DEMO_PASSWORD);
    const channels = await admin.call<Array<{ id: string; name: string; type: string; externalId: string }>>(
      'GET',
      '/channels',
    );
    const channel = channels.find((c) => c.type === 'facebook' && c.externalId === DEMO_PAGE.pageId);
    if (!channel) throw new Error('the demo Facebook channel was not found');
    const rulesPath = `/channels/${channel.id}/comment-rules`;
    const before = await admin.call<Rule[]>('GET', rulesPath);
    await demoPageAtFacebook(simulator);

    try {
      const { context, page, errors } = await openSignedIn(browser(), ADMIN, lang);
      let rules = await openRules(page, channel.name);
      const ruleCards = rules.getByTestId('comment-rule');
      if (before.length === 0) await rules.getByText(t('channels.commentRules.empty')).waitFor();
      expect(await ruleCards.count()).toBe(before.length);

      // A new rule: saving it empty says what is missing.
      await rules.getByTestId('add-rule').click();
      let rule = ruleCards.nth(before.length);
      await rule.waitFor();
      await rules.getByTestId('comment-rules-save').click();
      await rule.getByText(t('channels.commentRules.keywordsRequired')).waitFor();
      await rule.getByText(t('channels.commentRules.cannedRequired')).waitFor();
      await snap(page, `comment-rules-invalid-desktop-${lang}`);

      // Keywords as tags: Enter adds one, a comma another.
      const keywordInput = rule.getByTestId('rule-keyword-input');
      await keywordInput.fill('CF');
      await keywordInput.press('Enter');
      await keywordInput.pressSequentially('สนใจ,');
      await expect.poll(() => rule.getByTestId('rule-keyword').allInnerTexts()).toEqual(['CF', 'สนใจ']);
      expect(await keywordInput.inputValue()).toBe('');

      // The shared canned response, found by searching.
      await rule.getByTestId('rule-canned').click();
      await page.keyboard.type('Delivery');
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: CANNED })
        .first()
        .click();
      await expect.poll(() => rule.getByTestId('rule-canned').innerText()).toContain(CANNED);
      await rule.getByTestId('rule-public-reply').fill(publicReply);
      await rules.getByTestId('comment-rules-unsaved').waitFor();
      await snap(page, `comment-rules-desktop-${lang}`);

      await rules.getByTestId('comment-rules-save').click();
      await noticeShows(page, lang, 'channels.commentRules.saved');
      await rules.getByTestId('comment-rules-unsaved').waitFor({ state: 'detached' });
      const saved = await admin.call<Rule[]>('GET', rulesPath);
      expect(saved.at(-1)).toEqual(
        expect.objectContaining({
          keywords: ['CF', 'สนใจ'],
          cannedResponseName: CANNED,
          publicReply,
          isActive: true,
        }),
      );

      // Kept: the screen opened again shows the rule as saved.
      rules = await openRules(page, channel.name);
      rule = rules.getByTestId('comment-rule').nth(before.length);
      await expect.poll(() => rule.getByTestId('rule-keyword').allInnerTexts()).toEqual(['CF', 'สนใจ']);
      await expect.poll(() => rule.getByTestId('rule-canned').innerText()).toContain(CANNED);
      expect(await rule.getByTestId('rule-public-reply').inputValue()).toBe(publicReply);
      expect(await rule.getByTestId('rule-active').getAttribute('aria-checked')).toBe('true');

      // A customer comments "CF" under a post of the Page: the rule answers in private and in public.
      const post = await simulator.publishPost(DEMO_PAGE.pageId, { text: 'เสื้อลินินใหม่ 590 บาท' });
      const commenter = `8${Date.now()}${randomBytes(2).readUInt16BE()}`.slice(0, 16);
      const { commentId } = await simulator.comment(DEMO_PAGE.pageId, commenter, post.postId, 'CF', {
        name: `Commenter ${randomBytes(3).toString('hex')}`,
      });
      await expect
        .poll(() => simulator.commentState(commentId), { timeout: 15_000 })
        .toMatchObject({ privateReplies: 1, replies: [{ message: publicReply }] });

      // The rule goes again (confirmed, then saved): the Page's rules are as they were.
      await rule.getByTestId('rule-delete').click();
      await confirmDialog(
        page,
        t('channels.commentRules.deleteConfirm.title', { number: before.length + 1 }),
        t('channels.commentRules.deleteConfirm.ok'),
      );
      await expect.poll(() => rules.getByTestId('comment-rule').count()).toBe(before.length);
      await rules.getByTestId('comment-rules-save').click();
      await noticeShows(page, lang, 'channels.commentRules.saved');
      if (before.length === 0) await rules.getByText(t('channels.commentRules.empty')).waitFor();
      expect((await admin.call<Rule[]>('GET', rulesPath)).map(asSaved)).toEqual(before.map(asSaved));

      expect(errors).toEqual([]);
      await context.close();
    } finally {
      // A failure half-way leaves the Page's rules as they were too.
      const now = await admin.call<Rule[]>('GET', rulesPath);
      if (JSON.stringify(now.map(asSaved)) !== JSON.stringify(before.map(asSaved)))
        await admin.call('PUT', rulesPath, { rules: before.map(asSaved) });
      await admin.dispose();
    }
  });
});
