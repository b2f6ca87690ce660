// The AI first responder, against the simulator's OpenAI-compatible model. AI assist
// is on with its first responder feature (through the API), the demo LINE channel's business hours leave out
// now, and a knowledge base article answers the question. The admin turns the channel's first responder on in
// its tab of the channel drawer (outside business hours, a hand-over word, the default label; the minutes
// field shows only with "unassigned" and keeps its value). A LINE customer writes at night and gets the AI's answer under the automatic-reply label;
// they ask for a person ("ขอคุยกับพนักงาน") and are handed over. The admin opens the chat and sees the AI
// label on the answers and the hand-over note with its summary; on a phone, the same in the mobile chat.
// In English.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Page } from 'playwright-core';
import { AdminClient } from '@sabai/simulator';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession, type ApiSession } from '../support/api';
import { turnAiOff, turnAiOn } from '../support/ai';
import type { Locale } from '../support/browser';
import { issueOf, newLineCustomer } from '../support/customers';
import { openSignedIn, useBrowser } from '../support/journey';
import { noticeShows, snap } from '../support/settings';
import { DEMO_LINE } from '../support/simulator';
import { text } from '../support/texts';
import { DEMO_PASSWORD } from '../support/demo';

const browser = useBrowser();
const ADMIN_EMAIL = 'admin@demo.local';

/** A channel as GET /channels answers it (packages/contracts ChannelSchema), the fields saved back. */
type Channel = {
  id: string;
  type: string;
  externalId: string;
  name: string;
  assignedMode: string;
  assignedTeamId: string | null;
  reservedTeamId: string | null;
  keywords: Array<{ keyword: string; teamId: string }>;
  businessHoursMode: '24x7' | 'custom';
  shifts: Array<{ weekday: number; startsAt: string; endsAt: string }>;
  offServiceResponse: string;
  holidays: Array<{ id: string; name: string; date: string; autoResponseMessage: string }>;
  sendAgentIdentity: boolean;
  answerInGroups: boolean;
  markReadOnOpen: boolean;
};
const KEY = 'sk-journey-first-responder-0123456789';
const LABEL = '🤖 ข้อความอัตโนมัติ / Automatic reply:';

let admin: ApiSession;
let sim: AdminClient;
let channel: Channel;
const articleIds: number[] = [];

/** What the customer asks and what the model answers, per language (the customer writes the app's). */
const SCRIPT = {
  en: {
    handOverWord: 'complaint',
    question: 'How long is the warranty on the Sabai kettle?',
    answer: 'The Sabai kettle has a 2-year warranty from the date of purchase.',
    summary: 'The customer asked about the kettle warranty (2 years) and then asked for a person.',
  },
  th: {
    handOverWord: 'ร้องเรียน',
    question: 'กาต้มน้ำสบายมีประกันกี่ปีคะ',
    answer: 'กาต้มน้ำสบายมีประกัน 2 ปีนับจากวันที่ซื้อค่ะ',
    summary: 'ลูกค้าถามเรื่องประกันกาต้มน้ำ (2 ปี) แล้วขอคุยกับเจ้าหน้าที่',
  },
} as const;

/** The channel's fields as saved, with business hours that leave out now (a shift two days ahead). */
function fieldsOf(c: Channel, hours: Pick<Channel, 'businessHoursMode' | 'shifts'>) {
  return {
    name: c.name,
    assignedMode: c.assignedMode,
    assignedTeamId: c.assignedTeamId,
    reservedTeamId: c.reservedTeamId,
    keywords: c.keywords.map(({ keyword, teamId }) => ({ keyword, teamId })),
    businessHoursMode: hours.businessHoursMode,
    shifts: hours.shifts,
    offServiceResponse: c.offServiceResponse,
    holidays: c.holidays.map(({ id, name, date, autoResponseMessage }) => ({
      id,
      name,
      date,
      autoResponseMessage,
    })),
    sendAgentIdentity: c.sendAgentIdentity,
    answerInGroups: c.answerInGroups,
    markReadOnOpen: c.markReadOnOpen,
  };
}

function shiftTwoDaysAhead() {
  const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  const today = days.indexOf(
    new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Bangkok', weekday: 'short' }).format(new Date()),
  );
  return [{ weekday: ((today + 2) % 7) + 1, startsAt: '09:00', endsAt: '10:00' }];
}

const responder = (enabled: boolean) => ({
  enabled,
  when: 'outsideHours',
  unassignedMinutes: 10,
  handOverWords: [],
  confidenceThreshold: 0.3,
  label: LABEL,
});

beforeAll(async () => {
  admin = await apiSession(inject('baseUrl'), ADMIN_EMAIL, DEMO_PASSWORD);
  sim = new AdminClient(inject('simulatorUrl'));
  await turnAiOn(admin, KEY, { firstResponder: true });
  const channels = await admin.call<Channel[]>('GET', '/channels');
  channel = channels.find((c) => c.type === 'line' && c.externalId === DEMO_LINE.channelId)!;
  await admin.call(
    'PUT',
    `/channels/${channel.id}`,
    fieldsOf(channel, {
      businessHoursMode: 'custom',
      shifts: shiftTwoDaysAhead(),
    }),
  );
  for (const [language, s] of Object.entries(SCRIPT)) {
    const article = await admin.call<{ id: number }>('POST', '/knowledge-base/articles', {
      title: language === 'en' ? 'Sabai kettle warranty' : 'ประกันกาต้มน้ำสบาย',
      body: s.answer,
      language,
      status: 'published',
      tagIds: [],
    });
    articleIds.push(article.id);
  }
});

afterAll(async () => {
  try {
    await admin.call('PUT', `/channels/${channel.id}/first-responder`, responder(false));
    await admin.call('PUT', `/channels/${channel.id}`, fieldsOf(channel, channel));
    for (const id of articleIds) await admin.call('DELETE', `/knowledge-base/articles/${id}`);
    await turnAiOff(admin);
    await sim.aiClearAnswers();
  } finally {
    await admin.dispose();
  }
});

/**
 * The admin opens the LINE channel's drawer from the channel list, its AI first responder tab, and turns the
 * responder on: first "both" with 15 minutes (the minutes field appears), then back to outside business hours
 * (the field hides, the minutes are kept), a hand-over word, the default label. Snapped before the save.
 */
async function turnOnInTab(page: Page, lang: Locale, word: string) {
  const t = (key: TranslationKey, values: Record<string, string> = {}) => text(lang, key, values);
  await page.goto(`/setting/channel?lang=${lang}`);
  await page
    .locator('.ant-table-row', { hasText: channel.name })
    .getByRole('button', { name: t('channels.edit'), exact: true })
    .click();
  await page.getByTestId('first-responder-tab').click();
  const form = page.getByTestId('first-responder-form');
  await form.waitFor();
  const enabled = form.getByTestId('first-responder-enabled');
  expect(await enabled.getAttribute('aria-checked')).toBe('false');
  await enabled.click();
  const minutes = form.getByTestId('first-responder-minutes');
  expect(await minutes.isVisible()).toBe(false);
  await form.getByTestId('first-responder-when-both').click();
  await minutes.waitFor();
  await minutes.fill('15');
  await form.getByTestId('first-responder-word-input').fill(word);
  await form.getByTestId('first-responder-word-input').press('Enter');
  await form.getByTestId('first-responder-word').filter({ hasText: word }).waitFor();
  expect(await form.getByTestId('first-responder-label').inputValue()).toBe(LABEL);
  await form.getByTestId('first-responder-unsaved').waitFor();
  await page.locator('#first-responder-settings-title').scrollIntoViewIfNeeded();
  await snap(page, `ai-first-responder-settings-desktop-${lang}`);
  // The drawer scrolls on its own: the threshold, the label and the save in a second picture.
  await form.getByTestId('first-responder-save').scrollIntoViewIfNeeded();
  await snap(page, `ai-first-responder-settings-bottom-desktop-${lang}`);
  await form.getByTestId('first-responder-when-outsideHours').click();
  await minutes.waitFor({ state: 'hidden' });
  await form.getByTestId('first-responder-save').click();
  await noticeShows(page, lang, 'channels.firstResponder.saved');
  await form.getByTestId('first-responder-unsaved').waitFor({ state: 'detached' });
  expect(await admin.call('GET', `/channels/${channel.id}/first-responder`)).toEqual({
    ...responder(true),
    unassignedMinutes: 15,
    handOverWords: [word],
  });
}

/**
 * A new LINE customer asks the script's question at night and gets the model's answer under the label, then
 * asks for a person ("ขอคุยกับพนักงาน") and is told someone will answer. Returns their issue.
 */
async function nightConversation(lang: Locale) {
  const s = SCRIPT[lang];
  await sim.aiClearAnswers();
  await sim.aiAnswer('Summarise a customer support conversation', s.summary);
  await sim.aiAnswer(s.question, s.answer);
  const customer = await newLineCustomer(`Fr${lang}${randomBytes(2).toString('hex')}`);
  await customer.says(s.question);
  await expect.poll(customer.received, { timeout: 20_000 }).toContain(`${LABEL}\n${s.answer}`);
  await customer.says('ขอคุยกับพนักงานค่ะ');
  await expect
    .poll(async () => (await customer.received()).some((m) => m.includes('เจ้าหน้าที่จะตอบกลับ')), {
      timeout: 20_000,
    })
    .toBe(true);
  return issueOf(admin, customer.name);
}

const chatMessage = (page: Page, body: string) =>
  page.getByTestId('message-list').getByTestId('message').filter({ hasText: body });

const lang = 'en' as Locale;
describe('AI first responder in en', () => {
  const t = (key: TranslationKey, values: Record<string, string> = {}) => text(lang, key, values);
  const s = SCRIPT[lang];

  it('is turned on in the channel drawer, answers a customer at night from the knowledge base, hands over on request, labelled for agents', async () => {
    // Each language starts with the responder off (the other language's run turned it on).
    await admin.call('PUT', `/channels/${channel.id}/first-responder`, responder(false));
    const { page, errors } = await openSignedIn(browser(), ADMIN_EMAIL, lang);
    await turnOnInTab(page, lang, s.handOverWord);

    const issueId = await nightConversation(lang);
    await page.goto(`/issue/inbox?lang=${lang}&issueId=${issueId}`);
    const answer = chatMessage(page, s.answer);
    await answer.waitFor();
    await answer.getByTestId('ai-tag').waitFor();
    await answer.getByText(t('inbox.chat.aiAnswer')).first().waitFor();
    const note = chatMessage(page, s.summary);
    await note.waitFor();
    await note.getByText(t('inbox.chat.aiNote')).waitFor();
    await note.scrollIntoViewIfNeeded();
    await snap(page, `ai-first-responder-desktop-${lang}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows its labelled answer and hand-over note in the phone chat', async () => {
    await admin.call('PUT', `/channels/${channel.id}/first-responder`, {
      ...responder(true),
      handOverWords: [s.handOverWord],
    });
    const issueId = await nightConversation(lang);
    const { page, errors } = await openSignedIn(
      browser(),
      ADMIN_EMAIL,
      lang,
      'phone',
      `/mobile/issue/chat?lang=${lang}&issueId=${issueId}`,
    );
    const answer = chatMessage(page, s.answer);
    await answer.getByTestId('ai-tag').waitFor();
    await answer.getByText(t('inbox.chat.aiAnswer')).first().waitFor();
    const note = chatMessage(page, s.summary);
    await note.getByText(t('inbox.chat.aiNote')).waitFor();
    await note.scrollIntoViewIfNeeded();
    await snap(page, `ai-first-responder-phone-${lang}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
