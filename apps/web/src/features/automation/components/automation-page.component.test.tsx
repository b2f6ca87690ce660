import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { routes } from '@sabai/contracts';
import { expectAccessible } from '../../../test/accessibility';
import { answer, hold, refuse, type Fixture } from '../../../test/network';
import { renderScreen, text } from '../../../test/render-screen';
import { expectRetrievalFailure, expectSpinner, retry } from '../../../test/states';
import * as page from './automation-page';

const EMPTY: Fixture<typeof routes.automation.list> = [];

/** What the screen reads besides its list. */
function answerTheRest() {
  answer(routes.channels.list, []);
  answer(routes.tags.options, []);
  answer(routes.teams.memberOptions, []);
  answer(routes.teams.options, [
    { id: 'b3c1f0de-6a1e-4a5c-9a57-0d2e3f4a5b6c', name: 'Customer Care', managerUserId: null },
  ]);
}

const open = () => renderScreen(page, { path: '/setting/automation', lang: 'th' });

describe('automation rules (th)', () => {
  it('shows a spinner while the list loads', async () => {
    hold(routes.automation.list);
    answerTheRest();
    const { container } = await open();
    await screen.findByTestId('automation-page');
    expectSpinner(container);
    await expectAccessible(container);
  });

  it('shows the empty state', async () => {
    answer(routes.automation.list, EMPTY);
    answerTheRest();
    const { container } = await open();
    await screen.findByText(text('automation.empty'));
    // The empty state offers the first rule.
    within(screen.getByTestId('rule-table')).getByRole('button', { name: text('automation.add') });
    await expectAccessible(container);
  });

  it('shows the retrieval failure, and Try again reloads the list', async () => {
    refuse(routes.automation.list, 404, 'not_found');
    answerTheRest();
    const { container, user } = await open();
    await expectRetrievalFailure('notices.retrieve.automation_rules');
    await expectAccessible(container);
    answer(routes.automation.list, EMPTY);
    await retry(user);
    await screen.findByText(text('automation.empty'));
    expect(screen.queryByText(text('common.error.retrieve'))).toBeNull();
  });
});
