import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { routes } from '@sabai/contracts';
import { expectAccessible } from '../../../test/accessibility';
import { answer, hold, refuse, type Fixture } from '../../../test/network';
import { renderScreen, text } from '../../../test/render-screen';
import { expectRetrievalFailure, expectSpinner, retry } from '../../../test/states';
import * as page from './teams-page';

const EMPTY: Fixture<typeof routes.teams.list> = { items: [], total: 0, page: 1, pageSize: 20 };

/** What the screen reads besides its list. */
function answerTheRest() {
  answer(routes.timeOff.list, { items: [], total: 0, page: 1, pageSize: 20 });
}

const open = () => renderScreen(page, { path: '/setting/team', lang: 'en' });

describe('team settings (en)', () => {
  it('shows a spinner while the list loads', async () => {
    hold(routes.teams.list);
    answerTheRest();
    const { container } = await open();
    await screen.findByTestId('teams-page');
    expectSpinner(container);
    await expectAccessible(container);
  });

  it('shows the empty state', async () => {
    answer(routes.teams.list, EMPTY);
    answerTheRest();
    const { container } = await open();
    await screen.findByText(text('teams.empty'));
    await expectAccessible(container);
  });

  it('shows the retrieval failure, and Try again reloads the list', async () => {
    refuse(routes.teams.list, 404, 'not_found');
    answerTheRest();
    const { container, user } = await open();
    await expectRetrievalFailure('notices.retrieve.teams');
    await expectAccessible(container);
    answer(routes.teams.list, EMPTY);
    await retry(user);
    await screen.findByText(text('teams.empty'));
    expect(screen.queryByText(text('common.error.retrieve'))).toBeNull();
  });

  it('offers adding a team to an admin', async () => {
    answer(routes.teams.list, EMPTY);
    answerTheRest();
    await open();
    await screen.findByText(text('teams.empty'));
    expect(screen.getByTestId('add-team').textContent).toBe(text('teams.add'));
  });

  it('hides adding a team from a manager (team view and update only)', async () => {
    answer(routes.teams.list, EMPTY);
    answerTheRest();
    const { container } = await renderScreen(page, { path: '/setting/team', lang: 'en', role: 'Manager' });
    await screen.findByTestId('teams-page');
    await screen.findByText(text('teams.empty'));
    expect(screen.queryByTestId('add-team')).toBeNull();
    expect(screen.queryByRole('button', { name: text('teams.add') })).toBeNull();
    await expectAccessible(container);
  });
});
