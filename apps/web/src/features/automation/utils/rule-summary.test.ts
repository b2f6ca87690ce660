import { beforeAll, describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import { resources } from '@sabai/i18n';
import type { SaveAutomationRule } from '@sabai/contracts';
import { describeActual, phraseText, ruleSentence, type NameOf } from './rule-summary';

// The app's own interpolation settings (lib/i18n.ts): values are inserted as they are.
const translators: Partial<Record<'en' | 'th', TFunction>> = {};
beforeAll(async () => {
  for (const lng of ['en', 'th'] as const) {
    const i18n = i18next.createInstance();
    await i18n.init({ lng, resources, interpolation: { escapeValue: false } });
    translators[lng] = i18n.t;
  }
});
const t = (lng: 'en' | 'th') => translators[lng]!;

const NAMES: Record<string, string> = {
  team: 'Wholesale',
  tag: 'VIP',
  tag2: 'Spam',
  line: 'LINE Shop',
  user: 'Malee Manager',
};
const nameOf: NameOf = (_kind, id) => (id === 'gone' ? null : id === 'later' ? undefined : NAMES[id]);

const vipRule: SaveAutomationRule = {
  name: 'VIP to Wholesale',
  isActive: true,
  when: { trigger: 'customer_message' },
  conditions: [{ type: 'message_text', words: ['wholesale', 'ขายส่ง'] }],
  actions: [
    { type: 'assign_team', teamId: 'team' },
    { type: 'add_tag', tagId: 'tag' },
  ],
};

describe('a rule as a sentence', () => {
  it('reads when, if and then in English and Thai, names kept apart', () => {
    const sentence = ruleSentence(t('en'), vipRule, nameOf);
    expect(phraseText(sentence)).toBe(
      'When the customer sends a message, if the message contains “wholesale” or “ขายส่ง”, then assign to team Wholesale and add the tag VIP.',
    );
    expect(sentence.filter((s) => 'name' in s)).toEqual([
      { name: 'wholesale' },
      { name: 'ขายส่ง' },
      { name: 'Wholesale' },
      { name: 'VIP' },
    ]);
    expect(phraseText(ruleSentence(t('th'), vipRule, nameOf))).toBe(
      'เมื่อลูกค้าส่งข้อความ ถ้าข้อความมีคำว่า “wholesale” หรือ “ขายส่ง” ให้มอบหมายให้ทีม Wholesale และ เพิ่มแท็ก VIP',
    );
  });

  it('leaves out "if" without conditions, and says the times, statuses and people', () => {
    const rule: SaveAutomationRule = {
      ...vipRule,
      when: { trigger: 'idle', status: 'waiting', minutes: 1_500 },
      conditions: [],
      actions: [
        { type: 'notify', userIds: ['user'], assignee: true, text: 'Look' },
        { type: 'close_after_inactivity', minutes: 60, message: '' },
        { type: 'set_status', status: 'resolved' },
      ],
    };
    expect(phraseText(ruleSentence(t('en'), rule, nameOf))).toBe(
      'When an issue stays Waiting for 1 d 1 h with nothing happening, then notify Malee Manager and the issue’s agent, close it after 1 h without a word from the customer and set the status to Resolved.',
    );
  });

  it('marks a deleted team as such and one not read yet as pending', () => {
    const rule: SaveAutomationRule = {
      ...vipRule,
      when: { trigger: 'status_changed', to: null },
      conditions: [
        { type: 'team', teamIds: ['gone', 'team', 'later'] },
        { type: 'tag', tagIds: ['tag', 'tag2'], has: false },
        { type: 'contact', field: 'email', operator: 'isNotSet', value: '' },
      ],
      actions: [{ type: 'auto_assign' }],
    };
    expect(phraseText(ruleSentence(t('en'), rule, nameOf))).toBe(
      'When the status changes, if the team is (deleted), Wholesale or …, it has none of the tags VIP or Spam and the contact’s email is empty, then assign automatically within its team.',
    );
  });
});

describe('what a tested issue has', () => {
  const check = (type: string, actual: string | null, holds = false) => ({ index: 0, type, holds, actual });

  it('names channels, teams and tags, and says statuses and facts in words', () => {
    expect(phraseText(describeActual(t('en'), check('channel', 'line'), nameOf))).toBe('LINE Shop');
    expect(phraseText(describeActual(t('en'), check('team', null), nameOf))).toBe('nothing');
    expect(phraseText(describeActual(t('en'), check('tag', 'tag,tag2'), nameOf))).toBe('VIP and Spam');
    expect(phraseText(describeActual(t('th'), check('status', 'on-going'), nameOf))).toBe(
      t('th')('issue.status.on-going'),
    );
    expect(phraseText(describeActual(t('en'), check('business_hours', 'false'), nameOf))).toBe(
      'a message outside business hours',
    );
    expect(phraseText(describeActual(t('en'), check('first_issue', 'true'), nameOf))).toBe(
      'it is the first issue',
    );
  });

  it('quotes the matching word, or the latest message that had none', () => {
    expect(phraseText(describeActual(t('en'), check('message_text', 'ขายส่ง', true), nameOf))).toBe(
      'the word “ขายส่ง”',
    );
    const long = 'x'.repeat(130);
    expect(phraseText(describeActual(t('en'), check('message_text', long), nameOf))).toBe(
      `its latest message “${'x'.repeat(120)}…”`,
    );
  });
});
