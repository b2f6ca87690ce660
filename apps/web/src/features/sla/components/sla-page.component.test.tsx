import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { routes } from '@sabai/contracts';
import { expectAccessible } from '../../../test/accessibility';
import { answer, hold, refuse, type Fixture } from '../../../test/network';
import { renderScreen, text } from '../../../test/render-screen';
import { expectRetrievalFailure, expectSpinner, retry } from '../../../test/states';
import * as page from './sla-page';

const EMPTY: Fixture<typeof routes.sla.list> = [];

/** What the screen reads besides its list. */
function answerTheRest() {
  answer(routes.channels.list, []);
  answer(routes.teams.options, [
    { id: 'b3c1f0de-6a1e-4a5c-9a57-0d2e3f4a5b6c', name: 'Customer Care', managerUserId: null },
  ]);
}

const open = () => renderScreen(page, { path: '/setting/sla', lang: 'th' });

describe('SLA policies (th)', () => {
  it('shows a spinner while the list loads', async () => {
    hold(routes.sla.list);
    answerTheRest();
    const { container } = await open();
    await screen.findByTestId('sla-page');
    expectSpinner(container);
    await expectAccessible(container);
  });

  it('shows the empty state', async () => {
    answer(routes.sla.list, EMPTY);
    answerTheRest();
    const { container } = await open();
    await screen.findByText(text('sla.empty'));
    // The empty state offers the first policy.
    within(screen.getByTestId('sla-table')).getByRole('button', { name: text('sla.add') });
    await expectAccessible(container);
  });

  it('shows the retrieval failure, and Try again reloads the list', async () => {
    refuse(routes.sla.list, 404, 'not_found');
    answerTheRest();
    const { container, user } = await open();
    await expectRetrievalFailure('notices.retrieve.sla_policies');
    await expectAccessible(container);
    answer(routes.sla.list, EMPTY);
    await retry(user);
    await screen.findByText(text('sla.empty'));
    expect(screen.queryByText(text('common.error.retrieve'))).toBeNull();
  });

  it('hides adding a policy from a manager', async () => {
    answer(routes.sla.list, EMPTY);
    answerTheRest();
    await renderScreen(page, { path: '/setting/sla', lang: 'th', role: 'Manager' });
    await screen.findByText(text('sla.empty'));
    expect(screen.queryByTestId('add-sla-policy')).toBeNull();
    expect(screen.queryByRole('button', { name: text('sla.add') })).toBeNull();
  });
});
