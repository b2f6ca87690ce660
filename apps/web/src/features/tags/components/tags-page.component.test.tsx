import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { routes } from '@sabai/contracts';
import { expectAccessible } from '../../../test/accessibility';
import { answer, hold, refuse, type Fixture } from '../../../test/network';
import { renderScreen, text } from '../../../test/render-screen';
import * as tagsPage from './tags-page';

const TEAM = { id: '7d4f8f3e-54f8-4a11-9d3e-6c1b5c0e2b10', name: 'Customer Care', managerUserId: null };
const EMPTY: Fixture<typeof routes.tags.list> = { items: [], total: 0, page: 1, pageSize: 20 };

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

  it('names every required field, a malformed colour, and the server’s refusal of a taken name', async () => {
    answer(routes.tags.list, EMPTY);
    answer(routes.teams.options, [TEAM]);
    const create = refuse(routes.tags.create, 409, 'tag.name_exists');
    const { user } = await renderScreen(tagsPage, { path: '/setting/tag', lang: 'th' });
    await user.click(await screen.findByTestId('add-tag'));
    const form = await screen.findByTestId('tag-form');
    const name = within(form).getByRole('textbox', { name: text('tags.form.name') });
    await user.type(name, '   ');
    await user.click(screen.getByTestId('tag-save'));
    await within(form).findByText(text('tags.form.nameRequired'));
    await within(form).findByText(text('tags.form.teamRequired'));
    await expectAccessible(form);
    expect(create).toHaveLength(0);

    const colour = screen.getByTestId('tag-colour');
    await user.clear(colour);
    await user.type(colour, '#12a1');
    await within(form).findByText(text('tags.form.colourInvalid'));
    await user.clear(colour);
    await within(form).findByText(text('tags.form.colourRequired'));
    await user.type(colour, '#12a150');

    await user.clear(name);
    await user.type(name, 'VIP');
    await user.click(within(form).getByRole('combobox', { name: text('tags.form.team') }));
    const listbox = await screen.findByRole('listbox');
    const dropdown = listbox.closest<HTMLElement>('.ant-select-dropdown') ?? listbox;
    await user.click(within(dropdown).getByTitle(TEAM.name));
    await user.click(screen.getByTestId('tag-save'));
    await within(form).findByText(text('errors.tag.name_exists'));
    expect(create[0]?.body).toEqual({ name: 'VIP', colour: '#12a150', teamId: TEAM.id });
  });
});
