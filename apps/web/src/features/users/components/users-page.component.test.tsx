import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { routes } from '@sabai/contracts';
import { expectAccessible } from '../../../test/accessibility';
import { answer, hold, refuse, type Fixture } from '../../../test/network';
import { renderScreen, text } from '../../../test/render-screen';
import { expectRetrievalFailure, expectSpinner, retry } from '../../../test/states';
import * as page from './users-page';

const EMPTY: Fixture<typeof routes.users.list> = { items: [], total: 0, page: 1, pageSize: 20 };

/** What the screen reads besides its list. */
function answerTheRest() {
  answer(routes.roles.list, []);
  answer(routes.teams.options, [
    { id: 'b3c1f0de-6a1e-4a5c-9a57-0d2e3f4a5b6c', name: 'Customer Care', managerUserId: null },
  ]);
}

const open = () => renderScreen(page, { path: '/setting/user', lang: 'th' });

describe('user settings (th)', () => {
  it('shows a spinner while the list loads', async () => {
    hold(routes.users.list);
    answerTheRest();
    const { container } = await open();
    await screen.findByTestId('users-page');
    expectSpinner(container);
    await expectAccessible(container);
  });

  it('shows the empty state', async () => {
    answer(routes.users.list, EMPTY);
    answerTheRest();
    const { container } = await open();
    await screen.findByText(text('users.empty'));
    await expectAccessible(container);
  });

  it('shows the retrieval failure, and Try again reloads the list', async () => {
    refuse(routes.users.list, 404, 'not_found');
    answerTheRest();
    const { container, user } = await open();
    await expectRetrievalFailure('notices.retrieve.users');
    await expectAccessible(container);
    answer(routes.users.list, EMPTY);
    await retry(user);
    await screen.findByText(text('users.empty'));
    expect(screen.queryByText(text('common.error.retrieve'))).toBeNull();
  });
});
