import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { routes } from '@sabai/contracts';
import { expectAccessible } from '../../../test/accessibility';
import { answer, hold, refuse, type Fixture } from '../../../test/network';
import { renderScreen, text } from '../../../test/render-screen';
import { expectRetrievalFailure, expectSpinner, retry } from '../../../test/states';
import * as page from './channels-page';

const EMPTY: Fixture<typeof routes.channels.list> = [];

/** What the screen reads besides its list. */
function answerTheRest() {
  answer(routes.organizationSettings.get, { fileLinkExpiryDays: 7 });
  answer(routes.teams.options, [
    { id: 'b3c1f0de-6a1e-4a5c-9a57-0d2e3f4a5b6c', name: 'Customer Care', managerUserId: null },
  ]);
}

const open = () => renderScreen(page, { path: '/setting/channel', lang: 'th' });

describe('channel settings (th)', () => {
  it('shows a spinner while the list loads', async () => {
    hold(routes.channels.list);
    answerTheRest();
    const { container } = await open();
    await screen.findByTestId('channels-page');
    expectSpinner(container);
    await expectAccessible(container);
  });

  it('shows the empty state with its way to add a channel', async () => {
    answer(routes.channels.list, EMPTY);
    answerTheRest();
    const { container, user } = await open();
    await screen.findByText(text('channels.empty'));
    await expectAccessible(container);
    // The empty state offers the way to add one.
    const table = screen.getByTestId('channel-table');
    await user.click(within(table).getByRole('button', { name: text('channels.add') }));
    await screen.findByTestId('choose-line');
  });

  it('shows the retrieval failure, and Try again reloads the list', async () => {
    refuse(routes.channels.list, 404, 'not_found');
    answerTheRest();
    const { container, user } = await open();
    await expectRetrievalFailure('notices.retrieve.channels');
    await expectAccessible(container);
    answer(routes.channels.list, EMPTY);
    await retry(user);
    await screen.findByText(text('channels.empty'));
    expect(screen.queryByText(text('common.error.retrieve'))).toBeNull();
  });
});
