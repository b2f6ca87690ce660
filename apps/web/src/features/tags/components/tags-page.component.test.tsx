import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { routes } from '@sabai/contracts';
import { expectAccessible } from '../../../test/accessibility';
import { answer, hold, refuse } from '../../../test/network';
import { renderScreen, text } from '../../../test/render-screen';
import * as tagsPage from './tags-page';

const TEAM = { id: '7d4f8f3e-54f8-4a11-9d3e-6c1b5c0e2b10', name: 'Customer Care', managerUserId: null };
const EMPTY = { items: [], total: 0, page: 1, pageSize: 20 };

describe('tag settings (th)', () => {
  it('shows a spinner while the tags load', async () => {
    hold(routes.tags.list);
    answer(routes.teams.options, [TEAM]);
    const { container } = await renderScreen(tagsPage, { path: '/setting/tag', lang: 'th' });
    await screen.findByTestId('tags-page');
    expect(container.querySelector('.ant-spin-spinning')).not.toBeNull();
    await expectAccessible(container);
  });

  it('shows the empty state with its way to the first tag', async () => {
    answer(routes.tags.list, EMPTY);
    answer(routes.teams.options, [TEAM]);
    const { container } = await renderScreen(tagsPage, { path: '/setting/tag', lang: 'th' });
    await screen.findByText(text('tags.empty'));
    await expectAccessible(container);
  });

  it('shows the retrieval failure, and Try again reloads the list', async () => {
    refuse(routes.tags.list, 404, 'not_found');
    answer(routes.teams.options, [TEAM]);
    const { container, user } = await renderScreen(tagsPage, { path: '/setting/tag', lang: 'th' });
    await screen.findByText(text('notices.retrieve.tags'));
    await screen.findByText(text('common.error.retrieve'));
    await expectAccessible(container);
    answer(routes.tags.list, EMPTY);
    await user.click(screen.getByRole('button', { name: text('common.retry') }));
    await screen.findByText(text('tags.empty'));
  });
});
