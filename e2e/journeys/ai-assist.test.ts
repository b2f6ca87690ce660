// AI assist in the agent's chat, against the simulator's OpenAI-compatible model. The admin turns
// AI assist on for the demo organisation (through the API; its screen has its own journey). Somsak (staff)
// is given a LINE customer who writes in the other language than the app's: he translates the message,
// asks for a suggested reply (it grows in the reply box, he edits it and sends it), writes his own reply in
// the app's language and sends it translated into the customer's (seeing both), summarises the
// conversation, and adds a suggested tag. With the model down, the agent gets a notice and his draft stays.
// An issue transferred to him opens with its summary at the top, on a desktop and a phone. On a phone he
// asks for a suggestion from the mobile chat. In Thai; AI is turned off after.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Page } from 'playwright-core';
import { AdminClient } from '@sabai/simulator';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession, type ApiSession } from '../support/api';
import { turnAiOff, turnAiOn } from '../support/ai';
import type { Locale, Viewport } from '../support/browser';
import { assignedLineCustomer, userIdOf } from '../support/customers';
import { DEMO_PASSWORD } from '../support/demo';
import { openSignedIn, useBrowser } from '../support/journey';
import { snap } from '../support/settings';
import { text } from '../support/texts';

const browser = useBrowser();
const STAFF = 'staff@demo.local';
const MANAGER = 'manager@demo.local';
const KEY = 'sk-journey-ai-assist-0123456789';

let admin: ApiSession;
let sim: AdminClient;
let staffId = '';
/** Issues transferred to Somsak, closed after. */
const transferred: number[] = [];

/** What the customer writes and what the model answers, per app language (the customer writes the other). */
const SCRIPT = {
  en: {
    customerSays: 'พัสดุจะมาถึงเมื่อไหร่คะ',
    translated: 'When will my parcel arrive?',
    suggestion: 'ขอบคุณที่รอค่ะ พัสดุจะจัดส่งภายใน 1–3 วันทำการค่ะ',
    ownDraft: 'Your parcel arrives tomorrow.',
    ownDraftTranslated: 'พัสดุของคุณจะถึงพรุ่งนี้ค่ะ',
    summary: 'The customer asks when the parcel arrives; delivery in 1–3 business days was given.',
  },
  th: {
    customerSays: 'When will my parcel arrive?',
    translated: 'พัสดุของฉันจะมาถึงเมื่อไหร่',
    suggestion: 'Thank you for waiting! Your parcel ships within 1–3 business days.',
    ownDraft: 'พัสดุจะถึงพรุ่งนี้ค่ะ',
    ownDraftTranslated: 'Your parcel arrives tomorrow.',
    summary: 'ลูกค้าถามว่าพัสดุจะมาถึงเมื่อไหร่ แจ้งแล้วว่าจัดส่งภายใน 1–3 วันทำการ',
  },
} as const;

beforeAll(async () => {
  admin = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
  staffId = await userIdOf(STAFF);
  sim = new AdminClient(inject('simulatorUrl'));
  await turnAiOn(admin, KEY);
});

afterAll(async () => {
  try {
    for (const id of transferred) {
      await admin.call('PATCH', `/issues/${id}`, { kind: 'status', status: 'resolved-success' });
      await admin.call('PATCH', `/issues/${id}`, { kind: 'status', status: 'close' });
    }
    await turnAiOff(admin);
    await sim.aiClearAnswers();
    await sim.aiClearFaults();
  } finally {
    await admin.dispose();
  }
});

const composer = (page: Page) => page.getByTestId('composer-input');
const chatMessage = (page: Page, body: string) =>
  page.getByTestId('message-list').getByTestId('message').filter({ hasText: body });

/**
 * The model's answers for a language's run. Rules are tried in the order added and the first match wins,
 * and every request carries the customer's words (the conversation), so the rules that name something
 * only one request has come first and the suggestion (matched by the customer's words) last.
 */
async function scriptModel(lang: Locale) {
  const s = SCRIPT[lang];
  await sim.aiClearAnswers();
  await sim.aiAnswer(s.ownDraft, s.ownDraftTranslated);
  await sim.aiAnswer(`Translate the message into ${lang === 'en' ? 'English' : 'Thai'}`, s.translated);
  await sim.aiAnswer('Summarise a customer support conversation', s.summary);
  await sim.aiAnswer('Choose the tags', 'VIP');
  await sim.aiAnswer(s.customerSays, s.suggestion);
}

/** Opens the AI menu of the reply box and picks an action by its text. */
async function assist(page: Page, label: string) {
  await page.getByTestId('assist-button').click();
  await page.getByRole('menuitem', { name: label }).click();
}

const lang = 'th' as Locale;
describe('AI assist in th', () => {
  const t = (key: TranslationKey, values: Record<string, string> = {}) => text(lang, key, values);
  const s = SCRIPT[lang];

  it('translates, suggests, translates a reply, summarises and suggests a tag, on desktop', async () => {
    const customer = await assignedLineCustomer(admin, staffId, `Ai${lang}${randomBytes(2).toString('hex')}`);
    await customer.says(s.customerSays);
    await scriptModel(lang);

    const { page, errors } = await openSignedIn(
      browser(),
      STAFF,
      lang,
      'desktop',
      `/issue/inbox?lang=${lang}&issueId=${customer.issueId}`,
    );
    const message = chatMessage(page, s.customerSays);
    await message.waitFor();

    // The customer's message, translated under it.
    await message.getByTestId('translate-message').click();
    await message.getByTestId('message-translation').getByText(s.translated).waitFor();

    // A suggested reply grows in the reply box; the agent edits it and sends it.
    await assist(page, t('inbox.assist.suggest'));
    await expect.poll(() => composer(page).inputValue()).toBe(s.suggestion);
    await page.getByTestId('assist-status').getByText(t('inbox.assist.checkDraft')).waitFor();
    await snap(page, `ai-assist-suggested-desktop-${lang}`);
    await composer(page).fill(`${s.suggestion} 🙏`);
    await page.getByTestId('send').click();
    await expect.poll(customer.received).toContain(`${s.suggestion} 🙏`);

    // Written in the app's language, sent in the customer's: both are in sight before sending.
    await composer(page).fill(s.ownDraft);
    await assist(page, t('inbox.assist.translateDraft'));
    await expect.poll(() => composer(page).inputValue()).toBe(s.ownDraftTranslated);
    await page.getByTestId('assist-original').getByText(s.ownDraft).waitFor();
    await snap(page, `ai-assist-translated-draft-desktop-${lang}`);
    await page.getByTestId('send').click();
    await expect.poll(customer.received).toContain(s.ownDraftTranslated);

    // The conversation in a few lines, and a tag the model suggests, added with a click.
    await page.getByTestId('summarise').click();
    await page.getByTestId('summary-text').getByText(s.summary).waitFor();
    await page.getByTestId('suggest-tags').click();
    await page.getByTestId('suggested-tag').filter({ hasText: 'VIP' }).click();
    await page.getByTestId('issue-tags').getByText('VIP').waitFor();
    await snap(page, `ai-assist-summary-tags-desktop-${lang}`);

    // The model down: a notice, and the agent's draft is still there to send by hand.
    await sim.aiFailUntilCleared({ status: 503 });
    await composer(page).fill(s.ownDraft);
    await assist(page, t('inbox.assist.styles.polite'));
    await page.locator('.ant-message').getByText(t('errors.ai.unavailable')).waitFor();
    expect(await composer(page).inputValue()).toBe(s.ownDraft);
    await sim.aiClearFaults();
    // The browser logs the model's failure as the 502 the server answered: expected here, nothing else.
    expect(errors.filter((e) => !e.includes('status of 502'))).toEqual([]);
    await page.context().close();
  });

  it.each<Viewport>(['desktop', 'phone'])(
    'opens an issue transferred to the agent with the summary at the top, on %s',
    async (viewport) => {
      // The manager talked with the customer, then the issue is transferred to Somsak.
      const customer = await assignedLineCustomer(
        admin,
        await userIdOf(MANAGER),
        `AiT${lang}${randomBytes(2).toString('hex')}`,
      );
      await customer.says(s.customerSays);
      // Stored before the transfer (a message after it would open the new issue's conversation).
      await expect
        .poll(async () => JSON.stringify(await admin.call('GET', `/issues/${customer.issueId}/messages`)))
        .toContain(s.customerSays);
      await admin.call('POST', `/issues/${customer.issueId}/messages`, { text: s.suggestion });
      const { team } = await admin.call<{ team: { id: string } }>('GET', `/issues/${customer.issueId}`);
      const next = await admin.call<{ id: number }>('POST', `/issues/${customer.issueId}/transfer`, {
        teamId: team.id,
        userId: staffId,
      });
      transferred.push(next.id);
      await scriptModel(lang);

      const { page, errors } = await openSignedIn(browser(), STAFF, lang, viewport);
      const chatPath = viewport === 'phone' ? '/mobile/issue/chat' : '/issue/inbox';
      await page.goto(`${chatPath}?lang=${lang}&issueId=${next.id}`);
      // Nobody asked: the summary is there, above the earlier conversation it sums up.
      const summary = page.getByTestId('summary-text');
      await summary.getByText(s.summary).waitFor();
      const earlier = page.getByTestId('earlier-conversation');
      await earlier.getByTestId('message').filter({ hasText: s.customerSays }).waitFor();
      // The summary stays above the conversation, which opens at its newest message: on a phone the earlier
      // conversation's top may be scrolled out of sight, so the summary is compared with the list's top.
      const summaryBox = (await summary.boundingBox())!;
      const listBox = (await page.getByTestId('message-list').boundingBox())!;
      expect(summaryBox.y + summaryBox.height).toBeLessThanOrEqual(listBox.y);
      await snap(page, `ai-assist-transfer-summary-${viewport}-${lang}`);
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );

  it('suggests a reply in the phone chat', async () => {
    const customer = await assignedLineCustomer(
      admin,
      staffId,
      `AiM${lang}${randomBytes(2).toString('hex')}`,
    );
    await customer.says(s.customerSays);
    await scriptModel(lang);
    const { page, errors } = await openSignedIn(
      browser(),
      STAFF,
      lang,
      'phone',
      `/mobile/issue/chat?lang=${lang}&issueId=${customer.issueId}`,
    );
    await chatMessage(page, s.customerSays).waitFor();
    await assist(page, t('inbox.assist.suggest'));
    await expect.poll(() => composer(page).inputValue()).toBe(s.suggestion);
    await snap(page, `ai-assist-suggested-phone-${lang}`);
    await page.getByTestId('assist-undo').click();
    expect(await composer(page).inputValue()).toBe('');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
