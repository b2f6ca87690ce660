import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { routes } from '@sabai/contracts';
import { expectAccessible } from '../../../test/accessibility';
import { answer, hold, refuse, type Fixture } from '../../../test/network';
import { renderScreen, text } from '../../../test/render-screen';
import { expectRetrievalFailure, expectSpinner, retry } from '../../../test/states';
import * as page from './auto-assignment-page';

const EMPTY: Fixture<typeof routes.autoAssignment.list> = { items: [], total: 0, page: 1, pageSize: 20 };

/** What the screen reads besides its list. */
function answerTheRest() {}

const open = () => renderScreen(page, { path: '/setting/auto-assignment', lang: 'en' });

describe('auto-assignment settings (en)', () => {
  it('shows a spinner while the list loads', async () => {
    hold(routes.autoAssignment.list);
    answerTheRest();
    const { container } = await open();
    await screen.findByTestId('auto-assignment-page');
    expectSpinner(container);
    await expectAccessible(container);
  });

  it('shows the empty state', async () => {
    answer(routes.autoAssignment.list, EMPTY);
    answerTheRest();
    const { container } = await open();
    await screen.findByText(text('autoAssignment.empty'));
    await expectAccessible(container);
  });

  it('shows the retrieval failure, and Try again reloads the list', async () => {
    refuse(routes.autoAssignment.list, 404, 'not_found');
    answerTheRest();
    const { container, user } = await open();
    await expectRetrievalFailure('notices.retrieve.auto_assignment');
    await expectAccessible(container);
    answer(routes.autoAssignment.list, EMPTY);
    await retry(user);
    await screen.findByText(text('autoAssignment.empty'));
    expect(screen.queryByText(text('common.error.retrieve'))).toBeNull();
  });

  it('says why a change was refused and keeps the mode as it was', async () => {
    answer(routes.autoAssignment.list, {
      items: [
        {
          teamId: 'c0ffee00-0000-4000-8000-000000000001',
          teamName: 'Customer Care',
          mode: 'manual',
          method: 'round_robin',
          memberCount: 3,
          availableNow: 2,
          waitingIssues: 0,
          canUpdate: true,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    });
    const update = refuse(routes.autoAssignment.update, 404, 'team.not_found');
    const { container, user } = await open();
    const modes = await screen.findByRole('radiogroup', {
      name: text('autoAssignment.modeOf', { team: 'Customer Care' }),
    });
    await user.click(within(modes).getByText(text('autoAssignment.modes.auto')));
    await screen.findByText(text('errors.team.not_found'));
    expect(update).toHaveLength(1);
    expect(update[0]?.body).toEqual({ mode: 'auto', method: 'round_robin' });
    const manual = within(modes).getByRole('radio', { name: text('autoAssignment.modes.manual') });
    expect((manual as HTMLInputElement).checked).toBe(true);
    await expectAccessible(container);
  });
});
