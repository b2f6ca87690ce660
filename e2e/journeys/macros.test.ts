// Macros and bulk actions. The manager builds the shared macro "Wholesale follow-up" on the
// canned responses screen's Macros tab (add the tag VIP, send the canned response "Delivery time", set the
// status Resolved; first refused without a name or a step, and with a step reordered). Three LINE customers
// write, their issues given to Somsak Staff; the manager ticks the three cards in the inbox and runs the
// macro: the results show three ✓, and the cards carry the tag and Resolved, the customers got the message.
// A bulk Close (confirmed first) closes one of them; a bulk "Add tag" on it and another then shows one ✓ and
// one ✗ with the translated reason; Assign asks for an agent, and a Transfer is confirmed first (and called
// off there). On a phone, Somsak opens one of his issues and runs the macro from the chat: his role may not
// change statuses, so the notice lists that step as skipped with its reason. At the end the manager deletes
// the macro after the confirmation. In English; then a staff member sees a shared macro
// read-only and keeps one of their own, and the list's retrieval failure offers a retry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from '../support/stack';
import type { Locator, Page } from 'playwright-core';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession, type ApiSession } from '../support/api';
import type { Locale } from '../support/browser';
import { assignedLineCustomer, userIdOf } from '../support/customers';
import { DEMO_PASSWORD } from '../support/demo';
import { openSignedIn, useBrowser } from '../support/journey';
import {
  choose,
  confirmDialog,
  expectMessage,
  noticeShows,
  openFromMenu,
  snap,
  tableRow,
} from '../support/settings';
import { text } from '../support/texts';
import { savePicture } from '../support/pictures';

const browser = useBrowser();
const MANAGER = 'manager@demo.local';
const STAFF = 'staff@demo.local';
const MACRO = 'Wholesale follow-up';
const TAG = 'VIP';
const OTHER_TAG = 'Refund';
const CANNED = 'Delivery time';
const TEAM = 'Customer Care';
const CANNED_TEXT = 'Delivery takes 1–3 business days.';

type Customer = Awaited<ReturnType<typeof assignedLineCustomer>>;

let admin: ApiSession;
let staffId = '';

beforeAll(async () => {
  admin = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
  staffId = await userIdOf(STAFF);
});

// A macro left by a failed run would refuse the next run's name.
afterAll(async () => {
  try {
    const macros = await admin.call<Array<{ id: string; name: string }>>('GET', '/macros');
    for (const macro of macros.filter((m) => m.name === MACRO))
      await admin.call('DELETE', `/macros/${macro.id}`);
  } finally {
    await admin.dispose();
  }
});

const card = (page: Page, name: string) => page.getByTestId('issue-card').filter({ hasText: name });
const pickRow = (page: Page, name: string) => page.locator('.issue-pick', { hasText: name });
const chatMessage = (page: Page, body: string) =>
  page.getByTestId('chat-pane').getByTestId('message').filter({ hasText: body });
const results = (page: Page): Locator => page.locator('.bulk-results');

/** A screenshot with the notices showing (`snap` hides them), for a notice worth looking at. */
async function snapWithNotice(page: Page, name: string): Promise<void> {
  await savePicture(page, name, { fullPage: false });
}

/** Shows only the issues of the customers whose names start with `label`. */
async function searchFor(page: Page, label: string, count: number): Promise<void> {
  await page.getByTestId('issue-search').locator('input').fill(label);
  await expect.poll(() => page.getByTestId('issue-card').count(), { timeout: 15_000 }).toBe(count);
}

const lang = 'en' as Locale;
describe('macros in en', () => {
  const t = (key: TranslationKey, values?: Record<string, string | number>) => text(lang, key, values);
  const label = `Wholesale ${lang}`;
  const customers: Customer[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 3; i++) customers.push(await assignedLineCustomer(admin, staffId, label));
  });

  it('builds a shared macro and runs it on three selected issues, then acts on a selection in bulk', async () => {
    const { page, errors } = await openSignedIn(browser(), MANAGER, lang);
    await openFromMenu(page, lang, 'nav.cannedResponses', '/setting/canned-response', 'canned-page');
    await page.getByTestId('macros-tab').click();
    await page.getByTestId('macro-table').waitFor();

    // The editor: refused without a name or a step, a step refused without its choice.
    await page.getByTestId('add-macro').click();
    const form = page.getByTestId('macro-form');
    await form.waitFor();
    await page.getByTestId('macro-save').click();
    await expectMessage(form, t('canned.macros.form.nameRequired'));
    await expectMessage(form, t('canned.macros.form.stepsRequired'));
    const addStep = async (type: string) => {
      await page.getByTestId('add-step').click();
      await page.getByTestId(`add-step-${type}`).click();
    };
    await addStep('add_tag');
    await page.getByTestId('macro-save').click();
    await expectMessage(form, t('steps.tagRequired'));
    await snap(page, `macros-form-invalid-desktop-${lang}`);

    // Add the tag, set the status, send the canned response; then the response moves before the status.
    await page.locator('#macro_name').fill(MACRO);
    expect(await form.getByRole('radio', { name: t('canned.macros.form.shared') }).isChecked()).toBe(true);
    await choose(page, 'macro_actions_0_tagId', TAG);
    await addStep('set_status');
    await choose(page, 'macro_actions_1_status', t('issue.status.resolved'));
    await addStep('send_canned');
    await choose(page, 'macro_actions_2_cannedResponseId', CANNED);
    await page.getByRole('button', { name: t('canned.macros.form.moveStepUp', { number: 3 }) }).click();
    const stepTypes = () =>
      page
        .getByTestId('macro-step')
        .evaluateAll((steps) => steps.map((step) => step.getAttribute('data-type')));
    expect(await stepTypes()).toEqual(['add_tag', 'send_canned', 'set_status']);
    await snap(page, `macros-form-desktop-${lang}`);
    await page.getByTestId('macro-save').click();
    await noticeShows(page, lang, 'canned.macros.created');
    const row = tableRow(page, MACRO);
    await row.getByText(t('canned.macros.shared')).waitFor();
    await expect
      .poll(() => row.getByTestId('macro-steps').innerText())
      .toContain(t('canned.macros.stepSummary.send_canned', { canned: CANNED }));
    await snap(page, `macros-list-desktop-${lang}`);

    // The three issues ticked at once in the inbox.
    await page.goto(`/issue/inbox?lang=${lang}`);
    await page.getByTestId('issue-list').waitFor();
    await searchFor(page, label, 3);
    await page.getByTestId('select-mode').click();
    await page.getByTestId('bulk-bar').waitFor();
    await page.getByTestId('select-all').click();
    await page
      .getByTestId('selected-count')
      .getByText(t('inbox.bulk.count', { count: 3 }))
      .waitFor();
    await snap(page, `macros-selected-desktop-${lang}`);

    // The macro on the three: three ✓.
    await page.getByTestId('bulk-macro').click();
    const picker = page.locator('.macro-picker');
    await picker.getByTestId('macro-option').filter({ hasText: MACRO }).click();
    await picker.getByRole('button', { name: t('inbox.macros.runOk') }).click();
    await results(page).getByTestId('bulk-result').first().waitFor();
    expect(await results(page).locator('[data-testid="bulk-result"][data-ok="true"]').count()).toBe(3);
    await results(page)
      .getByText(t('inbox.bulk.results.summary', { done: 3, failed: 0 }))
      .waitFor();
    await snap(page, `macros-results-desktop-${lang}`);
    await page.getByTestId('bulk-results-close').click();
    await page
      .getByTestId('selected-count')
      .getByText(t('inbox.bulk.count', { count: 0 }))
      .waitFor();

    // Each issue has the tag and is resolved; each customer got the canned response.
    for (const customer of customers) {
      await card(page, customer.name).getByText(TAG, { exact: true }).waitFor();
      await card(page, customer.name).locator('[data-status="resolved"]').waitFor();
      await expect
        .poll(async () => (await customer.received()).join('\n'), { timeout: 15_000 })
        .toContain(CANNED_TEXT);
    }
    await page.getByTestId('select-done').click();
    await card(page, customers[0]!.name).click();
    await chatMessage(page, CANNED_TEXT).waitFor();
    await page.getByTestId('chat-pane').locator('[data-status="resolved"]').first().waitFor();
    await snap(page, `macros-chat-desktop-${lang}`);

    // A bulk Close, confirmed first, of the first issue.
    const [first, second] = customers as [Customer, Customer];
    await page.getByTestId('select-mode').click();
    await pickRow(page, first.name).getByTestId('issue-select').click();
    await page.getByTestId('bulk-status').click();
    await page.getByTestId('bulk-status-close').click();
    await confirmDialog(
      page,
      t('inbox.bulk.confirmClose.title', { count: 1 }),
      t('inbox.bulk.confirmClose.ok'),
      `macros-confirm-close-desktop-${lang}`,
    );
    await results(page).locator('[data-testid="bulk-result"][data-ok="true"]').waitFor();
    await page.getByTestId('bulk-results-close').click();
    await card(page, first.name).locator('[data-status="close"]').waitFor();

    // "Add tag" on the closed issue and another: one ✓, one ✗ with the reason.
    await pickRow(page, first.name).getByTestId('issue-select').click();
    await pickRow(page, second.name).getByTestId('issue-select').click();
    await page
      .getByTestId('selected-count')
      .getByText(t('inbox.bulk.count', { count: 2 }))
      .waitFor();
    await page.getByTestId('bulk-tag').click();
    await choose(page, 'bulk-tag_tagId', OTHER_TAG);
    await page
      .locator('.bulk-dialog')
      .getByRole('button', { name: t('inbox.bulk.addTag') })
      .click();
    const refused = results(page).locator(`[data-testid="bulk-result"][data-issue-id="${first.issueId}"]`);
    await refused.waitFor();
    expect(await refused.getAttribute('data-ok')).toBe('false');
    expect(await refused.innerText()).toContain(t('errors.issue.closed'));
    const done = results(page).locator(`[data-testid="bulk-result"][data-issue-id="${second.issueId}"]`);
    expect(await done.getAttribute('data-ok')).toBe('true');
    await results(page)
      .getByText(t('inbox.bulk.results.summary', { done: 1, failed: 1 }))
      .waitFor();
    await snap(page, `macros-results-refused-desktop-${lang}`);
    await page.getByTestId('bulk-results-close').click();
    await card(page, second.name).getByText(OTHER_TAG, { exact: true }).waitFor();
    expect(await card(page, first.name).getByText(OTHER_TAG, { exact: true }).count()).toBe(0);

    // Assign asks for an agent; a transfer, once its team is chosen, is confirmed before anything moves.
    await pickRow(page, second.name).getByTestId('issue-select').click();
    await page.getByTestId('bulk-assign').click();
    const assignDialog = page.locator('.bulk-dialog', { hasText: t('inbox.bulk.assignTitle', { count: 1 }) });
    await assignDialog.getByRole('button', { name: t('inbox.bulk.assign') }).click();
    await expectMessage(assignDialog, t('inbox.actions.agentRequired'));
    await snap(page, `macros-bulk-assign-desktop-${lang}`);
    await assignDialog.getByRole('button', { name: t('inbox.actions.cancel') }).click();
    await assignDialog.waitFor({ state: 'hidden' });
    await page.getByTestId('bulk-transfer').click();
    const transferDialog = page.locator('.bulk-dialog', {
      hasText: t('inbox.bulk.transferTitle', { count: 1 }),
    });
    await choose(page, 'bulk-transfer_teamId', TEAM);
    await transferDialog.getByRole('button', { name: t('inbox.bulk.transfer') }).click();
    const confirmation = page.locator('.settings-confirm');
    await confirmation
      .locator('.ant-modal-confirm-title', {
        hasText: t('inbox.bulk.confirmTransfer.title', { count: 1, team: TEAM }),
      })
      .waitFor();
    await snap(page, `macros-confirm-transfer-desktop-${lang}`);
    await confirmation.getByRole('button', { name: t('common.cancel') }).click();
    await transferDialog.getByRole('button', { name: t('inbox.actions.cancel') }).click();
    await card(page, second.name).locator('[data-status="resolved"]').waitFor();
    expect(errors).toEqual([]);
  });

  it('runs the macro from the chat on a phone, and says which step the agent’s role skipped', async () => {
    const customer = await assignedLineCustomer(admin, staffId, `Phone ${lang}`);
    const { page, errors } = await openSignedIn(browser(), STAFF, lang, 'phone');
    await page.getByTestId('mobile-inbox-page').waitFor();
    await searchFor(page, customer.name, 1);

    // The list has "Select" on a phone too; staff may tag and run macros, not assign or change statuses.
    await page.getByTestId('select-mode').click();
    await page.getByTestId('bulk-bar').waitFor();
    await pickRow(page, customer.name).getByTestId('issue-select').click();
    expect(await page.getByTestId('bulk-assign').count()).toBe(0);
    expect(await page.getByTestId('bulk-status').count()).toBe(0);
    await snap(page, `macros-select-phone-${lang}`);
    await page.getByTestId('select-done').click();

    await card(page, customer.name).click();
    await page.getByTestId('mobile-chat-page').waitFor();
    await page.getByTestId('run-macro').click();
    const picker = page.locator('.macro-picker');
    await picker.getByTestId('macro-option').filter({ hasText: MACRO }).click();
    await snap(page, `macros-picker-phone-${lang}`);
    await picker.getByRole('button', { name: t('inbox.macros.runOk') }).click();
    // Every step in the order it ran, the skipped one with its reason (the catalogue's, its full stop left out).
    const reason = t('errors.issue.status.staff_cannot_change').replace(/[.。]\s*$/, '');
    const steps = [
      t('inbox.trail.steps.add_tag'),
      t('inbox.trail.steps.send_canned'),
      t('inbox.trail.stepSkipped', { step: t('inbox.trail.steps.set_status'), reason }),
    ].join(', ');
    const notice = t('inbox.macros.ranWithSkips', { name: MACRO, id: customer.issueId, steps });
    await page.locator('.ant-message').getByText(notice).waitFor();
    await snapWithNotice(page, `macros-chat-notice-phone-${lang}`);
    await chatMessage(page, CANNED_TEXT).waitFor();
    await expect
      .poll(async () => (await customer.received()).join('\n'), { timeout: 15_000 })
      .toContain(CANNED_TEXT);
    await page.getByTestId('show-info').click();
    await page.getByTestId('info-sheet').getByText(TAG, { exact: true }).waitFor();
    expect(errors).toEqual([]);
  });

  it('deletes the macro after the confirmation', async () => {
    const { page, errors } = await openSignedIn(
      browser(),
      MANAGER,
      lang,
      'desktop',
      `/setting/canned-response?lang=${lang}&tab=macros`,
    );
    await tableRow(page, MACRO).waitFor();
    await tableRow(page, MACRO)
      .getByRole('button', { name: t('list.delete'), exact: true })
      .click();
    await confirmDialog(
      page,
      t('canned.macros.deleteConfirm.title', { name: MACRO }),
      t('canned.macros.deleteConfirm.ok'),
      `macros-delete-confirm-desktop-${lang}`,
    );
    await noticeShows(page, lang, 'canned.macros.deleted');
    await tableRow(page, MACRO).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});

describe('macros for a staff member (scope myCanned)', () => {
  it('shows shared macros read-only and keeps theirs personal', async () => {
    const tags = await admin.call<Array<{ id: string; name: string }>>('GET', '/tags/options');
    await admin.call('POST', '/macros', {
      name: MACRO,
      isShared: true,
      actions: [{ type: 'add_tag', tagId: tags.find((tag) => tag.name === TAG)!.id }],
    });
    const { page, errors } = await openSignedIn(
      browser(),
      STAFF,
      'en',
      'desktop',
      '/setting/canned-response?lang=en&tab=macros',
    );
    await tableRow(page, MACRO).waitFor();
    expect(await tableRow(page, MACRO).getByRole('button', { name: 'Delete' }).count()).toBe(0);

    // Their own: sharing with everyone is not theirs to choose.
    const name = `Call back ${Date.now() % 100_000}`;
    await page.getByTestId('add-macro').click();
    const form = page.getByTestId('macro-form');
    await form.waitFor();
    expect(
      await form.getByRole('radio', { name: text('en', 'canned.macros.form.shared') }).isDisabled(),
    ).toBe(true);
    await form.getByText(text('en', 'canned.macros.form.sharingHint')).waitFor();
    await page.locator('#macro_name').fill(name);
    await page.getByTestId('add-step').click();
    await page.getByTestId('add-step-add_note').click();
    await page.locator('#macro_actions_0_text').fill('Call the customer back on Monday.');
    await page.getByTestId('macro-save').click();
    await noticeShows(page, 'en', 'canned.macros.created');
    await tableRow(page, name).getByText(text('en', 'canned.macros.ownedByYou')).waitFor();
    await snap(page, 'macros-staff-desktop-en');
    await tableRow(page, name).getByRole('button', { name: 'Delete', exact: true }).click();
    await confirmDialog(page, text('en', 'canned.macros.deleteConfirm.title', { name }), 'Delete');
    await noticeShows(page, 'en', 'canned.macros.deleted');
    expect(errors).toEqual([]);
  });
});
