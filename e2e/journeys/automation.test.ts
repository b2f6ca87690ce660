// Automation rules: an admin builds "VIP to Wholesale" on the automation screen (when the
// customer sends a message, if it contains "wholesale" or "ขายส่ง", then assign it to the journey's second
// team and add the tag VIP), first refused without a name or an action; tests it against a past issue, which
// it would not fire on, and says why; saves it. A LINE customer then writes "I want to buy wholesale" (in
// Thai "สนใจขายส่งค่ะ"): the issue lands in that team with the tag, and the chat's trail, on a phone, names
// the rule and its steps. The admin also duplicates a rule (the copy is last and switched off), deletes the
// copy after the confirmation, moves the new rule up, and deletes it at the end of the run. In English.
//
// The rule only acts on messages holding its words, and is deleted before the next run: the other journeys'
// customers never meet it. Everything the file adds is removed at the end.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Page } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession, type ApiSession } from '../support/api';
import type { Locale } from '../support/browser';
import { issueOf, newLineCustomer, userIdOf } from '../support/customers';
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
import { text } from '../support/texts';

const browser = useBrowser();
const ADMIN = 'admin@demo.local';
const suffix = randomBytes(3).toString('hex');
const TEAM = `Wholesale ${suffix}`;
const VIP = 'VIP';
const WORDS = ['wholesale', 'ขายส่ง'];
const agent = { email: `automation-${suffix}@example.com`, firstName: 'Wiwat', lastName: 'Wholesale' };

/** A rule as GET /automation-rules answers it (packages/contracts AutomationRuleSchema). */
type Rule = {
  id: string;
  name: string;
  isActive: boolean;
  position: number;
  when: { trigger: string };
  conditions: Array<Record<string, unknown>>;
  actions: Array<Record<string, unknown>>;
};
type IssueDetail = { status: string; team: { id: string } | null; tags: Array<{ name: string }> };

let admin: ApiSession;
let agentId = '';
let teamId = '';
let vipTagId = '';
/** An issue whose customer wrote nothing the rule looks for. */
let pastIssueId = 0;
const issues: number[] = [];

beforeAll(async () => {
  admin = await apiSession(inject('baseUrl'), ADMIN, DEMO_PASSWORD);
  agentId = await inviteActiveUser(admin, { ...agent, roleId: await roleId(admin, 'Staff') });
  teamId = await createTeamOf(admin, TEAM, agentId);
  const tags = await admin.call<Array<{ id: string; name: string }>>('GET', '/tags/options');
  vipTagId = tags.find((tag) => tag.name === VIP)!.id;
  const past = await newLineCustomer('Khun Past');
  await past.says('Hello, where is my parcel?');
  pastIssueId = await issueOf(admin, past.name);
  issues.push(pastIssueId);
});

// The rules, the issues, the team and the agent gone, whatever happened (a rule left would act on the next
// journeys' issues).
afterAll(async () => {
  try {
    const rules = await admin.call<Rule[]>('GET', '/automation-rules');
    for (const rule of rules.filter((r) => r.name.includes(suffix)))
      await admin.call('DELETE', `/automation-rules/${rule.id}`);
    for (const id of issues) await closeIssue(id);
  } finally {
    await removeTeamOf(admin, teamId, agentId);
    await admin.dispose();
  }
});

/**
 * Closes an issue whatever its open status: an unassigned one goes first to the journey's agent (in the
 * journey's team) or to the demo manager (in the demo team), as only an assigned issue changes status.
 */
async function closeIssue(id: number) {
  const { status, team } = await admin.call<IssueDetail>('GET', `/issues/${id}`);
  if (status === 'close') return;
  const to = (next: string) => admin.call('PATCH', `/issues/${id}`, { kind: 'status', status: next });
  if (status === 'un-assigned')
    await admin.call(
      'PUT',
      `/issues/${id}/assignee`,
      team?.id === teamId ? { userId: agentId, teamId } : { userId: await userIdOf('manager@demo.local') },
    );
  const { status: now } = await admin.call<IssueDetail>('GET', `/issues/${id}`);
  if (now === 'waiting') await to('on-going');
  if (!now.startsWith('resolved')) await to('resolved-success');
  await to('close');
}

/** Two switched-off rules of the run's own, to duplicate and to move past. */
async function seedRules(lang: Locale): Promise<[string, string]> {
  const names: [string, string] = [`Greeting ${lang} ${suffix}`, `Night note ${lang} ${suffix}`];
  for (const name of names)
    await admin.call('POST', '/automation-rules', {
      name,
      isActive: false,
      when: { trigger: 'issue_created' },
      conditions: [{ type: 'business_hours', inside: false }],
      actions: [{ type: 'add_note', text: 'Outside business hours' }],
    });
  return names;
}

const ruleNames = async () => (await admin.call<Rule[]>('GET', '/automation-rules')).map((rule) => rule.name);

/** Picks an entry of an open antd dropdown menu (add condition, add action), and waits for it to close. */
async function pickMenuItem(page: Page, label: string): Promise<void> {
  const open = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await open.getByRole('menuitem', { name: label }).click();
  // The next menu opens only once this one has gone (while it fades out, it would match again).
  await expect.poll(() => open.count()).toBe(0);
}

/** Deletes a rule from its row after the confirmation, and waits until the server no longer has it. */
async function deleteRule(page: Page, lang: Locale, name: string, snapName?: string): Promise<void> {
  await deleteRow(page, lang, name, {
    title: text(lang, 'automation.deleteConfirm.title', { name }),
    ok: text(lang, 'automation.deleteConfirm.ok'),
    notice: 'automation.deleted',
    snapName,
  });
  await expect.poll(ruleNames).not.toContain(name);
  // The next confirmation opens once this one has gone.
  await page.locator('.settings-confirm').waitFor({ state: 'detached' });
}

const trailLines = (page: Page) => page.getByTestId('message-list').getByTestId('activity-line');

const lang = 'en' as Locale;
describe('automation rules in en', () => {
  const t = (key: TranslationKey, values?: Record<string, string | number>) => text(lang, key, values);
  const RULE = lang === 'en' ? `VIP to Wholesale ${suffix}` : `ลูกค้าขายส่ง VIP ${suffix}`;
  const CUSTOMER_SAYS = lang === 'en' ? 'I want to buy wholesale' : 'สนใจขายส่งค่ะ';
  const or = ` ${t('automation.summary.or')} `;
  const wordsText = WORDS.map((word) => `“${word}”`).join(or);
  let issueId = 0;

  it('builds a rule in the editor, tests it against a past issue and saves it', async () => {
    const [greeting] = await seedRules(lang);
    const { context, page, errors } = await openSignedIn(browser(), ADMIN, lang);
    await openFromMenu(page, lang, 'nav.automationRules', '/setting/automation', 'automation-page');
    await page.getByText(t('automation.order')).waitFor();
    const greetingRow = tableRow(page, greeting);
    await greetingRow.waitFor();
    expect(await greetingRow.getByTestId('rule-summary').innerText()).toBe(
      t('automation.summary.sentence', {
        when: t('automation.when.issue_created'),
        conditions: t('automation.conditions.outsideBusinessHours'),
        actions: t('automation.actions.add_note'),
      }),
    );
    expect(await greetingRow.getByTestId('rule-firings').innerText()).toContain(t('automation.neverFired'));
    expect(await greetingRow.getByTestId('rule-active-switch').getAttribute('aria-checked')).toBe('false');

    // A rule without a name or an action is refused, saying what is missing.
    await page.getByTestId('add-automation-rule').click();
    const form = page.getByTestId('rule-form');
    await form.waitFor();
    await page.getByTestId('rule-save').click();
    await expectMessage(form, t('automation.form.nameRequired'));
    await expectMessage(form, t('automation.form.actionsRequired'));
    if (lang === 'en') await snap(page, 'automation-form-invalid-desktop-en');

    // When the customer sends a message (the trigger a new rule starts with), if it holds one of the words…
    await page.locator('#automation_name').fill(RULE);
    expect(await page.getByTestId('rule-trigger').innerText()).toContain(
      t('automation.triggers.customer_message'),
    );
    await page.getByTestId('add-condition').click();
    await pickMenuItem(page, t('automation.conditionTypes.message_text'));
    const words = page.locator('#automation_conditions_0_words');
    for (const word of WORDS) {
      await words.fill(word);
      await words.press('Enter');
    }
    // …then to the second team, with the VIP tag.
    await page.getByTestId('add-action').click();
    await pickMenuItem(page, t('steps.types.assign_team'));
    await choose(page, 'automation_actions_0_teamId', TEAM);
    await page.getByTestId('add-action').click();
    await pickMenuItem(page, t('steps.types.add_tag'));
    await choose(page, 'automation_actions_1_tagId', VIP);
    await expect.poll(() => form.locator('.ant-form-item-explain-error').count()).toBe(0);

    // Tested before saving: an issue number that does not exist, then the past issue it would not fire on.
    const issueInput = page.getByLabel(t('automation.test.issue'));
    await issueInput.fill('999999999');
    await page.getByTestId('rule-test-run').click();
    await page.getByTestId('rule-test-problem').getByText(t('errors.issue.not_found')).waitFor();
    await issueInput.fill(String(pastIssueId));
    await page.getByTestId('rule-test-run').click();
    const outcome = page.getByTestId('rule-test-outcome');
    await outcome.waitFor();
    expect(await outcome.getAttribute('data-fires')).toBe('false');
    await outcome.getByText(t('automation.test.wouldNotFire', { id: pastIssueId })).waitFor();
    const check = outcome.getByTestId('rule-test-check');
    expect(await check.getAttribute('data-holds')).toBe('false');
    expect(await check.innerText()).toContain(t('automation.conditions.messageText', { words: wordsText }));
    expect(await check.innerText()).toContain(
      t('automation.test.issueHas', {
        actual: t('automation.test.latestMessage', { text: 'Hello, where is my parcel?' }),
      }),
    );
    await outcome.scrollIntoViewIfNeeded();
    await snap(page, `automation-test-desktop-${lang}`);

    await page.getByTestId('rule-save').click();
    await noticeShows(page, lang, 'automation.created');
    await form.waitFor({ state: 'detached' });
    const row = tableRow(page, RULE);
    await row.waitFor();
    expect(await row.getByTestId('rule-summary').innerText()).toBe(
      t('automation.summary.sentence', {
        when: t('automation.when.customer_message'),
        conditions: t('automation.conditions.messageText', { words: wordsText }),
        actions: [
          t('automation.actions.assign_team', { team: TEAM }),
          t('automation.actions.add_tag', { tag: VIP }),
        ].join(` ${t('automation.summary.and')} `),
      }),
    );
    const saved = (await admin.call<Rule[]>('GET', '/automation-rules')).find((rule) => rule.name === RULE);
    expect(saved).toMatchObject({
      isActive: true,
      when: { trigger: 'customer_message' },
      conditions: [{ type: 'message_text', words: WORDS }],
      actions: [
        { type: 'assign_team', teamId },
        { type: 'add_tag', tagId: vipTagId },
      ],
    });
    await snap(page, `automation-list-desktop-${lang}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  // Once, in English: the inputs do not depend on the language (no test is defined, rather than skipped, in Thai).
  if (lang === 'en')
    it('offers the inputs of every kind of trigger, condition and action', async () => {
      const { context, page, errors } = await openSignedIn(
        browser(),
        ADMIN,
        lang,
        'desktop',
        `/setting/automation?lang=${lang}`,
      );
      await page.getByTestId('add-automation-rule').click();
      const form = page.getByTestId('rule-form');
      await form.waitFor();
      await choose(page, 'automation_trigger', t('automation.triggers.idle'));
      await page.locator('#automation_idleMinutes').waitFor();
      for (const type of [
        'channel',
        'team',
        'status',
        'tag',
        'contact',
        'business_hours',
        'first_issue',
      ] as const) {
        await page.getByTestId('add-condition').click();
        await pickMenuItem(page, t(`automation.conditionTypes.${type}`));
      }
      for (const type of [
        'assign_agent',
        'auto_assign',
        'remove_tag',
        'send_canned',
        'set_status',
        'add_note',
        'notify',
        'close_after_inactivity',
      ] as const) {
        await page.getByTestId('add-action').click();
        await pickMenuItem(page, t(`steps.types.${type}`));
      }
      // Saving asks for what each of them needs; nothing is sent.
      await page.locator('#automation_name').fill(`Every kind ${suffix}`);
      await page.getByTestId('rule-save').click();
      await expectMessage(form, t('automation.form.channelsRequired'));
      await expectMessage(form, t('steps.agentRequired'));
      await expectMessage(form, t('automation.form.notifyTextRequired'));
      await expectMessage(form, t('steps.cannedRequired'));
      for (const [section, name] of [
        ['rule-when', 'when'],
        ['rule-if', 'if'],
        ['rule-then', 'then'],
      ] as const) {
        await page.getByTestId(section).scrollIntoViewIfNeeded();
        await snap(page, `automation-form-${name}-desktop-en`);
      }
      await page.getByTestId('rule-actions').getByTestId('rule-action').last().scrollIntoViewIfNeeded();
      await snap(page, `automation-form-actions-end-desktop-en`);
      await form.getByRole('button', { name: t('common.cancel') }).click();
      await form.waitFor({ state: 'detached' });
      expect(await ruleNames()).not.toContain(`Every kind ${suffix}`);
      expect(errors).toEqual([]);
      await context.close();
    });

  it('acts on the customer’s message: the team, the tag and the rule’s line in the chat on a phone', async () => {
    const customer = await newLineCustomer(lang === 'en' ? 'Khun Bulk' : 'คุณค้าส่ง');
    await customer.says(CUSTOMER_SAYS);
    issueId = await issueOf(admin, customer.name);
    issues.push(issueId);
    await expect
      .poll(
        async () => {
          const issue = await admin.call<IssueDetail>('GET', `/issues/${issueId}`);
          return { teamId: issue.team?.id, tags: issue.tags.map((tag) => tag.name) };
        },
        { timeout: 20_000, interval: 500 },
      )
      .toEqual({ teamId, tags: [VIP] });

    const phone = await openSignedIn(
      browser(),
      ADMIN,
      lang,
      'phone',
      `/mobile/issue/chat?lang=${lang}&issueId=${issueId}`,
    );
    const ruleLine = trailLines(phone.page).filter({
      hasText: t('inbox.trail.ruleFired', {
        rule: RULE,
        steps: [t('inbox.trail.steps.assign_team'), t('inbox.trail.steps.add_tag')].join(', '),
      }),
    });
    await ruleLine.waitFor();
    expect(await ruleLine.getAttribute('data-kind')).toBe('rule_fired');
    // The changes it made name the rule where a person's name would be.
    const byRule = t('inbox.trail.ruleActor', { rule: RULE });
    await trailLines(phone.page)
      .filter({ hasText: t('inbox.trail.tagAdded', { actor: byRule, tag: VIP }) })
      .waitFor();
    await trailLines(phone.page)
      .filter({ hasText: t('inbox.trail.movedToTeam', { actor: byRule, team: TEAM }) })
      .waitFor();
    await ruleLine.scrollIntoViewIfNeeded();
    await snap(phone.page, `automation-trail-phone-${lang}`);
    expect(phone.errors).toEqual([]);
    await phone.context.close();

    if (lang === 'en') {
      const desk = await openSignedIn(
        browser(),
        ADMIN,
        lang,
        'desktop',
        `/issue/inbox?lang=${lang}&issueId=${issueId}`,
      );
      await liveOpen(desk.page);
      await desk.page.locator('[data-testid="activity-line"][data-kind="rule_fired"]').waitFor();
      await snap(desk.page, 'automation-trail-desktop-en');
      expect(desk.errors).toEqual([]);
      await desk.context.close();
    }
  });

  it('tests the rule on the issue it acted on, duplicates, moves and deletes rules', async () => {
    const [greeting, night] = [`Greeting ${lang} ${suffix}`, `Night note ${lang} ${suffix}`];
    const { context, page, errors } = await openSignedIn(
      browser(),
      ADMIN,
      lang,
      'desktop',
      `/setting/automation?lang=${lang}`,
    );
    const row = tableRow(page, RULE);
    await row.waitFor();
    // It ran once in the last 30 days.
    expect(await row.getByTestId('rule-firings').innerText()).toMatch(/^1\n/);

    // On the issue it acted on, it would fire: the message holds one of its words.
    await row.getByRole('button', { name: t('list.edit'), exact: true }).click();
    const form = page.getByTestId('rule-form');
    await form.waitFor();
    await page.getByLabel(t('automation.test.issue')).fill(String(issueId));
    await page.getByTestId('rule-test-run').click();
    const outcome = page.getByTestId('rule-test-outcome');
    await outcome.getByText(t('automation.test.wouldFire', { id: issueId })).waitFor();
    expect(await outcome.getByTestId('rule-test-check').getAttribute('data-holds')).toBe('true');
    expect(await outcome.innerText()).toContain(
      t('automation.test.matchedWord', { text: lang === 'en' ? 'wholesale' : 'ขายส่ง' }),
    );
    await outcome.scrollIntoViewIfNeeded();
    await snap(page, `automation-test-fires-desktop-${lang}`);
    await form.getByRole('button', { name: t('common.cancel') }).click();
    await form.waitFor({ state: 'detached' });

    // A copy: last, switched off, named "(copy)"; deleted after the confirmation.
    await tableRow(page, greeting)
      .getByRole('button', { name: t('automation.duplicate'), exact: true })
      .click();
    await noticeShows(page, lang, 'automation.duplicated');
    const copyName = `${greeting} (copy)`;
    const copy = tableRow(page, copyName);
    await copy.waitFor();
    expect(await copy.getByTestId('rule-active-switch').getAttribute('aria-checked')).toBe('false');
    expect((await ruleNames()).at(-1)).toBe(copyName);
    await deleteRule(page, lang, copyName, `automation-delete-confirm-desktop-${lang}`);

    // The new rule (last) moves up past the night note: the server keeps the order.
    const before = await ruleNames();
    expect(before.slice(-3)).toEqual([greeting, night, RULE]);
    await row.getByTestId('rule-move-up').click();
    await noticeShows(page, lang, 'automation.moved');
    await expect.poll(async () => (await ruleNames()).slice(-3)).toEqual([greeting, RULE, night]);
    const shownOrder = () =>
      page
        .locator('.ant-table-row .rule-table__name')
        .evaluateAll((names) => names.map((n) => n.textContent ?? ''));
    await expect.poll(async () => (await shownOrder()).slice(-3)).toEqual([greeting, RULE, night]);
    await snap(page, `automation-moved-desktop-${lang}`);

    // Switched off from the list, then deleted, as are the run's other rules (the next run builds its own).
    const active = row.getByTestId('rule-active-switch');
    await active.click();
    await noticeShows(page, lang, 'automation.deactivated');
    await expect.poll(() => active.getAttribute('aria-checked')).toBe('false');
    for (const name of [RULE, greeting, night]) await deleteRule(page, lang, name);
    expect((await ruleNames()).filter((name) => name.includes(suffix))).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  });
});
